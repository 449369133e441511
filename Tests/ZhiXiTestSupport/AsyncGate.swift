import Testing

/// A gate a test holds calls at: each ``pass()`` waits until the test calls ``open()``, and
/// ``waitForArrivals(_:within:sourceLocation:)`` lets the test know a call is held, without
/// sleeping: the event, not the time, tells the test to go on.
///
/// Both waits are bounded. A call held longer than `holdLimit` seconds goes on without the
/// gate opening (a test that ended with a call held leaves no task behind forever); a test
/// waiting for arrivals that do not come records an issue after its own bound.
package actor AsyncGate {
    private var isOpen = false
    private var held: [Int: CheckedContinuation<Void, Never>] = [:]
    private var arrived = 0
    private var watchers: [Int: (count: Int, continuation: CheckedContinuation<Bool, Never>)] = [:]
    private var nextTicket = 0
    private let holdLimit: Double

    /// A closed gate that holds each call for at most `holdLimit` seconds (a guard against a
    /// test that never opens it: ``HangGuard/seconds`` unless given).
    package init(holdLimit: Double = HangGuard.seconds) {
        self.holdLimit = holdLimit
    }

    /// Calls that reached the gate so far.
    package var arrivals: Int { arrived }

    /// Waits until the gate is open (at once when it is), or `holdLimit` seconds at most.
    package func pass() async {
        arrived += 1
        for (ticket, watcher) in watchers where watcher.count <= arrived {
            watchers[ticket] = nil
            watcher.continuation.resume(returning: true)
        }
        guard !isOpen else { return }
        let ticket = takeTicket()
        let limit = holdLimit
        let timer = Task { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(limit * 1e9))
            await self?.release(ticket)
        }
        await withCheckedContinuation { held[ticket] = $0 }
        timer.cancel()
    }

    /// Opens the gate: every call held goes on, and later ones pass at once.
    package func open() {
        isOpen = true
        for continuation in held.values { continuation.resume() }
        held.removeAll()
    }

    /// Returns once `count` calls have reached the gate in all: `true`; or, when fewer have
    /// after `seconds`, records an issue at `sourceLocation` and returns `false`.
    @discardableResult
    package func waitForArrivals(
        _ count: Int, within seconds: Double = HangGuard.seconds, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        guard arrived < count else { return true }
        let ticket = takeTicket()
        let timer = Task { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            await self?.expire(ticket)
        }
        let reached = await withCheckedContinuation { watchers[ticket] = (count, $0) }
        timer.cancel()
        if !reached {
            Issue.record("\(arrived) of \(count) calls reached the gate within \(seconds) s", sourceLocation: sourceLocation)
        }
        return reached
    }

    private func takeTicket() -> Int {
        nextTicket += 1
        return nextTicket
    }

    private func release(_ ticket: Int) {
        held.removeValue(forKey: ticket)?.resume()
    }

    private func expire(_ ticket: Int) {
        watchers.removeValue(forKey: ticket)?.continuation.resume(returning: false)
    }
}

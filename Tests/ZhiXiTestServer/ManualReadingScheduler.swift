import Foundation
import ZhiXiReading

/// Clock and timers that move only when the test says: ``advance(by:)`` runs every timer
/// due, in order of due time (then of scheduling), with the clock set to its due time.
package final class ManualReadingScheduler: ReadingScheduler, @unchecked Sendable {
    private final class Timer: ReadingTimer, @unchecked Sendable {
        let due: Date
        let order: Int
        let action: @Sendable () async -> Void
        private let lock = NSLock()
        private var cancelled = false
        init(due: Date, order: Int, action: @escaping @Sendable () async -> Void) {
            self.due = due
            self.order = order
            self.action = action
        }
        func cancel() {
            lock.lock()
            cancelled = true
            lock.unlock()
        }
        var isCancelled: Bool {
            lock.lock()
            defer { lock.unlock() }
            return cancelled
        }
    }

    private let lock = NSLock()
    private var current: Date
    private var timers: [Timer] = []
    private var scheduled = 0

    /// A scheduler whose clock starts at `start` (default 2026-01-01T00:00:00Z).
    package init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        current = start
    }

    /// The clock.
    package func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Keeps `action` for when the clock passes `seconds` from now.
    package func schedule(after seconds: Double, _ action: @escaping @Sendable () async -> Void) -> any ReadingTimer {
        lock.lock()
        defer { lock.unlock() }
        scheduled += 1
        let timer = Timer(due: current.addingTimeInterval(seconds), order: scheduled, action: action)
        timers.append(timer)
        return timer
    }

    /// Timers scheduled and not cancelled nor run.
    package var activeTimerCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return timers.filter { !$0.isCancelled }.count
    }

    /// Moves the clock `seconds` ahead, running the timers due on the way (at most 10,000).
    package func advance(by seconds: Double) async {
        let target = now().addingTimeInterval(seconds)
        for _ in 0 ..< 10_000 {
            let next = lock.withLock { () -> Timer? in
                timers.removeAll { $0.isCancelled }
                let next = timers.filter { $0.due <= target }.min { ($0.due, $0.order) < ($1.due, $1.order) }
                if let next {
                    timers.removeAll { $0 === next }
                    current = max(current, next.due)
                }
                return next
            }
            guard let next else { break }
            await next.action()
        }
        lock.withLock { current = max(current, target) }
    }
}

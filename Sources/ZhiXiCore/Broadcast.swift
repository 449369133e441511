/// Values told to every current reader: each ``stream(startingWith:)`` gets every value
/// yielded after it was made, and leaves the broadcast when its reader stops. Safe from any
/// thread (a stream's termination handler runs on the thread that ends it). The streams buffer
/// without bound: for rare events (a login state, a change of the review plan).
package final class Broadcast<Element: Sendable>: Sendable {
    private struct Readers {
        var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
        var nextID = 0
    }

    private let readers = Locked(Readers())

    /// A broadcast with no reader yet.
    package init() {}

    /// A new stream of the values yielded from now on, starting with `first` when given.
    package func stream(startingWith first: Element? = nil) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .unbounded)
        let id = readers.withLock { readers -> Int in
            let id = readers.nextID
            readers.nextID += 1
            readers.continuations[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.readers.withLock { $0.continuations.removeValue(forKey: id) }
        }
        if let first { continuation.yield(first) }
        return stream
    }

    /// Tells every reader `value`. O(readers).
    package func yield(_ value: Element) {
        for continuation in readers.withLock({ Array($0.continuations.values) }) { continuation.yield(value) }
    }

    /// Ends every stream (as the broadcast's end does).
    package func finishAll() {
        for continuation in readers.withLock({ Array($0.continuations.values) }) { continuation.finish() }
    }

    deinit {
        finishAll()
    }
}

import Foundation

/// The readers of ``AppSession/loginStates()``: each stream's continuation, told every change
/// of the login state, and finished when the session goes away. Safe from any thread (a
/// stream's termination handler runs on the thread that ends it).
final class LoginStateBroadcast: @unchecked Sendable {
    // `continuations` and `nextID` are only touched under `lock`.
    private let lock = NSLock()
    private var continuations: [Int: AsyncStream<Bool>.Continuation] = [:]
    private var nextID = 0

    /// A new stream starting with `current`; it leaves the broadcast when its reader stops.
    func stream(startingWith current: Bool) -> AsyncStream<Bool> {
        let (stream, continuation) = AsyncStream.makeStream(of: Bool.self, bufferingPolicy: .unbounded)
        let id = lock.withLock { () -> Int in
            let id = nextID
            nextID += 1
            continuations[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.continuations.removeValue(forKey: id) }
        }
        continuation.yield(current)
        return stream
    }

    /// Tells every reader `value`.
    func yield(_ value: Bool) {
        for continuation in lock.withLock({ Array(continuations.values) }) { continuation.yield(value) }
    }

    /// Ends every stream.
    func finishAll() {
        for continuation in lock.withLock({ Array(continuations.values) }) { continuation.finish() }
    }
}

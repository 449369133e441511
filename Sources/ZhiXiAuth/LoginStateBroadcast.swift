import Foundation
import ZhiXiCore

/// The readers of ``AppSession/loginStates()``: each stream's continuation, told every change
/// of the login state, and finished when the session goes away. Safe from any thread (a
/// stream's termination handler runs on the thread that ends it).
final class LoginStateBroadcast: Sendable {
    private struct Readers {
        var continuations: [Int: AsyncStream<Bool>.Continuation] = [:]
        var nextID = 0
    }

    private let readers = Locked(Readers())

    /// A new stream starting with `current`; it leaves the broadcast when its reader stops.
    func stream(startingWith current: Bool) -> AsyncStream<Bool> {
        let (stream, continuation) = AsyncStream.makeStream(of: Bool.self, bufferingPolicy: .unbounded)
        let id = readers.withLock { readers -> Int in
            let id = readers.nextID
            readers.nextID += 1
            readers.continuations[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.readers.withLock { $0.continuations.removeValue(forKey: id) }
        }
        continuation.yield(current)
        return stream
    }

    /// Tells every reader `value`.
    func yield(_ value: Bool) {
        for continuation in readers.withLock({ Array($0.continuations.values) }) { continuation.yield(value) }
    }

    /// Ends every stream.
    func finishAll() {
        for continuation in readers.withLock({ Array($0.continuations.values) }) { continuation.finish() }
    }
}

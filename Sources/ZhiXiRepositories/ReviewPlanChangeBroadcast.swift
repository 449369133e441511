import Foundation
import ZhiXiDomain

/// The readers of `OfflineFirstReviewRepository.changes()`: each stream's continuation, told
/// every change, shared by the copies of a repository. Safe from any thread (a stream's
/// termination handler runs on the thread that ends it).
final class ReviewPlanChangeBroadcast: @unchecked Sendable {
    // `continuations` and `nextID` are only touched under `lock`.
    private let lock = NSLock()
    private var continuations: [Int: AsyncStream<ReviewPlanChange>.Continuation] = [:]
    private var nextID = 0

    /// A new stream of the changes from now on; it leaves the broadcast when its reader stops.
    func stream() -> AsyncStream<ReviewPlanChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: ReviewPlanChange.self, bufferingPolicy: .unbounded)
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
        return stream
    }

    /// Tells every reader `change`.
    func yield(_ change: ReviewPlanChange) {
        for continuation in lock.withLock({ Array(continuations.values) }) { continuation.yield(change) }
    }

    deinit {
        for continuation in continuations.values { continuation.finish() }
    }
}

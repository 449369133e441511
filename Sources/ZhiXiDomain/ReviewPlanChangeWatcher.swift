/// Watches a stream of ``ReviewPlanChange``s for a page: calls `onChange` on the main actor
/// for each, in order. Stops when it is released or the stream ends.
@MainActor
public final class ReviewPlanChangeWatcher {
    private let task = TaskSlot()

    /// Starts watching `changes`.
    public init(changes: AsyncStream<ReviewPlanChange>, onChange: @escaping @MainActor (ReviewPlanChange) -> Void) {
        task.replace(with: Task { @MainActor [weak self] in
            for await change in changes {
                guard self != nil else { return }
                onChange(change)
            }
        })
    }

    deinit {
        task.replace(with: nil)
    }
}

/// Switch-to-latest for a view model's loads (the iOS form of `flatMapLatest`): starting a
/// load cancels the one before it, and a load asks ``run(_:)``'s `isCurrent` before it
/// changes the page, so only the latest load's result lands, whatever order the answers
/// come back in.
@MainActor
package final class LatestLoad {
    private let current = TaskSlot()
    private var generation = 0

    /// Creates a runner with no load.
    package init() {}

    /// Cancels the running load and runs `work` as the new one; returns when `work` has
    /// finished. Cancelling the caller cancels `work` too.
    ///
    /// `work` gets `isCurrent`: `true` while `work` is still the latest load and not
    /// cancelled. Check it after every suspension, before changing state.
    package func run(_ work: @escaping @MainActor @Sendable (_ isCurrent: @escaping @MainActor @Sendable () -> Bool) async -> Void) async {
        current.replace(with: nil)
        generation += 1
        let mine = generation
        let task = Task { @MainActor [weak self] in
            await work { [weak self] in
                guard let self else { return false }
                return self.generation == mine && !Task.isCancelled
            }
        }
        current.replace(with: task)
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    deinit {
        current.replace(with: nil)
    }

    /// Cancels the running load, if any; its result will not land.
    package func cancel() {
        current.replace(with: nil)
        generation += 1
    }
}

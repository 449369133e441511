import Foundation

/// One running task at most, cancelled when replaced: what a view model's helpers hold so
/// that even their (nonisolated) `deinit` can cancel the task. Safe from any thread.
final class TaskSlot: @unchecked Sendable {
    // `task` is only touched under `lock`.
    private let lock = NSLock()
    private var task: Task<Void, Never>?

    /// Cancels the task held, if any, and holds `task` instead.
    func replace(with task: Task<Void, Never>?) {
        let previous = lock.withLock { () -> Task<Void, Never>? in
            let previous = self.task
            self.task = task
            return previous
        }
        previous?.cancel()
    }
}

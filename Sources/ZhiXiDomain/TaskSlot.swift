import Foundation
import ZhiXiCore

/// One running task at most, cancelled when replaced: what a view model's helpers hold so
/// that even their (nonisolated) `deinit` can cancel the task. Safe from any thread.
package final class TaskSlot: Sendable {
    private let task = Locked<Task<Void, Never>?>(nil)

    /// An empty slot.
    package init() {}

    /// Cancels the task held, if any, and holds `task` instead.
    package func replace(with task: Task<Void, Never>?) {
        let previous = self.task.withLock { held -> Task<Void, Never>? in
            defer { held = task }
            return held
        }
        previous?.cancel()
    }
}

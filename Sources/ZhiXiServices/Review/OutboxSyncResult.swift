import ZhiXiModel
import ZhiXiNetwork

/// What one sync of the ``ReviewTaskOutbox`` did.
package struct OutboxSyncResult: Sendable, Hashable {
    /// An action the server took, and the task as it answered it.
    package struct Delivery: Sendable, Hashable {
        /// The action.
        package var action: ReviewTaskAction
        /// The task, as the server answered.
        package var task: ReviewTask
    }

    /// An action the server refused for good (the task is gone, or cannot take it): it left
    /// the outbox and is reported here, once.
    package struct Refusal: Sendable, Hashable, CustomStringConvertible {
        /// The action.
        package var action: ReviewTaskAction
        /// The server's answer.
        package var error: APIError

        /// The refusal in words.
        package var description: String { "\(action.key) was refused and dropped: \(error)" }
    }

    /// Actions delivered, in the order they were sent.
    package var delivered: [Delivery] = []
    /// Actions refused for good and dropped.
    package var refused: [Refusal] = []
    /// Actions still waiting after the sync.
    package var remaining = 0
    /// Why the sync stopped early; `nil` when every action waiting at its start got an answer.
    package var stopReason: OutboxStopReason?

    /// Creates an empty result.
    package init() {}
}

import ZhiXiModel
import ZhiXiNetwork

/// What one sync of the ``ReviewTaskOutbox`` did.
public struct OutboxSyncResult: Sendable, Hashable {
    /// An action the server took, and the task as it answered it.
    public struct Delivery: Sendable, Hashable {
        /// The action.
        public var action: ReviewTaskAction
        /// The task, as the server answered.
        public var task: ReviewTask
    }

    /// An action the server refused for good (the task is gone, or cannot take it): it left
    /// the outbox and is reported here, once.
    public struct Refusal: Sendable, Hashable, CustomStringConvertible {
        /// The action.
        public var action: ReviewTaskAction
        /// The server's answer.
        public var error: APIError

        /// The refusal in words.
        public var description: String { "\(action.key) was refused and dropped: \(error)" }
    }

    /// Actions delivered, in the order they were sent.
    public var delivered: [Delivery] = []
    /// Actions refused for good and dropped.
    public var refused: [Refusal] = []
    /// Actions still waiting after the sync.
    public var remaining = 0
    /// Why the sync stopped early; `nil` when every action waiting at its start got an answer.
    public var stopReason: OutboxStopReason?

    /// Creates an empty result.
    public init() {}
}

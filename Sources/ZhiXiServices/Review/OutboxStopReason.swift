import ZhiXiNetwork

/// Why a sync of the ``ReviewTaskOutbox`` ended with actions still waiting.
package enum OutboxStopReason: Sendable, Hashable, CustomStringConvertible {
    /// Another sync of the same outbox (in this process or another) is running.
    case anotherSyncRunning
    /// An action got no usable answer: no network, a timeout, a 5xx after the client's
    /// retries, a refused session, a malformed answer. It waits, with those after it; the
    /// next sync sends it again (the server's endpoints are idempotent).
    case request(ReviewTaskAction, APIError)
    /// The outbox's files could not be read or written.
    case storage(ReviewOutboxError)
    /// The task running the sync was cancelled.
    case cancelled

    /// The reason in words.
    package var description: String {
        switch self {
        case .anotherSyncRunning: "another sync of this outbox is running; try again when it has finished"
        case .request(let action, let error): "\(action.key) was not delivered: \(error)"
        case .storage(let error): "the outbox failed: \(error)"
        case .cancelled: "the sync was cancelled"
        }
    }
}

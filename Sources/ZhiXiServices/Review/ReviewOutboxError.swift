/// Why a ``ReviewTaskOutbox`` could not do what it was asked; the message says what was
/// wrong, where, and what to do.
package enum ReviewOutboxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The outbox's directory does not exist (and was not to be created).
    case missingOutbox(path: String)
    /// The path is not an outbox's directory.
    case notAnOutbox(path: String, reason: String)
    /// The outbox's directory or one of its files was not made by this program for this user:
    /// a symbolic link, another user's, open to others, linked elsewhere. Nothing in it is
    /// read or sent.
    case untrusted(path: String, reason: String)
    /// Reading, writing, flushing or locking a file of the outbox failed.
    case storage(path: String, operation: String, reason: String)
    /// The task id cannot be kept: empty, or longer than ``ReviewTaskOutbox/maximumTaskIDBytes``.
    case invalidTaskID(String)

    /// What went wrong and what to do.
    package var description: String {
        switch self {
        case .missingOutbox(let path):
            "there is no review-task outbox at \(path); check the path (a completion that waits creates one)"
        case .notAnOutbox(let path, let reason):
            "\(path) is not a review-task outbox (\(reason)); give the outbox's directory"
        case .untrusted(let path, let reason):
            "\(path) is not a private outbox of this user's (\(reason)); nothing in it was read or sent"
        case .storage(let path, let operation, let reason):
            "\(operation) \(path) failed: \(reason); check the disk and the permissions, then try again"
        case .invalidTaskID(let id):
            "the task id '\(id)' cannot be kept: it must be 1 to \(ReviewTaskOutbox.maximumTaskIDBytes) bytes"
        }
    }
}

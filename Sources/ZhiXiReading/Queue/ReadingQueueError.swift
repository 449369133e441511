/// Why the upload queue could not do what it was asked; the message says what was wrong,
/// where, and what to do.
package enum ReadingQueueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The queue's directory does not exist (and was not to be created).
    case missingQueue(path: String)
    /// A file in the queue's directory is not an upload-queue journal (or is of a newer
    /// version); it is left untouched.
    case notAQueue(path: String, reason: String)
    /// The queue's directory or one of its files was not made by this program for this user:
    /// a symbolic link, another user's, open to others, linked elsewhere. Nothing in it is
    /// read or sent.
    case untrusted(path: String, reason: String)
    /// Reading, writing, syncing or locking a file of the queue failed.
    case storage(path: String, operation: String, reason: String)
    /// An event given to `enqueue` is not valid; nothing of that call was enqueued.
    /// `index` is its zero-based place in the call.
    case invalidEvent(index: Int, eventID: String, reason: String)
    /// Another process held the queue's lock for longer than the configured wait
    /// (``ReadingEventUploadQueueConfiguration/lockWait``); nothing was done.
    case busy(path: String, waitedSeconds: Double)

    /// What went wrong and what to do.
    package var description: String {
        switch self {
        case .missingQueue(let path):
            "there is no upload queue at \(path); check the path (enqueueing creates one)"
        case .notAQueue(let path, let reason):
            "\(path) is not a reading-event upload queue (\(reason)); give the queue's directory, or move the file away"
        case .untrusted(let path, let reason):
            "\(path) is not a private upload queue of this user's (\(reason)); nothing in it was read or sent"
        case .storage(let path, let operation, let reason):
            "\(operation) \(path) failed: \(reason); check the disk and the permissions, then try again"
        case .invalidEvent(let index, let eventID, let reason):
            "event \(index + 1) (eventId '\(eventID)') is not valid: \(reason); nothing of this call was enqueued"
        case .busy(let path, let seconds):
            "another process has held \(path) for \(Int(seconds.rounded())) s; nothing was done, try again later"
        }
    }
}

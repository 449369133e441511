/// What one flush of the upload queue did.
public struct FlushResult: Sendable, Hashable {
    /// Events the server now has: accepted, or answered `DUPLICATE_EVENT` (delivered
    /// before); removed from the queue.
    public var uploaded: Int = 0
    /// Of ``uploaded``, those answered `DUPLICATE_EVENT`.
    public var duplicates: Int = 0
    /// Events the server refused for good; removed from the queue, each with a warning.
    public var dropped: Int = 0
    /// Events kept, failed, for a later flush (after ``ReadingEventUploadQueue/retryFailed()``).
    public var failed: Int = 0
    /// Events in the queue after the flush (pending and failed).
    public var remaining: Int = 0
    /// HTTP requests sent, retries included.
    public var requests: Int = 0
    /// Retries after 5xx, 408 and 429 answers.
    public var retries: Int = 0
    /// Dropped events, events kept after an answer not understood, journal repairs.
    public var warnings: [ReadingUploadWarning] = []
    /// Why the flush ended early; `nil` when every event pending at its start got an answer.
    public var stopReason: FlushStopReason?

    /// Creates an empty result.
    public init() {}
}

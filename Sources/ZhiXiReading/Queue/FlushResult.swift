/// What one flush of the upload queue did.
package struct FlushResult: Sendable, Hashable {
    /// Events the server now has: accepted, or answered `DUPLICATE_EVENT` (delivered
    /// before); removed from the queue.
    package var uploaded: Int = 0
    /// Of ``uploaded``, those answered `DUPLICATE_EVENT`.
    package var duplicates: Int = 0
    /// Events the server refused for good; removed from the queue, each with a warning.
    package var dropped: Int = 0
    /// Events kept, failed, for a later flush (after ``ReadingEventUploadQueue/retryFailed()``).
    package var failed: Int = 0
    /// Events in the queue after the flush (pending and failed).
    package var remaining: Int = 0
    /// HTTP requests sent, retries included.
    package var requests: Int = 0
    /// Retries after 5xx, 408 and 429 answers.
    package var retries: Int = 0
    /// Dropped events, events kept after an answer not understood, journal repairs.
    package var warnings: [ReadingUploadWarning] = []
    /// Why the flush ended early; `nil` when every event pending at its start got an answer.
    package var stopReason: FlushStopReason?

    /// Creates an empty result.
    package init() {}
}

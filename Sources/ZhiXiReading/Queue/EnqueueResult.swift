/// What one call of `ReadingEventUploadQueue.enqueue` did.
package struct EnqueueResult: Sendable, Hashable {
    /// Events now on disk in the queue.
    package var enqueued: Int
    /// Events skipped because an event with the same id was already in the queue (or
    /// earlier in the same call).
    package var alreadyQueued: Int

    /// Creates a result.
    package init(enqueued: Int = 0, alreadyQueued: Int = 0) {
        self.enqueued = enqueued
        self.alreadyQueued = alreadyQueued
    }
}

/// What one call of `ReadingEventUploadQueue.enqueue` did.
public struct EnqueueResult: Sendable, Hashable {
    /// Events now on disk in the queue.
    public var enqueued: Int
    /// Events skipped because an event with the same id was already in the queue (or
    /// earlier in the same call).
    public var alreadyQueued: Int

    /// Creates a result.
    public init(enqueued: Int = 0, alreadyQueued: Int = 0) {
        self.enqueued = enqueued
        self.alreadyQueued = alreadyQueued
    }
}

import ZhiXiFileSystem

/// How an upload queue batches, retries and compacts, and how long it waits for another
/// process holding its journal.
package struct ReadingEventUploadQueueConfiguration: Sendable, Hashable {
    /// Events per `POST learning/reading-events/batch` (default 100).
    package var batchSize: Int
    /// Retries of a batch answered 5xx, 408 or 429.
    package var retryPolicy: UploadRetryPolicy
    /// The journal is compacted when it is larger than twice the live events plus this
    /// many bytes (default 1 MiB), so compaction costs O(1) per event over time.
    package var compactionSlackBytes: Int
    /// The most requests one flush sends (default 10,000): a bound on its loop.
    package var maximumRequestsPerFlush: Int
    /// How long to wait for another process (or queue) holding the journal's lock before an
    /// operation fails with ``ReadingQueueError/busy(path:waitedSeconds:)`` (default 60 s),
    /// and whom to tell once the wait has lasted a second.
    package var lockWait: FileLockWait

    /// Creates a configuration; values below 1 count as 1 (0 for the slack).
    package init(batchSize: Int = 100, retryPolicy: UploadRetryPolicy = UploadRetryPolicy(),
                compactionSlackBytes: Int = 1 << 20, maximumRequestsPerFlush: Int = 10_000,
                lockWait: FileLockWait = FileLockWait()) {
        self.lockWait = lockWait
        self.batchSize = max(1, batchSize)
        self.retryPolicy = retryPolicy
        self.compactionSlackBytes = max(0, compactionSlackBytes)
        self.maximumRequestsPerFlush = max(1, maximumRequestsPerFlush)
    }
}

import ZhiXiModel

/// What is in an upload queue: counts by state, the oldest event and the materials.
package struct ReadingQueueSnapshot: Sendable, Hashable {
    /// Events of one material in the queue.
    package struct Material: Sendable, Hashable {
        /// The material.
        package var materialID: String
        /// Its target type (that of its first event).
        package var readingTargetType: ReadingTargetType
        /// Its events in the queue.
        package var events: Int
    }

    /// Events waiting for a flush.
    package var pending: Int
    /// Events a flush is sending now (in this queue instance).
    package var exported: Int
    /// Events kept after a failed upload, waiting for a retry.
    package var failed: Int
    /// The event with the earliest `clientTimestampMs`, if any.
    package var oldest: ReadingEventUploadItem?
    /// The materials, most events first (ties by id).
    package var materials: [Material]
    /// The journal's size in bytes.
    package var journalBytes: Int
    /// Damage repaired in the journal when this queue instance read it.
    package var repairs: [JournalRepair]

    /// Every event in the queue.
    package var total: Int { pending + exported + failed }
}

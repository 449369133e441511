import ZhiXiModel

/// What is in an upload queue: counts by state, the oldest event and the materials.
public struct ReadingQueueSnapshot: Sendable, Hashable {
    /// Events of one material in the queue.
    public struct Material: Sendable, Hashable {
        /// The material.
        public var materialID: String
        /// Its target type (that of its first event).
        public var readingTargetType: ReadingTargetType
        /// Its events in the queue.
        public var events: Int
    }

    /// Events waiting for a flush.
    public var pending: Int
    /// Events a flush is sending now (in this queue instance).
    public var exported: Int
    /// Events kept after a failed upload, waiting for a retry.
    public var failed: Int
    /// The event with the earliest `clientTimestampMs`, if any.
    public var oldest: ReadingEventUploadItem?
    /// The materials, most events first (ties by id).
    public var materials: [Material]
    /// The journal's size in bytes.
    public var journalBytes: Int
    /// Damage repaired in the journal when this queue instance read it.
    public var repairs: [JournalRepair]

    /// Every event in the queue.
    public var total: Int { pending + exported + failed }
}

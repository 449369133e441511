import ZhiXiModel

/// What a read-only look at an upload queue found (``ReadingEventUploadQueue/inspect(directory:lockWait:)``):
/// the queue as its readable records describe it, and the bytes of the journal that could not
/// be read, with what they may have held. Nothing was changed on disk.
public struct ReadingQueueInspection: Sendable, Hashable {
    /// The events the readable records describe (``ReadingQueueSnapshot/repairs`` is empty:
    /// nothing was repaired).
    public var snapshot: ReadingQueueSnapshot
    /// The unreadable stretches of the journal, in order.
    public var unreadable: [UnreadableJournalBytes]
}

/// A stretch of an upload queue's journal that is not a readable record.
public struct UnreadableJournalBytes: Sendable, Hashable, CustomStringConvertible {
    /// Where it lies.
    public enum Kind: Sendable, Hashable {
        /// At the end, with no readable record after it: most likely a record a crash cut short
        /// while it was written (its call had not returned, so nothing enqueued is lost), or
        /// damage to the last record.
        case unfinishedRecord
        /// In the middle, with readable records after it: damage on disk. What it held is lost.
        case damaged
    }

    /// Where it lies.
    public var kind: Kind
    /// Where it starts, in bytes from the start of the journal.
    public var offset: Int
    /// How many bytes it spans.
    public var length: Int
    /// The kind of record whose header starts it (`enqueue`, `remove`, `fail`, `retry`), when
    /// that header can still be read.
    public var recordKind: String?
    /// The events the bytes announce, when the header of an enqueue record says how many.
    public var announcedEvents: Int?
    /// The event ids (UUIDs) that can still be read in the bytes: the events it may have held.
    public var eventIDs: [String]

    /// The stretch in words: where, how long, and what it may have held.
    public var description: String {
        var text = "\(length) unreadable bytes at offset \(offset)"
        text += kind == .unfinishedRecord ? " at the end of the journal (a record cut short by a crash, or damaged)"
            : " in the middle of the journal (damage on disk)"
        if let recordKind { text += "; they start an \(recordKind) record" }
        if let announcedEvents { text += " of \(announcedEvents) event\(announcedEvents == 1 ? "" : "s")" }
        if eventIDs.isEmpty {
            text += "; no event id can be read in them"
        } else {
            let shown = eventIDs.prefix(5).joined(separator: ", ")
            text += "; they may have held \(eventIDs.count) event\(eventIDs.count == 1 ? "" : "s") (ids \(shown)"
                + (eventIDs.count > 5 ? ", …" : "") + ")"
        }
        return text
    }
}

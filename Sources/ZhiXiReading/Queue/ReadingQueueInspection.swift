import ZhiXiModel

/// What a read-only look at an upload queue found (``ReadingEventUploadQueue/inspect(directory:lockWait:)``):
/// the queue as its readable records describe it, and the bytes of the journal that could not
/// be read, with what they may have held. Nothing was changed on disk.
package struct ReadingQueueInspection: Sendable, Hashable {
    /// The events the readable records describe (``ReadingQueueSnapshot/repairs`` is empty:
    /// nothing was repaired).
    package var snapshot: ReadingQueueSnapshot
    /// The unreadable stretches of the journal, in order.
    package var unreadable: [UnreadableJournalBytes]
}

/// A stretch of an upload queue's journal that is not a readable record.
package struct UnreadableJournalBytes: Sendable, Hashable, CustomStringConvertible {
    /// Where it lies.
    package enum Kind: Sendable, Hashable {
        /// At the end, with no readable record after it: most likely a record a crash cut short
        /// while it was written (its call had not returned, so nothing enqueued is lost), or
        /// damage to the last record.
        case unfinishedRecord
        /// In the middle, with readable records after it: damage on disk. What it held is lost.
        case damaged
    }

    /// Where it lies.
    package var kind: Kind
    /// Where it starts, in bytes from the start of the journal.
    package var offset: Int
    /// How many bytes it spans.
    package var length: Int
    /// The kind of record whose header starts it (`enqueue`, `remove`, `fail`, `retry`), when
    /// that header can still be read.
    package var recordKind: String?
    /// The events the bytes announce, when the header of an enqueue record says how many.
    package var announcedEvents: Int?
    /// The event ids (UUIDs) that can still be read in the bytes: the events it may have held.
    package var eventIDs: [String]

    /// The stretch in words: where, how long, and what it may have held.
    package var description: String {
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

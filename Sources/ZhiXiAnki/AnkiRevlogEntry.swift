/// One row of an Anki collection's review log (`revlog`), exactly as stored (40 bytes a row:
/// the one-byte fields last).
package struct AnkiRevlogEntry: Sendable, Hashable {
    /// When the answer was given, in milliseconds since 1970 (the row's id).
    package var id: Int64
    /// The card answered.
    package var cardID: Int64
    /// The update sequence number (sync).
    package var usn: Int32
    /// The interval after the answer: days when positive, seconds when negative.
    package var interval: Int32
    /// The interval before it, in the same units.
    package var lastInterval: Int32
    /// The ease factor after the answer (thousandths), or for FSRS the difficulty scaled.
    package var factor: Int32
    /// How long the answer took, in milliseconds.
    package var durationMilliseconds: Int32
    /// The button: 1 Again, 2 Hard, 3 Good, 4 Easy; 0 for an entry that is not an answer
    /// (Set Due Date, Forget, a reschedule).
    package var button: UInt8
    /// The kind (the `type` column): see ``Kind``.
    package var kind: UInt8

    /// Anki's kinds of review-log rows (`RevlogReviewKind`).
    package enum Kind: UInt8, Sendable {
        case learning = 0, review = 1, relearning = 2, filtered = 3, manual = 4, rescheduled = 5
    }

    /// Creates a row.
    package init(id: Int64, cardID: Int64, usn: Int32 = 0, button: UInt8, interval: Int32 = 0, lastInterval: Int32 = 0,
                factor: Int32 = 0, durationMilliseconds: Int32 = 0, kind: UInt8) {
        self.id = id
        self.cardID = cardID
        self.usn = usn
        self.button = button
        self.interval = interval
        self.lastInterval = lastInterval
        self.factor = factor
        self.durationMilliseconds = durationMilliseconds
        self.kind = kind
    }

    /// The kind as an enumeration, or `nil` for a value Anki does not write.
    package var knownKind: Kind? { Kind(rawValue: kind) }
}

/// A card of an Anki collection, its scheduling columns as stored (`cards`).
package struct AnkiCard: Sendable, Hashable {
    /// The card's id (its creation time in milliseconds).
    package var id: Int64
    /// Its note's id.
    package var noteID: Int64
    /// The deck it is in (a filtered deck while it is borrowed).
    package var deckID: Int64
    /// Its home deck while in a filtered deck, else 0.
    package var originalDeckID: Int64
    /// 0 new, 1 learning, 2 review, 3 relearning.
    package var type: Int8
    /// 0 new, 1 learning, 2 review, 3 day learning, 4 preview; -1 suspended, -2 buried by the
    /// scheduler, -3 buried by the learner.
    package var queue: Int8
    /// When due: a position (new), a day number (review) or epoch seconds (learning).
    package var due: Int64
    /// The due value kept while in a filtered deck, else 0.
    package var originalDue: Int64
    /// The interval in days.
    package var intervalDays: Int64
    /// The SM-2 ease factor in thousandths (2500 = 250%); FSRS keeps difficulty elsewhere.
    package var easeFactor: Int64
    /// Reviews.
    package var reps: Int64
    /// Lapses.
    package var lapses: Int64
    /// Learning steps left (Anki's `left` column).
    package var left: Int64
    /// The FSRS memory state Anki keeps in the card's `data` (`s`, `d`), when it has one.
    package var stability: Double?
    package var difficulty: Double?
    /// The desired retention the card was last scheduled with (`dr`), when kept.
    package var desiredRetention: Double?
    /// When the card was last reviewed, in seconds since 1970 (`lrt`), when kept.
    package var lastReviewSeconds: Int64?

    /// Creates a card.
    package init(id: Int64, noteID: Int64, deckID: Int64, originalDeckID: Int64 = 0, type: Int8, queue: Int8, due: Int64,
                originalDue: Int64 = 0, intervalDays: Int64 = 0, easeFactor: Int64 = 0, reps: Int64 = 0, lapses: Int64 = 0,
                left: Int64 = 0, stability: Double? = nil, difficulty: Double? = nil, desiredRetention: Double? = nil,
                lastReviewSeconds: Int64? = nil) {
        self.id = id
        self.noteID = noteID
        self.deckID = deckID
        self.originalDeckID = originalDeckID
        self.type = type
        self.queue = queue
        self.due = due
        self.originalDue = originalDue
        self.intervalDays = intervalDays
        self.easeFactor = easeFactor
        self.reps = reps
        self.lapses = lapses
        self.left = left
        self.stability = stability
        self.difficulty = difficulty
        self.desiredRetention = desiredRetention
        self.lastReviewSeconds = lastReviewSeconds
    }

    /// The deck whose preset schedules the card: its home deck while in a filtered deck.
    package var homeDeckID: Int64 { originalDeckID != 0 ? originalDeckID : deckID }
    /// Whether the card is suspended (queue -1).
    package var isSuspended: Bool { queue == -1 }
    /// Whether the card is buried, by the scheduler or the learner (queue -2 or -3).
    package var isBuried: Bool { queue == -2 || queue == -3 }
}

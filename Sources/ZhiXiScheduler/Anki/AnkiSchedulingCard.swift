import ZhiXiMemory

/// A card as Anki keeps what its scheduler reads (`cards` columns and the FSRS memory of the
/// `data` column): the input of ``AnkiScheduler/nextStates(of:timing:balancer:siblingDays:)``.
@usableFromInline package struct AnkiSchedulingCard: Sendable, Hashable {
    /// Anki's card id (creation time in milliseconds); with ``reviewCount`` it seeds the fuzz.
    @usableFromInline package var id: Int64
    /// The card type: new, learning, review or relearning (Anki's `type` 0–3).
    @usableFromInline package var state: CardState
    /// Anki's `left`: the (re)learning steps still to go (only `left % 1000` counts); 0 outside
    /// (re)learning.
    @usableFromInline package var remainingSteps: Int
    /// Anki's `ivl`: the interval in days the card last got (0 for new and learning cards).
    @usableFromInline package var intervalDays: Int
    /// The FSRS memory (`data.s`, `data.d`), `nil` for a new card.
    @usableFromInline package var memoryState: MemoryState?
    /// Anki's `reps`: every answer the card has had, also in learning and before a Forget that
    /// kept the counts.
    @usableFromInline package var reviewCount: Int
    /// Anki's `lapses`.
    @usableFromInline package var lapses: Int
    /// When the card was last answered, in seconds since 1970 (`data.lrt`, or the last revlog
    /// entry); `nil` for a new card.
    @usableFromInline package var lastReviewSeconds: Int64?

    /// A card from Anki's stored fields.
    /// - Complexity: O(1).
    @usableFromInline package init(id: Int64, state: CardState, remainingSteps: Int = 0, intervalDays: Int = 0, memoryState: MemoryState?,
                reviewCount: Int, lapses: Int = 0, lastReviewSeconds: Int64?) {
        self.id = id
        self.state = state
        self.remainingSteps = remainingSteps
        self.intervalDays = intervalDays
        self.memoryState = memoryState
        self.reviewCount = reviewCount
        self.lapses = lapses
        self.lastReviewSeconds = lastReviewSeconds
    }
}

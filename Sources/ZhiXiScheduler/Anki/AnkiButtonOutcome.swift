import ZhiXiMemory

/// What one answer button does to a card under Anki's rules: the state it enters, the interval
/// on the button, the memory after it, and when the card is due.
@usableFromInline package struct AnkiButtonOutcome: Sendable, Hashable {
    /// The state after the answer: learning, review or relearning.
    @usableFromInline package var state: CardState
    /// The (re)learning steps still to go after the answer (Anki's `left`); 0 in review.
    @usableFromInline package var remainingSteps: Int
    /// The interval Anki shows on the button: days, or seconds for a step within today (a
    /// step reaching past the next day's start shows, and counts, as days).
    @usableFromInline package var interval: ReviewInterval
    /// For review and relearning, the interval in days Anki stores (`ivl`; while relearning,
    /// the one the card returns with); `nil` for learning.
    @usableFromInline package var storedIntervalDays: Int?
    /// The memory after the answer.
    @usableFromInline package var memoryState: MemoryState?
    /// The day the card is due on, for an interval in days (today + days).
    @usableFromInline package var dueDay: Int?
    /// When the card is due, in seconds since 1970, for an interval in seconds: now plus the
    /// step and its fuzz (up to 25 %, at most 5 minutes more), as Anki stores it.
    @usableFromInline package var dueSeconds: Int64?

    /// An outcome.
    /// - Complexity: O(1).
    @usableFromInline package init(state: CardState, remainingSteps: Int, interval: ReviewInterval, storedIntervalDays: Int?,
                memoryState: MemoryState?, dueDay: Int?, dueSeconds: Int64?) {
        self.state = state
        self.remainingSteps = remainingSteps
        self.interval = interval
        self.storedIntervalDays = storedIntervalDays
        self.memoryState = memoryState
        self.dueDay = dueDay
        self.dueSeconds = dueSeconds
    }
}

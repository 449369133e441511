/// What one rating of the next review would do to an item: its new memory state and the
/// unrounded interval in days that reaches the desired retention from it.
@usableFromInline package struct ReviewOutcome: Sendable, Hashable {
    /// The memory state after the review.
    @usableFromInline package var state: MemoryState
    /// Days until recall falls to the desired retention, unrounded.
    @usableFromInline package var intervalDays: Double

    /// Creates an outcome.
    /// - Complexity: O(1).
    @inlinable
    package init(state: MemoryState, intervalDays: Double) {
        self.state = state
        self.intervalDays = intervalDays
    }
}

/// The outcomes of all four ratings of the next review, for previewing the answer buttons.
@usableFromInline package struct ReviewOutcomes: Sendable, Hashable {
    /// The outcome of Again.
    @usableFromInline package var again: ReviewOutcome
    /// The outcome of Hard.
    @usableFromInline package var hard: ReviewOutcome
    /// The outcome of Good.
    @usableFromInline package var good: ReviewOutcome
    /// The outcome of Easy.
    @usableFromInline package var easy: ReviewOutcome

    /// Creates the four outcomes.
    /// - Complexity: O(1).
    @inlinable
    package init(again: ReviewOutcome, hard: ReviewOutcome, good: ReviewOutcome, easy: ReviewOutcome) {
        self.again = again
        self.hard = hard
        self.good = good
        self.easy = easy
    }

    /// The outcome of `rating`.
    /// - Complexity: O(1).
    @inlinable
    package subscript(rating: Rating) -> ReviewOutcome {
        switch rating {
        case .again: again
        case .hard: hard
        case .good: good
        case .easy: easy
        }
    }
}

/// What one rating of the next review would do to an item: its new memory state and the
/// unrounded interval in days that reaches the desired retention from it.
public struct ReviewOutcome: Sendable, Hashable {
    /// The memory state after the review.
    public var state: MemoryState
    /// Days until recall falls to the desired retention, unrounded.
    public var intervalDays: Double

    /// Creates an outcome.
    /// - Complexity: O(1).
    @inlinable
    public init(state: MemoryState, intervalDays: Double) {
        self.state = state
        self.intervalDays = intervalDays
    }
}

/// The outcomes of all four ratings of the next review, for previewing the answer buttons.
public struct ReviewOutcomes: Sendable, Hashable {
    /// The outcome of Again.
    public var again: ReviewOutcome
    /// The outcome of Hard.
    public var hard: ReviewOutcome
    /// The outcome of Good.
    public var good: ReviewOutcome
    /// The outcome of Easy.
    public var easy: ReviewOutcome

    /// Creates the four outcomes.
    /// - Complexity: O(1).
    @inlinable
    public init(again: ReviewOutcome, hard: ReviewOutcome, good: ReviewOutcome, easy: ReviewOutcome) {
        self.again = again
        self.hard = hard
        self.good = good
        self.easy = easy
    }

    /// The outcome of `rating`.
    /// - Complexity: O(1).
    @inlinable
    public subscript(rating: Rating) -> ReviewOutcome {
        switch rating {
        case .again: again
        case .hard: hard
        case .good: good
        case .easy: easy
        }
    }
}

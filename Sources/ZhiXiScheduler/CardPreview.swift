import ZhiXiMemory

/// What each of the four ratings would do to a card reviewed now, to label the answer buttons
/// ("Again 10 min · Hard 1 d · Good 3 d · Easy 8 d"). Each outcome is exactly what
/// ``CardScheduler/review(_:rating:at:reviewDurationMilliseconds:dueLoad:)`` returns for that rating at that moment.
public struct CardPreview: Sendable, Hashable {
    /// The outcome of Again.
    public var again: CardReviewResult
    /// The outcome of Hard.
    public var hard: CardReviewResult
    /// The outcome of Good.
    public var good: CardReviewResult
    /// The outcome of Easy.
    public var easy: CardReviewResult

    /// Creates a preview from the four outcomes.
    /// - Complexity: O(1).
    public init(again: CardReviewResult, hard: CardReviewResult, good: CardReviewResult, easy: CardReviewResult) {
        self.again = again
        self.hard = hard
        self.good = good
        self.easy = easy
    }

    /// The outcome of `rating`.
    /// - Complexity: O(1).
    public subscript(rating: Rating) -> CardReviewResult {
        switch rating {
        case .again: again
        case .hard: hard
        case .good: good
        case .easy: easy
        }
    }
}

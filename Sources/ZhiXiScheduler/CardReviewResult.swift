/// What a review produced: the card after the review, the review-log entry to store, and the
/// interval the answer button showed.
public struct CardReviewResult: Sendable, Hashable {
    /// The card after the review, with its new state, memory and due date.
    public var card: Card
    /// The log entry of the review; it holds the card before the review, for undo.
    public var review: CardReview
    /// The interval the review gave, as an answer button shows it: whole days, or the seconds
    /// of a (re)learning step within the day (before any fuzz of the step).
    public var interval: ReviewInterval

    /// Creates a result.
    /// - Complexity: O(1).
    public init(card: Card, review: CardReview, interval: ReviewInterval) {
        self.card = card
        self.review = review
        self.interval = interval
    }
}

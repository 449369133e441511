/// What a review produced: the card after the review and the review-log entry to store.
public struct CardReviewResult: Sendable, Hashable {
    /// The card after the review, with its new state, memory and due date.
    public var card: Card
    /// The log entry of the review; it holds the card before the review, for undo.
    public var review: CardReview

    /// Creates a result.
    public init(card: Card, review: CardReview) {
        self.card = card
        self.review = review
    }
}

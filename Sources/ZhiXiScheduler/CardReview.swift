import Foundation
import ZhiXiMemory

/// One review of a card, as a review log keeps it, together with the card as it was before the
/// review so that the review can be undone.
public struct CardReview: Sendable, Hashable {
    /// The reviewed card's identifier.
    public var cardID: Int64
    /// The learner's answer.
    public var rating: Rating
    /// When the review happened.
    public var date: Date
    /// Days since the card's previous review under the scheduler's ``ElapsedDaysPolicy``
    /// (0 for the first review and for a review on the same day).
    public var elapsedDays: Int
    /// The interval in whole days the review gave the card, or 0 when it sent the card to a
    /// (re)learning step measured in seconds.
    public var scheduledDays: Int
    /// The card exactly as it was before this review; ``CardScheduler/undo(_:)`` returns it.
    public var cardBefore: Card

    /// Creates a review-log entry.
    public init(cardID: Int64, rating: Rating, date: Date, elapsedDays: Int, scheduledDays: Int, cardBefore: Card) {
        self.cardID = cardID
        self.rating = rating
        self.date = date
        self.elapsedDays = elapsedDays
        self.scheduledDays = scheduledDays
        self.cardBefore = cardBefore
    }
}

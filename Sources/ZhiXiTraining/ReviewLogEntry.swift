import Foundation
import ZhiXiMemory

/// One review of a card from a review log: which card, when, and how well it was recalled.
public struct ReviewLogEntry: Sendable, Hashable {
    /// The card's id as written in the log (Anki uses the card's creation time in epoch
    /// milliseconds).
    public var cardID: String
    /// When the review happened, in seconds since 1970-01-01 UTC.
    public var reviewedAtSecondsSince1970: Double
    /// The learner's answer.
    public var rating: Rating
    /// The scheduler state recorded with the review, when the log has a `review_state` column
    /// (Anki: 0 new, 1 learning, 2 review, 3 relearning); informational only.
    public var recordedState: Int?
    /// How long the answer took, in milliseconds, when the log has a `review_duration` column.
    public var durationMilliseconds: Int?

    /// Creates an entry.
    public init(cardID: String, reviewedAtSecondsSince1970: Double, rating: Rating, recordedState: Int? = nil,
                durationMilliseconds: Int? = nil) {
        self.cardID = cardID
        self.reviewedAtSecondsSince1970 = reviewedAtSecondsSince1970
        self.rating = rating
        self.recordedState = recordedState
        self.durationMilliseconds = durationMilliseconds
    }

    /// Whether two entries are the same review: the same card, instant, rating and recorded
    /// state (the duration aside).
    public func isSameReview(as other: ReviewLogEntry) -> Bool {
        cardID == other.cardID && reviewedAtSecondsSince1970 == other.reviewedAtSecondsSince1970 && rating == other.rating
            && recordedState == other.recordedState
    }

    /// When the review happened.
    public var reviewedAt: Date { Date(timeIntervalSince1970: reviewedAtSecondsSince1970) }
}

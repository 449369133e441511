import Foundation
import ZhiXiMemory

/// A review as an archive keeps it: which card, when, how well, how long, and the card's
/// state before the review, without the whole card before it (``CardReview/cardBefore``),
/// which only undo needs. What training, rescheduling and statistics read from a review log.
///
/// The archive form of a log is ``CardReviewArchive`` (the FSRS ecosystem's review-log CSV,
/// about 55 bytes a review against about 350 for a ``CardReview`` in JSON, read and written
/// without Foundation's coders). The value is also `Codable`, in the members of
/// ``CardReview``'s JSON with `state` for the card's state before the review:
///
/// ```json
/// {"cardId": 42, "rating": 3, "reviewedAt": "2026-11-29T21:30:00.250Z", "reviewDuration": 5400, "state": 2}
/// ```
///
/// `state` is the FSRS review log's `review_state`: the card's ``CardState`` before the review
/// (0 new, 1 learning, 2 review, 3 relearning). Dates are ISO-8601 UTC with the shortest
/// fraction that reads back as the same `Date` (see ``CardReview``).
public struct ArchivedCardReview: Sendable, Hashable {
    /// The reviewed card's identifier (``Card/id``).
    public var cardID: Int64
    /// The learner's answer.
    public var rating: Rating
    /// When the review happened.
    public var reviewedAt: Date
    /// How long the learner took to answer, in milliseconds, if known.
    public var reviewDurationMilliseconds: Int?
    /// The card's state just before the review: ``CardState/new`` for its first review, or
    /// the first review after ``CardScheduler/reset(_:at:keepingCounts:)``.
    public var stateBefore: CardState

    /// Creates an archived review.
    public init(cardID: Int64, rating: Rating, reviewedAt: Date, reviewDurationMilliseconds: Int? = nil,
                stateBefore: CardState) {
        self.cardID = cardID
        self.rating = rating
        self.reviewedAt = reviewedAt
        self.reviewDurationMilliseconds = reviewDurationMilliseconds
        self.stateBefore = stateBefore
    }

    /// The archived form of a review: everything but the card before it (its state is kept).
    public init(_ review: CardReview) {
        self.init(cardID: review.cardID, rating: review.rating, reviewedAt: review.reviewedAt,
                  reviewDurationMilliseconds: review.reviewDurationMilliseconds, stateBefore: review.cardBefore.state)
    }
}

extension CardReview {
    /// The review without the card before it: what an archive keeps (``ArchivedCardReview``).
    public var archived: ArchivedCardReview { ArchivedCardReview(self) }
}

extension ArchivedCardReview: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case cardID = "cardId"
        case rating, reviewedAt
        case reviewDurationMilliseconds = "reviewDuration"
        case stateBefore = "state"
    }

    /// Decodes the shape described on the type.
    /// - Throws: `DecodingError` for a missing member, a rating outside 1–4, a state outside
    ///   0–3, a timestamp that is not ISO-8601 or a negative duration.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let duration = try container.decodeIfPresent(Int.self, forKey: .reviewDurationMilliseconds)
        if let duration, duration < 0 {
            throw DecodingError.dataCorruptedError(forKey: .reviewDurationMilliseconds, in: container,
                                                   debugDescription: "a review duration is never negative")
        }
        self.init(cardID: try container.decode(Int64.self, forKey: .cardID),
                  rating: try container.decode(Rating.self, forKey: .rating),
                  reviewedAt: try container.decodeTimestamp(forKey: .reviewedAt),
                  reviewDurationMilliseconds: duration,
                  stateBefore: try container.decode(CardState.self, forKey: .stateBefore))
    }

    /// Encodes the shape described on the type.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(cardID, forKey: .cardID)
        try container.encode(rating, forKey: .rating)
        try container.encodeTimestamp(reviewedAt, forKey: .reviewedAt)
        try container.encode(reviewDurationMilliseconds, forKey: .reviewDurationMilliseconds)
        try container.encode(stateBefore, forKey: .stateBefore)
    }
}

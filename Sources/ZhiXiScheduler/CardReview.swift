import Foundation
import ZhiXiMemory

/// One review of a card, as a review log keeps it, together with the card as it was before the
/// review so that the review can be undone.
///
/// **Storing a review.** `Codable` with a stable JSON shape (py-fsrs's `ReviewLog`, in
/// camelCase, plus what undo needs), whatever strategies the encoder is given:
///
/// ```json
/// {"cardId": 42, "rating": 3, "reviewedAt": "2026-11-29T21:30:00Z", "reviewDuration": 5400,
///  "elapsedDays": 6, "scheduledDays": 14, "cardBefore": {…a Card…}}
/// ```
///
/// `rating` is 1 Again … 4 Easy; `reviewDuration` is in milliseconds, as in the FSRS review-log
/// CSV, and `null` when unknown; dates are ISO-8601 UTC with the shortest exact fraction of a
/// second, as ``Card``'s. What every review log keeps of it is its ``row`` (card, rating, time,
/// duration, the card's state before); `CardReviewArchive` keeps the rows of a log in about a
/// sixth of the bytes.
public struct CardReview: Sendable, Hashable {
    /// The review as a row of a review log: card, rating, time, duration, and as its kind the
    /// state of ``cardBefore``. Its rating is never `nil`: the scheduler logs answers.
    public var row: ReviewLogRow {
        didSet { precondition(row.rating != nil, "a CardReview records an answer: its row has a rating") }
    }
    /// Days since the card's previous review under the scheduler's ``ElapsedDaysPolicy``
    /// (0 for the first review and for a review on the same day).
    public var elapsedDays: Int
    /// The interval in whole days the review gave the card, or 0 when it sent the card to a
    /// (re)learning step measured in seconds.
    public var scheduledDays: Int
    /// The card exactly as it was before this review; ``CardScheduler/undo(_:)`` returns it.
    public var cardBefore: Card

    /// The reviewed card's identifier (the row's).
    @inlinable public var cardID: Int64 {
        get { row.cardID }
        set { row.cardID = newValue }
    }
    /// The learner's answer (the row's).
    @inlinable public var rating: Rating {
        get { row.rating! }
        set { row.rating = newValue }
    }
    /// When the review happened (the row's).
    @inlinable public var reviewedAt: Date {
        get { row.reviewedAt }
        set { row.reviewedAt = newValue }
    }
    /// How long the learner took to answer, in milliseconds, if known (the row's).
    @inlinable public var reviewDurationMilliseconds: Int? {
        get { row.reviewDurationMilliseconds }
        set { row.reviewDurationMilliseconds = newValue }
    }

    /// Creates a review-log entry.
    /// - Complexity: O(1).
    public init(cardID: Int64, rating: Rating, reviewedAt: Date, reviewDurationMilliseconds: Int? = nil,
                elapsedDays: Int, scheduledDays: Int, cardBefore: Card) {
        self.row = ReviewLogRow(cardID: cardID, rating: rating, reviewedAt: reviewedAt,
                                reviewDurationMilliseconds: reviewDurationMilliseconds, stateBefore: cardBefore.state)
        self.elapsedDays = elapsedDays
        self.scheduledDays = scheduledDays
        self.cardBefore = cardBefore
    }
}

extension CardReview: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case cardID = "cardId"
        case rating, reviewedAt
        case reviewDurationMilliseconds = "reviewDuration"
        case elapsedDays, scheduledDays, cardBefore
    }

    /// Decodes a review from the shape described on the type.
    /// - Throws: `DecodingError` for a missing member, a rating outside 1–4, a timestamp that
    ///   is not ISO-8601 or a negative duration.
    /// - Complexity: O(1) members.
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
                  elapsedDays: try container.decode(Int.self, forKey: .elapsedDays),
                  scheduledDays: try container.decode(Int.self, forKey: .scheduledDays),
                  cardBefore: try container.decode(Card.self, forKey: .cardBefore))
    }

    /// Encodes the review in the shape described on the type.
    /// - Complexity: O(1) members.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(cardID, forKey: .cardID)
        try container.encode(rating, forKey: .rating)
        try container.encodeTimestamp(reviewedAt, forKey: .reviewedAt)
        try container.encode(reviewDurationMilliseconds, forKey: .reviewDurationMilliseconds)
        try container.encode(elapsedDays, forKey: .elapsedDays)
        try container.encode(scheduledDays, forKey: .scheduledDays)
        try container.encode(cardBefore, forKey: .cardBefore)
    }
}

import Foundation
import ZhiXiMemory

/// One row of a review log: which card, when, the answer (none for an entry that is not an
/// answer), what kind of row it is, how long it took, and for a row of Anki's revlog what
/// Anki keeps beyond that. The one shape of a review row in the package: the scheduler's log
/// entry holds one (``CardReview/row``), the compact archive reads and writes them
/// (`CardReviewArchive`), and a review log's columns (``ReviewLogColumns``) store them
/// column by column.
///
/// Where the rows come from decides what they hold:
///
/// | source | ``rating`` | ``kind`` | ``anki`` |
/// | --- | --- | --- | --- |
/// | the card scheduler (``CardReview``) | the answer | the card's state before it | `nil` |
/// | an FSRS review-log CSV | 1–4, `nil` for rating 0 | `review_state` when the log has it | `nil` |
/// | Anki's revlog | button 1–4, `nil` for 0 | its `type` (``ReviewKind/init(ankiType:)``) | ivl, lastIvl, factor |
///
/// `Codable` in the members of ``CardReview``'s JSON, `state` for the kind:
///
/// ```json
/// {"cardId": 42, "rating": 3, "reviewedAt": "2026-11-29T21:30:00.250Z", "reviewDuration": 5400, "state": 2}
/// ```
///
/// `rating` is 0 for an entry that is not an answer; `state` is the ``ReviewKind`` raw value
/// (0 new … 5 manual, 6 rescheduled) or `null`; an Anki row adds
/// `"anki": {"interval": …, "lastInterval": …, "factor": …}`. Dates are ISO-8601 UTC with the
/// shortest fraction that reads back as the same `Date` (see ``CardReview``).
public struct ReviewLogRow: Sendable, Hashable {
    /// The reviewed card's identifier (``Card/id``; Anki's card id).
    public var cardID: Int64
    /// When the row was made.
    public var reviewedAt: Date
    /// The learner's answer; `nil` for an entry that is not an answer (rating or button 0:
    /// Anki's Set Due Date, Forget, rescheduling).
    public var rating: Rating?
    /// What kind of row it is, when the log says (see ``ReviewKind``).
    public var kind: ReviewKind?
    /// How long the learner took to answer, in milliseconds, if known.
    public var reviewDurationMilliseconds: Int?
    /// What Anki's revlog keeps beyond the CSV; `nil` for every other log.
    public var anki: AnkiRevlogFields?

    /// Creates a row.
    /// - Complexity: O(1).
    public init(cardID: Int64, reviewedAt: Date, rating: Rating?, kind: ReviewKind?, reviewDurationMilliseconds: Int? = nil,
                anki: AnkiRevlogFields? = nil) {
        self.cardID = cardID
        self.reviewedAt = reviewedAt
        self.rating = rating
        self.kind = kind
        self.reviewDurationMilliseconds = reviewDurationMilliseconds
        self.anki = anki
    }

    /// The row of an answer given to a card in `stateBefore`, as the scheduler's log keeps it.
    /// - Complexity: O(1).
    public init(cardID: Int64, rating: Rating, reviewedAt: Date, reviewDurationMilliseconds: Int? = nil,
                stateBefore: CardState) {
        self.init(cardID: cardID, reviewedAt: reviewedAt, rating: rating, kind: ReviewKind(stateBefore),
                  reviewDurationMilliseconds: reviewDurationMilliseconds)
    }

    /// The card's state just before the row, when the row is an answer of the scheduler's
    /// kinds (new, learning, review, relearning).
    public var stateBefore: CardState? { kind?.cardState }
}

extension CardReview {
    /// The review without the card before it: what an archive keeps (its ``row``).
    public var archived: ReviewLogRow { row }
}

extension ReviewLogRow: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case cardID = "cardId"
        case rating, reviewedAt
        case reviewDurationMilliseconds = "reviewDuration"
        case kind = "state"
        case anki
    }

    enum AnkiKeys: String, CodingKey, CaseIterable {
        case interval, lastInterval, factor
    }

    /// Decodes the shape described on the type.
    /// - Throws: `DecodingError` for a missing member, a rating outside 0–4, a state outside
    ///   0–6, a timestamp that is not ISO-8601 or a negative duration.
    /// - Complexity: O(1) members.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let duration = try container.decodeIfPresent(Int.self, forKey: .reviewDurationMilliseconds)
        if let duration, duration < 0 {
            throw DecodingError.dataCorruptedError(forKey: .reviewDurationMilliseconds, in: container,
                                                   debugDescription: "a review duration is never negative")
        }
        let ratingNumber = try container.decode(Int.self, forKey: .rating)
        guard ratingNumber == 0 || Rating(rawValue: ratingNumber) != nil else {
            throw DecodingError.dataCorruptedError(forKey: .rating, in: container,
                                                   debugDescription: "a rating is 1–4, or 0 for an entry that is not an answer")
        }
        var anki: AnkiRevlogFields?
        if container.contains(.anki), try !container.decodeNil(forKey: .anki) {
            let fields = try container.nestedContainer(keyedBy: AnkiKeys.self, forKey: .anki)
            anki = AnkiRevlogFields(interval: try fields.decode(Int32.self, forKey: .interval),
                                    lastInterval: try fields.decode(Int32.self, forKey: .lastInterval),
                                    factor: try fields.decode(Int32.self, forKey: .factor))
        }
        self.init(cardID: try container.decode(Int64.self, forKey: .cardID),
                  reviewedAt: try container.decodeTimestamp(forKey: .reviewedAt),
                  rating: Rating(rawValue: ratingNumber),
                  kind: try container.decodeIfPresent(ReviewKind.self, forKey: .kind),
                  reviewDurationMilliseconds: duration, anki: anki)
    }

    /// Encodes the shape described on the type.
    /// - Complexity: O(1) members.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(cardID, forKey: .cardID)
        try container.encode(rating?.rawValue ?? 0, forKey: .rating)
        try container.encodeTimestamp(reviewedAt, forKey: .reviewedAt)
        try container.encode(reviewDurationMilliseconds, forKey: .reviewDurationMilliseconds)
        try container.encode(kind, forKey: .kind)
        if let anki {
            var fields = container.nestedContainer(keyedBy: AnkiKeys.self, forKey: .anki)
            try fields.encode(anki.interval, forKey: .interval)
            try fields.encode(anki.lastInterval, forKey: .lastInterval)
            try fields.encode(anki.factor, forKey: .factor)
        }
    }
}

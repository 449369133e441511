import Foundation
import ZhiXiMemory

/// One item a learner reviews, as the scheduler keeps it: its state, its memory, and when it
/// is due. A plain value of about 100 bytes, no references, so arrays of cards are contiguous
/// and reviewing one allocates nothing.
///
/// Create new cards with ``init(id:due:)``; ``CardScheduler`` produces every later value.
///
/// **Storing a card.** `Card` is `Codable` with a stable JSON shape (the names of py-fsrs's
/// `Card.to_dict`, in camelCase), whatever strategies the encoder is given:
///
/// ```json
/// {"cardId": 42, "state": 2, "step": null, "stability": 8.29, "difficulty": 5.11,
///  "due": "2026-12-07T04:00:00Z", "lastReview": "2026-11-29T21:30:00.25Z",
///  "reviewCount": 3, "lapses": 0}
/// ```
///
/// `state` is ``CardState``'s number (0 new, 1 learning, 2 review, 3 relearning); `step` and
/// `lastReview` are `null` when absent, `stability` and `difficulty` `null` before the first
/// review; dates are ISO-8601 UTC with the shortest fraction of a second (none, 3, 6 or 9
/// digits) that reads back as the same `Date`, the rule of every JSON date of the package (the
/// domain model's too), so a decoded card equals the encoded one.
public struct Card: Sendable, Hashable, Identifiable {
    /// The card's identifier, e.g. its creation time in epoch milliseconds (as py-fsrs) or a
    /// database key. It seeds the card's fuzz (see `FuzzSeed`), so keep it stable.
    public var id: Int64
    /// Where the card is in its life.
    public var state: CardState
    /// The (re)learning step the card is at, 0-based; `nil` for new and review cards.
    public var step: Int?
    /// Stability (days) and difficulty (1–10); `nil` before the first review.
    public var memoryState: MemoryState?
    /// When the card should next be reviewed.
    public var due: Date
    /// When the card was last reviewed; `nil` before the first review.
    public var lastReview: Date?
    /// How many times the card has been reviewed.
    public var reviewCount: Int
    /// How many times the card was forgotten (rated Again) in the review state.
    public var lapses: Int

    /// A new card, due at `due` (typically the moment it is created).
    /// - Complexity: O(1).
    public init(id: Int64, due: Date) {
        self.init(id: id, state: .new, step: nil, memoryState: nil, due: due, lastReview: nil, reviewCount: 0, lapses: 0)
    }

    /// A card in any state, e.g. restored from storage or imported from another scheduler.
    /// - Complexity: O(1).
    public init(id: Int64, state: CardState, step: Int?, memoryState: MemoryState?, due: Date,
                lastReview: Date?, reviewCount: Int, lapses: Int) {
        self.id = id
        self.state = state
        self.step = step
        self.memoryState = memoryState
        self.due = due
        self.lastReview = lastReview
        self.reviewCount = reviewCount
        self.lapses = lapses
    }

    /// Days after which the probability of recall falls to 90 %; `nil` before the first review.
    @inlinable public var stability: Double? { memoryState?.stability }

    /// Difficulty from 1 (easiest) to 10 (hardest); `nil` before the first review.
    @inlinable public var difficulty: Double? { memoryState?.difficulty }
}

extension Card: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case cardID = "cardId"
        case state, step, stability, difficulty, due, lastReview, reviewCount, lapses
    }

    /// Decodes a card from the shape described on the type.
    /// - Throws: `DecodingError` for a missing member, a timestamp that is not ISO-8601, a
    ///   state outside 0–3, only one of stability and difficulty, or negative counts.
    /// - Complexity: O(1) members.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let stability = try container.decodeIfPresent(Double.self, forKey: .stability)
        let difficulty = try container.decodeIfPresent(Double.self, forKey: .difficulty)
        guard (stability == nil) == (difficulty == nil) else {
            throw DecodingError.dataCorruptedError(
                forKey: stability == nil ? .stability : .difficulty, in: container,
                debugDescription: "a card has both stability and difficulty (after its first review) or neither")
        }
        let reviewCount = try container.decode(Int.self, forKey: .reviewCount)
        let lapses = try container.decode(Int.self, forKey: .lapses)
        guard reviewCount >= 0, lapses >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: reviewCount < 0 ? .reviewCount : .lapses, in: container,
                                                   debugDescription: "counts are never negative")
        }
        self.init(id: try container.decode(Int64.self, forKey: .cardID),
                  state: try container.decode(CardState.self, forKey: .state),
                  step: try container.decodeIfPresent(Int.self, forKey: .step),
                  memoryState: stability.map { MemoryState(stability: $0, difficulty: difficulty ?? 0) },
                  due: try container.decodeTimestamp(forKey: .due),
                  lastReview: try container.decodeTimestampIfPresent(forKey: .lastReview),
                  reviewCount: reviewCount, lapses: lapses)
    }

    /// Encodes the card in the shape described on the type; absent values are `null`.
    /// - Complexity: O(1) members.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .cardID)
        try container.encode(state, forKey: .state)
        try container.encode(step, forKey: .step)
        try container.encode(memoryState?.stability, forKey: .stability)
        try container.encode(memoryState?.difficulty, forKey: .difficulty)
        try container.encodeTimestamp(due, forKey: .due)
        if let lastReview { try container.encodeTimestamp(lastReview, forKey: .lastReview) } else {
            try container.encodeNil(forKey: .lastReview)
        }
        try container.encode(reviewCount, forKey: .reviewCount)
        try container.encode(lapses, forKey: .lapses)
    }
}

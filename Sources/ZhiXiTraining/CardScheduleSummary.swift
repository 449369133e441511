import Foundation
import ZhiXiCore
import ZhiXiMemory
import ZhiXiScheduler

/// One card replayed from its review history by the card scheduler: what
/// `zhixi-review states` prints for each card.
public struct CardScheduleSummary: Sendable, Hashable {
    /// The card's id as written in the log.
    public var cardID: String
    /// How many reviews the history holds.
    public var reviewCount: Int
    /// The card after its last review: state, step, memory, due date.
    public var card: Card
    /// The probability of recall at the moment of the summary (0–1).
    public var retrievability: Double

    /// Creates a summary.
    public init(cardID: String, reviewCount: Int, card: Card, retrievability: Double) {
        self.cardID = cardID
        self.reviewCount = reviewCount
        self.card = card
        self.retrievability = retrievability
    }

    /// The 64-bit id the scheduler uses for a log's card id (it seeds the fuzz): the number
    /// itself when the id is a decimal integer (Anki's ids are), else its
    /// `StableHash.fnv1a64(_:)` (ZhiXiScheduler).
    public static func schedulerCardID(_ cardID: String) -> Int64 {
        Int64(cardID) ?? Int64(bitPattern: StableHash.fnv1a64(cardID))
    }

    /// Replays every card of a log through a card scheduler. O(total reviews).
    ///
    /// - Parameters:
    ///   - histories: the log grouped by card.
    ///   - scheduler: the scheduler (parameters, retention, steps, fuzz, elapsed-days policy).
    ///   - now: the moment at which retrievability is computed.
    public static func summaries(of histories: CardReviewHistories, scheduler: CardScheduler, now: Date) -> [CardScheduleSummary] {
        zip(histories.cardIDs, histories.reviews).map { cardID, reviews in
            var card = Card(id: schedulerCardID(cardID), due: reviews[0].reviewedAt)
            for entry in reviews {
                card = scheduler.review(card, rating: entry.rating, at: entry.reviewedAt).card
            }
            return CardScheduleSummary(cardID: cardID, reviewCount: reviews.count, card: card,
                                       retrievability: scheduler.retrievability(of: card, at: now))
        }
    }
}

import Foundation
import ZhiXiCore
import ZhiXiMemory
import ZhiXiScheduler

/// One card replayed from its review history by the card scheduler: what
/// `zhixi-review states` prints for each card.
package struct CardScheduleSummary: Sendable, Hashable {
    /// The card's id as written in the log.
    package var cardID: String
    /// How many reviews the history holds.
    package var reviewCount: Int
    /// The card after its last review: state, step, memory, due date.
    package var card: Card
    /// The probability of recall at the moment of the summary (0–1).
    package var retrievability: Double

    /// Creates a summary.
    /// - Complexity: O(1).
    package init(cardID: String, reviewCount: Int, card: Card, retrievability: Double) {
        self.cardID = cardID
        self.reviewCount = reviewCount
        self.card = card
        self.retrievability = retrievability
    }

    /// The 64-bit id the scheduler uses for a log's card id (it seeds the fuzz): the number
    /// itself when the id is a decimal integer (Anki's ids are), else its
    /// `StableHash.fnv1a64(_:)` (ZhiXiScheduler).
    /// - Complexity: O(length of the id).
    package static func schedulerCardID(_ cardID: String) -> Int64 {
        Int64(cardID) ?? Int64(bitPattern: StableHash.fnv1a64(cardID))
    }

    /// Replays every card's history through a card scheduler.
    ///
    /// - Parameters:
    ///   - timelines: the histories, built with Anki's rules for memory states
    ///     (``ReviewLogFilter/memoryState``) and the day count the scheduler uses.
    ///   - scheduler: the scheduler (parameters, retention, steps, fuzz, elapsed-days policy).
    ///   - now: the moment at which retrievability is computed.
    ///   - historicalRetention: Anki's "historical retention", for histories that start from
    ///     an inferred memory (``ReviewTimelines/startingState(ofCard:model:historicalRetention:)``).
    /// - Complexity: O(total reviews).
    package static func summaries(of timelines: ReviewTimelines, scheduler: CardScheduler, now: Date,
                                 historicalRetention: Double = 0.9) -> [CardScheduleSummary] {
        summaries(of: timelines, now: now) { _ in (scheduler, historicalRetention) }
    }

    /// Replays every card's history through its own card scheduler: for a log whose cards
    /// are scheduled under different settings (an Anki collection's presets and decks).
    ///
    /// - Parameters:
    ///   - timelines: the histories, as for ``summaries(of:scheduler:now:historicalRetention:)``.
    ///   - now: the moment at which retrievability is computed.
    ///   - settings: for a card (its position in `timelines`), the scheduler that replays it and
    ///     Anki's "historical retention" of its settings.
    /// - Complexity: O(total reviews), plus the calls of `settings`.
    package static func summaries(of timelines: ReviewTimelines, now: Date,
                                 settings: (Int) -> (scheduler: CardScheduler, historicalRetention: Double)) -> [CardScheduleSummary] {
        (0 ..< timelines.cardCount).map { index in
            let (scheduler, historicalRetention) = settings(index)
            var (card, next) = timelines.replayStart(ofCard: index, scheduler: scheduler, historicalRetention: historicalRetention)
            for position in next ..< timelines.reviewStarts[index + 1] {
                card = scheduler.review(card, rating: Rating(rawValue: Int(timelines.ratings[position]))!,
                                        at: Date(timeIntervalSince1970: timelines.secondsSince1970[position])).card
            }
            return CardScheduleSummary(cardID: timelines.cardIDs[index],
                                       reviewCount: timelines.reviewStarts[index + 1] - timelines.reviewStarts[index],
                                       card: card, retrievability: scheduler.retrievability(of: card, at: now))
        }
    }
}

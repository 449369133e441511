import Foundation
import ZhiXiMemory
import ZhiXiScheduler

/// A card the learner already has when a card simulation starts (fsrs-rs's `existing_cards`
/// of `simulate`): its memory, when it was last reviewed and when it is due, in days counted
/// from the simulation's day 0.
///
/// Existing cards are reviewed when due like any other (an overdue card on day 0, its recall
/// read at the days really elapsed), count in the items memorized from day 0, and take their
/// place in the deck: a simulation of ``SimulatorConfiguration/deckSize`` cards with `n`
/// existing cards learns at most `deckSize − n` new ones. A learner's cards as the scheduler
/// keeps them become existing cards with ``cards(from:startingAt:calendar:)``.
public struct ExistingCard: Sendable, Hashable {
    /// Stability (days) and difficulty (1–10) after the last review.
    public var memory: MemoryState
    /// The study day of the last review, 0 or earlier (−3: three days before day 0).
    public var lastReviewDay: Int
    /// The study day the card is due; before 0 for an overdue card (it is due on day 0).
    public var dueDay: Int
    /// Times the card was forgotten in review (for ``SimulatorConfiguration/suspendAfterLapses``).
    public var lapses: Int

    /// A card with this memory, last reviewed on `lastReviewDay` (≤ 0) and due on `dueDay`.
    /// - Complexity: O(1).
    public init(memory: MemoryState, lastReviewDay: Int, dueDay: Int, lapses: Int = 0) {
        self.memory = memory
        self.lastReviewDay = lastReviewDay
        self.dueDay = dueDay
        self.lapses = lapses
    }

    /// A learner's cards as the scheduler keeps them (for example the cards of a review log
    /// replayed through a `CardScheduler`, as `zhixi-review states` prints them), as existing
    /// cards of a simulation whose day 0 is the study day of `start` on `calendar`. Cards never
    /// reviewed (no memory) are left out: they are new cards. A card in (re)learning steps is
    /// due on the study day of its next step.
    ///
    /// - Throws: ``SimulationConfigurationError/outOfRange(field:value:allowed:)`` for a card
    ///   reviewed after the study day of `start` (the simulation would start before its past).
    /// - Complexity: O(cards).
    public static func cards(from cards: [Card], startingAt start: Date,
                             calendar: StudyCalendar) throws(SimulationConfigurationError) -> [ExistingCard] {
        let today = calendar.dayNumber(of: start)
        var result: [ExistingCard] = []
        result.reserveCapacity(cards.count)
        for card in cards {
            guard let memory = card.memoryState, let lastReview = card.lastReview else { continue }
            let lastDay = calendar.dayNumber(of: lastReview) - today
            guard lastDay <= 0 else {
                throw .outOfRange(field: "existing card \(card.id)", value: "last reviewed \(lastDay) days after the start",
                                  allowed: "reviewed on the start's study day or before; start the simulation later")
            }
            result.append(ExistingCard(memory: memory, lastReviewDay: lastDay, dueDay: calendar.dayNumber(of: card.due) - today,
                                       lapses: card.lapses))
        }
        return result
    }

    /// Checks the card: a finite positive stability, a difficulty of 1–10, a last review on
    /// day 0 or before, no negative lapses.
    func validate(index: Int) throws(SimulationConfigurationError) {
        guard memory.stability > 0, memory.stability.isFinite else {
            throw .outOfRange(field: "existingCards[\(index)].stability", value: "\(memory.stability)", allowed: "a positive number of days")
        }
        guard memory.difficulty >= FSRSParameters.minimumDifficulty, memory.difficulty <= FSRSParameters.maximumDifficulty else {
            throw .outOfRange(field: "existingCards[\(index)].difficulty", value: "\(memory.difficulty)", allowed: "from 1 to 10")
        }
        guard lastReviewDay <= 0, lastReviewDay >= -SimulatorConfiguration.maximumSpanDays * 10 else {
            throw .outOfRange(field: "existingCards[\(index)].lastReviewDay", value: "\(lastReviewDay)", allowed: "day 0 or before")
        }
        guard lapses >= 0 else {
            throw .outOfRange(field: "existingCards[\(index)].lapses", value: "\(lapses)", allowed: "0 or more")
        }
    }
}

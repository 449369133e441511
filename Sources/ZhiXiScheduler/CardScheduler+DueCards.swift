import Foundation

extension CardScheduler {
    /// The cards of a collection to study in the study day that contains `date` (under the
    /// ``ElapsedDaysPolicy``: the study day of the calendar, or the UTC day for 24-hour
    /// periods), ordered as ``DueCards`` describes.
    ///
    /// - Parameters:
    ///   - cards: the learner's cards, in the order new cards should be introduced.
    ///   - date: a moment of the day to study.
    ///   - newCardLimit: the most new cards to introduce that day (default: no limit).
    /// - Complexity: O(n log n) for n cards.
    public func dueCards<Cards: Sequence<Card>>(_ cards: Cards, on date: Date, newCardLimit: Int = .max) -> DueCards {
        let policy = configuration.elapsedDays
        let today = policy.dayNumber(of: date)
        let dayEnd = policy.startSeconds(ofDay: today + 1)
        var due = DueCards()
        for card in cards {
            switch card.state {
            case .new:
                if due.new.count < max(0, newCardLimit) { due.new.append(card) } else { due.newCardsHeldBack += 1 }
            case .learning, .relearning:
                if card.due.timeIntervalSince1970 < dayEnd { due.learning.append(card) }
            case .review:
                let day = policy.dayNumber(of: card.due)
                if day < today { due.overdue.append(card) } else if day == today { due.dueToday.append(card) }
            }
        }
        let byDue: (Card, Card) -> Bool = { $0.due != $1.due ? $0.due < $1.due : $0.id < $1.id }
        due.overdue.sort(by: byDue)
        due.learning.sort(by: byDue)
        due.dueToday.sort(by: byDue)
        return due
    }
}

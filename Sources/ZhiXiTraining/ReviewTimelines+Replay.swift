import Foundation
import ZhiXiMemory
import ZhiXiScheduler

extension ReviewTimelines {
    /// Card `card`'s state as the scheduler replays its history: new before its first review,
    /// or, for a history Anki counts as incomplete (``incompleteStarts``), in review after its
    /// first review with the memory ``startingState(ofCard:model:historicalRetention:)``
    /// infers; and the position of the first review still to replay. O(1).
    func replayStart(ofCard card: Int, scheduler: CardScheduler, historicalRetention: Double) -> (card: Card, next: Int) {
        let first = reviewStarts[card]
        let id = CardScheduleSummary.schedulerCardID(cardIDs[card])
        let firstTime = Date(timeIntervalSince1970: secondsSince1970[first])
        guard let memory = startingState(ofCard: card, model: scheduler.model, historicalRetention: historicalRetention) else {
            return (Card(id: id, due: firstTime), first)
        }
        return (Card(id: id, state: .review, step: nil, memoryState: memory, due: firstTime, lastReview: firstTime,
                     reviewCount: 1, lapses: 0), first + 1)
    }

    /// Every card replayed through a card scheduler, as `zhixi-review states` replays it: each
    /// card after its last review, and the scheduler's own log of every replayed review (its
    /// `CardReview.cardBefore` the card before the review, its duration the log's when the log
    /// has one). The cards keep the timelines' order, the reviews are card by card in time
    /// order. What a simulation of the learner starts from (ZhiXiSimulation's
    /// `DerivedSimulatorSettings` and `ExistingCard`).
    /// - Parameters:
    ///   - scheduler: the scheduler the reviews are replayed through.
    ///   - historicalRetention: Anki's "historical retention", for histories that start from an
    ///     inferred memory (``startingState(ofCard:model:historicalRetention:)``).
    /// - Complexity: O(total reviews).
    package func replay(with scheduler: CardScheduler, historicalRetention: Double = 0.9) -> (cards: [Card], reviews: [CardReview]) {
        var cards: [Card] = []
        cards.reserveCapacity(cardCount)
        var log: [CardReview] = []
        log.reserveCapacity(reviewCount)
        for index in 0 ..< cardCount {
            var (card, next) = replayStart(ofCard: index, scheduler: scheduler, historicalRetention: historicalRetention)
            for position in next ..< reviewStarts[index + 1] {
                let result = scheduler.review(card, rating: Rating(rawValue: Int(ratings[position]))!,
                                              at: Date(timeIntervalSince1970: secondsSince1970[position]))
                var review = result.review
                let duration = durationsMilliseconds[position]
                review.reviewDurationMilliseconds = duration < 0 ? nil : Int(duration)
                log.append(review)
                card = result.card
            }
            cards.append(card)
        }
        return (cards, log)
    }

    /// The histories as the memory model's input: every card's ratings with the days elapsed
    /// since its previous review (the difference of ``studyDays``; 0 for the first review and
    /// for reviews on the same day).
    /// - Complexity: O(n).
    package func memoryBatch() -> ReviewHistoryBatch {
        var batch = ReviewHistoryBatch(reviewCapacity: reviewCount, historyCapacity: cardCount)
        for card in 0 ..< cardCount {
            batch.startHistory()
            for position in reviewStarts[card] ..< reviewStarts[card + 1] {
                let elapsed = position == reviewStarts[card] ? 0 : max(0, Int(studyDays[position]) - Int(studyDays[position - 1]))
                batch.append(MemoryReview(rating: Rating(rawValue: Int(ratings[position]))!, elapsedDays: Double(elapsed)))
            }
        }
        return batch
    }

    /// Like ``memoryBatch()``, counting elapsed days as whole 24-hour periods since the
    /// previous review (py-fsrs's convention).
    /// - Complexity: O(n).
    package func memoryBatchWholeDays() -> ReviewHistoryBatch {
        var batch = ReviewHistoryBatch(reviewCapacity: reviewCount, historyCapacity: cardCount)
        for card in 0 ..< cardCount {
            batch.startHistory()
            for position in reviewStarts[card] ..< reviewStarts[card + 1] {
                let elapsed = position == reviewStarts[card]
                    ? 0 : max(0, ((secondsSince1970[position] - secondsSince1970[position - 1]) / 86_400).rounded(.down))
                batch.append(MemoryReview(rating: Rating(rawValue: Int(ratings[position]))!, elapsedDays: elapsed))
            }
        }
        return batch
    }
}

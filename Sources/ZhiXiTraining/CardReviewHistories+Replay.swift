import ZhiXiScheduler

extension CardReviewHistories {
    /// Every card replayed through a card scheduler, as `zhixi-review states` replays it: each
    /// card after its last review, and the scheduler's own log of every review (its
    /// `CardReview.cardBefore` the card before the review, its duration the log's when the log
    /// has one). The cards keep the histories' order, the reviews are card by card in time
    /// order. What a simulation of the learner starts from (ZhiXiSimulation's
    /// `DerivedSimulatorSettings` and `ExistingCard`). O(total reviews).
    public func replay(with scheduler: CardScheduler) -> (cards: [Card], reviews: [CardReview]) {
        var cards: [Card] = []
        cards.reserveCapacity(count)
        var log: [CardReview] = []
        log.reserveCapacity(reviewCount)
        for (cardID, entries) in zip(cardIDs, reviews) {
            var card = Card(id: CardScheduleSummary.schedulerCardID(cardID), due: entries[0].reviewedAt)
            for entry in entries {
                let result = scheduler.review(card, rating: entry.rating, at: entry.reviewedAt)
                var review = result.review
                review.reviewDurationMilliseconds = entry.durationMilliseconds
                log.append(review)
                card = result.card
            }
            cards.append(card)
        }
        return (cards, log)
    }
}

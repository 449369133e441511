import ZhiXiScheduler

extension TrainingDataset {
    /// The training items of a card scheduler's own review log: py-fsrs's
    /// `Optimizer(review_logs)`, as one call.
    ///
    /// Each review becomes a row of the FSRS review log: `card_id` the decimal text of
    /// `CardReview.cardID` (so ``cardIDs`` hold `String(card.id)`, and `Int64(cardIDs[i])`
    /// is the scheduler's id again; cards come in numerical id order), `review_time` its
    /// `CardReview.reviewedAt`, `review_rating` its rating and `review_state` the card's
    /// state before it (`CardReview.cardBefore`'s `Card.state`, which is what
    /// `review_state` means in the FSRS log). The rows then go through the same path as a CSV
    /// log (`ReviewTimelines/init(log:calendar:filter:)`, `filter`'s rules included: a
    /// card's history starts at its last learning phase, so a card reset with
    /// `CardScheduler.reset(_:at:keepingCounts:)` is trained from its new start, and a card
    /// whose log does not begin with a new or learning review is left out), with days
    /// counted on `calendar` (for a scheduler on study days, `configuration.calendar`).
    /// - Complexity: O(n log n) for n reviews, in any order.
    public init(reviews: [CardReview], calendar: StudyCalendar, filter: ReviewLogFilter = ReviewLogFilter()) {
        self.init(reviews: reviews.map(\.archived), calendar: calendar, filter: filter)
    }

    /// The training items of an archived review log (`ReviewLogRow`s, e.g. read with
    /// `CardReviewArchive`), exactly as ``init(reviews:calendar:filter:)-([CardReview],_,_)``
    /// makes them from the full reviews.
    /// - Complexity: O(n log n) for n reviews, in any order.
    public init(reviews: [ReviewLogRow], calendar: StudyCalendar, filter: ReviewLogFilter = ReviewLogFilter()) {
        var log = ReviewLogColumns()
        log.reserve(rows: reviews.count)
        for review in reviews { log.append(review) }
        self.init(ReviewTimelines(log: log, calendar: calendar, filter: filter))
    }
}

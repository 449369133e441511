import ZhiXiScheduler

extension ParameterOptimizer {
    /// Fits the weights to a learner's reviews, as the scheduler logged them: every card's
    /// history under Anki's rules (`ReviewTimelines`), days counted on `calendar`. Too few
    /// reviews to fit keep the defaults (``OptimizationResult/outcome`` says why).
    /// - Parameters:
    ///   - reviews: the scheduler's log entries (`CardReviewResult.review`), in any order.
    ///   - calendar: where a study day begins (UTC from 04:00 unless given).
    /// - Complexity: O(*n* log *n*) to group and order *n* reviews, then the fit of
    ///   `optimize(_:itemLimit:progress:)`.
    public func optimize(_ reviews: [CardReview], calendar: StudyCalendar = .utc) -> OptimizationResult {
        optimize(TrainingDataset(reviews: reviews, calendar: calendar))
    }

    /// Fits the weights to a review log read from the FSRS review-log CSV
    /// (`ReviewLogColumns(csv:)`): every card's history under Anki's rules
    /// (`ReviewTimelines`), days counted on `calendar`.
    /// - Parameters:
    ///   - log: the review log's columns.
    ///   - calendar: where a study day begins (UTC from 04:00 unless given).
    /// - Complexity: O(*n* log *n*) to group and order the log's *n* reviews, then the fit of
    ///   `optimize(_:itemLimit:progress:)`.
    public func optimize(_ log: ReviewLogColumns, calendar: StudyCalendar = .utc) -> OptimizationResult {
        optimize(TrainingDataset(ReviewTimelines(log: log, calendar: calendar)))
    }
}

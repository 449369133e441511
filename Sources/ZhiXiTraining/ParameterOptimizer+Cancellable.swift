import ZhiXiCore
import ZhiXiMemory
import ZhiXiScheduler

extension ParameterOptimizer {
    /// Fits the weights to a learner's reviews as the scheduler logged them, as the blocking
    /// `optimize(_:calendar:)` does and with the same result to the last bit, on the library's
    /// worker threads: the calling task is suspended meanwhile and holds no thread of Swift's
    /// cooperative pool. Cancellable: when the task is cancelled the fit stops after the epoch
    /// it is in (a few milliseconds) and throws.
    /// - Parameters:
    ///   - reviews: the scheduler's log entries (`CardReviewResult.review`), in any order.
    ///   - calendar: where a study day begins (UTC from 04:00 unless given).
    /// - Throws: `CancellationError` when the task was cancelled before the fit ended.
    /// - Complexity: O(*n* log *n*) to group and order *n* reviews, then O(epochs · reviews) on
    ///   the library's worker threads.
    public func optimize(_ reviews: [CardReview], calendar: StudyCalendar = .utc) async throws(CancellationError) -> OptimizationResult {
        try await cancellableFit { TrainingDataset(reviews: reviews, calendar: calendar) }
    }

    /// Fits the weights to a review log read from the FSRS review-log CSV
    /// (`ReviewLogColumns(csv:)`), as the blocking `optimize(_:calendar:)` does, on the
    /// library's worker threads; cancellable as the `async` fit of reviews.
    /// - Parameters:
    ///   - log: the review log's columns.
    ///   - calendar: where a study day begins (UTC from 04:00 unless given).
    /// - Throws: `CancellationError` when the task was cancelled before the fit ended.
    /// - Complexity: O(*n* log *n*) to group and order the log's *n* reviews, then
    ///   O(epochs · reviews) on the library's worker threads.
    public func optimize(_ log: ReviewLogColumns, calendar: StudyCalendar = .utc) async throws(CancellationError) -> OptimizationResult {
        try await cancellableFit { TrainingDataset(ReviewTimelines(log: log, calendar: calendar)) }
    }

    /// Reads the dataset and fits it on the library's workers, stopping when the task is
    /// cancelled.
    private func cancellableFit(dataset: @escaping @Sendable () -> TrainingDataset) async throws(CancellationError) -> OptimizationResult {
        if Task.isCancelled { throw CancellationError() }
        let cancelled = Locked(false)
        let optimizer = self
        let result = await withTaskCancellationHandler {
            await WorkerPool.shared.run { () -> OptimizationResult? in
                if cancelled.withLock({ $0 }) { return nil }
                return optimizer.optimize(dataset(), itemLimit: nil, progress: nil, stopping: { cancelled.withLock { $0 } })
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
        guard let result, !cancelled.withLock({ $0 }) else { throw CancellationError() }
        return result
    }
}

extension ModelEvaluator {
    /// How well `parameters` predict a learner's reviews as the scheduler logged them: every
    /// item (a review on a later day than the card's previous one, under Anki's rules) scored,
    /// unweighted, on the library's worker threads; the calling task holds no thread while it
    /// waits. Cancellable: a task cancelled before the scoring starts or while it runs (a few
    /// milliseconds for a learner's log) throws instead of returning the metrics.
    /// - Parameters:
    ///   - parameters: the memory model's weights to score.
    ///   - reviews: the scheduler's log entries, in any order.
    ///   - calendar: where a study day begins (UTC from 04:00 unless given).
    /// - Throws: `CancellationError` when the task was cancelled.
    /// - Complexity: O(*n* log *n*) for *n* reviews.
    public static func evaluate(_ parameters: FSRSParameters, on reviews: [CardReview],
                                calendar: StudyCalendar = .utc) async throws(CancellationError) -> EvaluationMetrics {
        try await evaluate(parameters) { TrainingDataset(reviews: reviews, calendar: calendar) }
    }

    /// How well `parameters` predict a review log read from the FSRS review-log CSV
    /// (`ReviewLogColumns(csv:)`), as the evaluation of a `[CardReview]` does.
    /// - Throws: `CancellationError` when the task was cancelled.
    /// - Complexity: O(*n* log *n*) for the log's *n* reviews.
    public static func evaluate(_ parameters: FSRSParameters, on log: ReviewLogColumns,
                                calendar: StudyCalendar = .utc) async throws(CancellationError) -> EvaluationMetrics {
        try await evaluate(parameters) { TrainingDataset(ReviewTimelines(log: log, calendar: calendar)) }
    }

    /// Reads the dataset and scores every item on the library's workers.
    private static func evaluate(_ parameters: FSRSParameters,
                                 dataset: @escaping @Sendable () -> TrainingDataset) async throws(CancellationError) -> EvaluationMetrics {
        if Task.isCancelled { throw CancellationError() }
        let scored = await WorkerPool.shared.run { () -> EvaluationMetrics in
            let dataset = dataset()
            let items = 0 ..< dataset.itemCount
            return Self.metrics(predictions: Self.predictions(of: parameters, on: dataset, items: items), dataset: dataset, items: items,
                                weighting: .uniform)
        }
        if Task.isCancelled { throw CancellationError() }
        return scored
    }
}

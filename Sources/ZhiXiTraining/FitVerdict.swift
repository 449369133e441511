/// Whether fitted (or given) parameters should replace the FSRS-6 defaults, judged on
/// reviews they were not fitted on.
///
/// The rule: the candidate is used when its held-out log loss is lower than the defaults' —
/// the figure the evaluate command's table shows: every scored fold's items together,
/// unweighted, as fsrs-rs's `evaluate_with_time_series_splits` and Anki's `evaluate_params`
/// score them (``TimeSeriesSummary/pooled``), or, for a check that reports the folds' own
/// figures, the mean over the scored folds of each fold's log loss with items weighted by
/// recency (fsrs-rs's `evaluate`). How sure that is
/// comes from the same reviews taken alike: the mean per-review difference of the two log
/// losses and its standard error; a gap of more than two standard errors is clear, a smaller
/// one is within noise. When no scored fold had enough data to fit anything, the candidate
/// is the defaults and nothing was tested.
package struct FitVerdict: Sendable, Hashable {
    /// What to do with the candidate.
    package enum Decision: Sendable, Hashable {
        /// Its held-out log loss is lower than the defaults': use it.
        case useCandidate
        /// It is not lower: keep the defaults.
        case keepDefaults
        /// No scored fold had enough data for a fit: the candidate is the defaults.
        case nothingFitted
    }

    /// The decision.
    package var decision: Decision
    /// The held-out log loss of the candidate and of the defaults (pooled, or the mean over
    /// the scored folds of each fold's recency-weighted log loss: see the initializer).
    package var candidateLogLoss: Double
    /// See ``candidateLogLoss``.
    package var defaultsLogLoss: Double
    /// The held-out reviews (items) scored.
    package var scoredItemCount: Int
    /// Over the scored reviews taken alike, the mean of the candidate's log loss minus the
    /// defaults' (negative: the candidate predicts better), and its standard error.
    package var meanDifference: Double
    /// See ``meanDifference``.
    package var differenceStandardError: Double

    /// Whether the per-review difference is more than two standard errors from 0.
    package var isClear: Bool { abs(meanDifference) > 2 * differenceStandardError }

    /// The verdict of a time-series evaluation (``TimeSeriesEvaluator``) of `dataset`, on its
    /// pooled log loss (`pooled`, the default: fsrs-rs's and Anki's figure) or on the mean of
    /// the folds' recency-weighted ones.
    /// - Complexity: O(scored items).
    package init(_ evaluation: TimeSeriesEvaluation, dataset: TrainingDataset, pooled: Bool = true) {
        let nothingFitted = !evaluation.folds.isEmpty && evaluation.folds.allSatisfy { !($0.optimization?.outcome.isFitted ?? true) }
        self.init(candidateLogLoss: pooled ? evaluation.candidate.pooled.logLoss : evaluation.candidate.meanLogLoss,
                  defaultsLogLoss: pooled ? evaluation.defaults.pooled.logLoss : evaluation.defaults.meanLogLoss,
                  candidate: evaluation.folds.flatMap(\.predictions), defaults: evaluation.folds.flatMap(\.defaultPredictions),
                  dataset: dataset, items: evaluation.folds.flatMap { Array($0.testItems) }, nothingFitted: nothingFitted)
    }

    /// The verdict of predictions of `items` of `dataset` by the candidate and by the
    /// defaults, scored together (`weighting` as the log loss shown).
    /// - Complexity: O(items).
    package init(candidate: [Double], defaults: [Double], dataset: TrainingDataset, items: Range<Int>, weighting: EvaluationWeighting) {
        self.init(candidateLogLoss: ModelEvaluator.logLoss(predictions: candidate, dataset: dataset, items: items, weighting: weighting),
                  defaultsLogLoss: ModelEvaluator.logLoss(predictions: defaults, dataset: dataset, items: items, weighting: weighting),
                  candidate: candidate, defaults: defaults, dataset: dataset, items: Array(items), nothingFitted: false)
    }

    private init(candidateLogLoss: Double, defaultsLogLoss: Double, candidate: [Double], defaults: [Double],
                 dataset: TrainingDataset, items: [Int], nothingFitted: Bool) {
        precondition(candidate.count == items.count && defaults.count == items.count, "one prediction per item")
        self.candidateLogLoss = candidateLogLoss
        self.defaultsLogLoss = defaultsLogLoss
        scoredItemCount = items.count
        var sum = 0.0, squares = 0.0
        for (index, item) in items.enumerated() {
            let recalled = dataset.ratings[Int(dataset.itemPositions[item])] > 1
            // itemLoss is y·log p + (1 − y)·log(1 − p): the log loss is its negative.
            let difference = EvaluationMetrics.itemLoss(defaults[index], recalled: recalled)
                - EvaluationMetrics.itemLoss(candidate[index], recalled: recalled)
            sum += difference
            squares += difference * difference
        }
        let count = Double(max(1, items.count))
        meanDifference = sum / count
        let variance = items.count > 1 ? max(0, (squares - sum * sum / count) / (count - 1)) : 0
        differenceStandardError = (variance / count).squareRoot()
        if nothingFitted {
            decision = .nothingFitted
        } else {
            decision = candidateLogLoss < defaultsLogLoss ? .useCandidate : .keepDefaults
        }
    }
}

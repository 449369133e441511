/// Which parameters to use — a fit, the current parameters or the FSRS-6 defaults — judged
/// once, on one comparison, for a whole run of `optimize` or `evaluate`.
///
/// The rule: the parameters with the lowest log loss on the scored reviews are used. With
/// time-series folds (``TimeSeriesEvaluator``) those are held-out reviews: each scored fold
/// is predicted by parameters fitted on the items before it, by the current parameters and
/// by the defaults, and the figure is every scored fold's items together, unweighted
/// (``TimeSeriesSummary/pooled``), as fsrs-rs's `evaluate_with_time_series_splits` and
/// Anki's `evaluate_params` score them. Without folds (`evaluate --splits 1`) only the
/// current parameters and the defaults are compared, on every item weighted by recency
/// (fsrs-rs's `evaluate`); those reviews may be the ones the current parameters were fitted
/// on. On a tie the current parameters win over the defaults, and both over a fit (a change
/// must score better). A fit that had too little data in every scored fold is no candidate.
///
/// How sure that is comes from the same reviews taken alike: the mean per-review difference
/// between the log loss of the chosen parameters and of the runner-up, and its standard
/// error; a gap of more than two standard errors is clear, a smaller one is within noise.
package struct FitVerdict: Sendable, Hashable {
    /// Which parameters.
    package enum Candidate: Sendable, Hashable, CaseIterable {
        /// Fitted to the learner's history (in a held-out comparison: fitted per fold on the
        /// items before it, the way `optimize` fits the whole history).
        case fit
        /// The parameters in use: `--params`, or an Anki preset's.
        case current
        /// The FSRS-6 defaults.
        case defaults
    }

    /// The parameters to use.
    package var chosen: Candidate
    /// The one with the next lowest log loss (`nil` when only one was scored).
    package var runnerUp: Candidate?
    /// The log loss of every candidate scored (a missing key: not a candidate).
    package var logLoss: [Candidate: Double]
    /// Whether the reviews scored are held out (time-series folds) or the ones the current
    /// parameters may have been fitted on.
    package var heldOut: Bool
    /// Whether a fit was a candidate; `false` when the folds had too little data to fit
    /// anything (then only the current parameters and the defaults are compared).
    package var fitTested: Bool
    /// The reviews (items) scored.
    package var scoredItemCount: Int
    /// Over the scored reviews taken alike, the mean of the chosen parameters' log loss minus
    /// the runner-up's (never positive), and its standard error (0 without a runner-up).
    package var meanDifference: Double
    /// See ``meanDifference``.
    package var differenceStandardError: Double

    /// Whether the per-review difference is more than two standard errors from 0.
    package var isClear: Bool { abs(meanDifference) > 2 * differenceStandardError }

    /// The verdict of a time-series evaluation of `dataset`: the per-fold fits (when any
    /// fold was fitted), the current parameters (when the evaluation scored any) and the
    /// defaults, on every scored fold's items pooled.
    /// - Complexity: O(scored items).
    package init(_ evaluation: TimeSeriesEvaluation, dataset: TrainingDataset) {
        let fitTested = evaluation.folds.contains { $0.optimization?.outcome.isFitted ?? false }
        var predictions: [Candidate: [Double]] = [.defaults: evaluation.folds.flatMap(\.defaultPredictions)]
        var losses: [Candidate: Double] = [.defaults: evaluation.defaults.pooled.logLoss]
        if fitTested {
            predictions[.fit] = evaluation.folds.flatMap(\.predictions)
            losses[.fit] = evaluation.candidate.pooled.logLoss
        }
        if let current = evaluation.current {
            predictions[.current] = evaluation.folds.flatMap { $0.currentPredictions ?? [] }
            losses[.current] = current.pooled.logLoss
        }
        self.init(logLoss: losses, predictions: predictions, dataset: dataset,
                  items: evaluation.folds.flatMap { Array($0.testItems) }, heldOut: true, fitTested: fitTested)
    }

    /// The verdict between the current parameters and the defaults on items `items` of
    /// `dataset` (their predictions in item order), their log loss weighted as `weighting`:
    /// `evaluate --splits 1 --params`.
    /// - Complexity: O(items).
    package init(current: [Double], defaults: [Double], dataset: TrainingDataset, items: Range<Int>, weighting: EvaluationWeighting) {
        func loss(_ predictions: [Double]) -> Double {
            ModelEvaluator.logLoss(predictions: predictions, dataset: dataset, items: items, weighting: weighting)
        }
        self.init(logLoss: [.current: loss(current), .defaults: loss(defaults)], predictions: [.current: current, .defaults: defaults],
                  dataset: dataset, items: Array(items), heldOut: false, fitTested: false)
    }

    private init(logLoss: [Candidate: Double], predictions: [Candidate: [Double]], dataset: TrainingDataset, items: [Int],
                 heldOut: Bool, fitTested: Bool) {
        // Lowest first; on a tie, the order of preference: current, defaults, fit.
        let preference: [Candidate] = [.current, .defaults, .fit]
        let ranked = preference.filter { logLoss[$0] != nil }.enumerated()
            .sorted { (logLoss[$0.element]!, $0.offset) < (logLoss[$1.element]!, $1.offset) }.map(\.element)
        chosen = ranked[0]
        runnerUp = ranked.count > 1 ? ranked[1] : nil
        self.logLoss = logLoss
        self.heldOut = heldOut
        self.fitTested = fitTested
        scoredItemCount = items.count
        var sum = 0.0, squares = 0.0
        if let runnerUp, let best = predictions[chosen], let next = predictions[runnerUp] {
            precondition(best.count == items.count && next.count == items.count, "one prediction per item")
            for (index, item) in items.enumerated() {
                let recalled = dataset.ratings[Int(dataset.itemPositions[item])] > 1
                // itemLoss is y·log p + (1 − y)·log(1 − p): the log loss is its negative.
                let difference = EvaluationMetrics.itemLoss(next[index], recalled: recalled)
                    - EvaluationMetrics.itemLoss(best[index], recalled: recalled)
                sum += difference
                squares += difference * difference
            }
        }
        let count = Double(max(1, items.count))
        meanDifference = sum / count
        let variance = items.count > 1 ? max(0, (squares - sum * sum / count) / (count - 1)) : 0
        differenceStandardError = runnerUp == nil ? 0 : (variance / count).squareRoot()
    }
}

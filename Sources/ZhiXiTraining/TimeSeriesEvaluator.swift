import Foundation
import ZhiXiCore
import ZhiXiMemory

/// Evaluation on time-series splits: the items (in time order) are cut into `foldCount`
/// equal folds; for each fold k = 1 … foldCount − 1, parameters are fitted on all items
/// before it and score it. This is fsrs-rs's `evaluate_with_time_series_splits`
/// (whose `n_splits` scored folds are `foldCount − 1` here: fsrs-rs's 5 splits are 6 folds)
/// and the protocol of `shared/data/README.md` (5 folds, 4 scored).
///
/// Every fold is scored by the fit, by the FSRS-6 defaults and, when given, by the current
/// parameters (`--params`, an Anki preset's), so that one comparison (``FitVerdict``) judges
/// all three on the same held-out reviews. The summary's headline (``TimeSeriesSummary/pooled``) is fsrs-rs's and
/// Anki's `evaluate_params`: every scored item together, unweighted, one log loss, one RMSE
/// (bins) and one AUC. A fold's own log loss and RMSE (bins) are fsrs-rs's `evaluate` on it
/// (recency-weighted within the fold, by default), and the summary keeps their mean over folds
/// under its own name (``TimeSeriesSummary/meanLogLoss``).
package struct TimeSeriesEvaluator: Sendable {
    /// The number of equal folds (≥ 2); all but the first are scored.
    package var foldCount: Int
    /// How the optimizer fits each fold.
    package var optimizer: ParameterOptimizer
    /// How items are weighted within a fold (default `.recency`, fsrs-rs's `evaluate`).
    package var weighting: EvaluationWeighting

    /// Creates an evaluator.
    /// - Complexity: O(1).
    package init(foldCount: Int = 5, optimizer: ParameterOptimizer = ParameterOptimizer(),
                weighting: EvaluationWeighting = .recency) {
        self.foldCount = foldCount
        self.optimizer = optimizer
        self.weighting = weighting
    }

    /// Fits and scores every fold, the folds in parallel on the calling thread and the
    /// library's worker threads (see ``ParameterOptimizer``); blocks the calling thread until
    /// done. From async code prefer the `async` variant.
    ///
    /// - Parameters:
    ///   - dataset: the items, in time order.
    ///   - current: the parameters in use (`--params`, an Anki preset's), scored on every
    ///     fold beside the fit and the defaults; `nil` for none.
    /// - Throws: ``EvaluationError`` when there are fewer items than folds.
    /// - Complexity: O(folds · epochs · reviews).
    package func evaluate(_ dataset: TrainingDataset, current: FSRSParameters? = nil) throws(EvaluationError) -> TimeSeriesEvaluation {
        try evaluate(dataset, candidates: .fitted, current: current)
    }

    /// Scores every fold with parameters fitted elsewhere, one set per scored fold in time
    /// order (e.g. fsrs-rs's own fits of the same training items): the figures fsrs-rs's
    /// `evaluate_with_time_series_splits` would report for those fits.
    /// - Throws: ``EvaluationError`` when there are fewer items than folds, or not one set of
    ///   parameters per scored fold.
    /// - Complexity: O(folds · reviews).
    package func evaluate(_ dataset: TrainingDataset, foldParameters: [FSRSParameters]) throws(EvaluationError) -> TimeSeriesEvaluation {
        guard foldParameters.count == foldCount - 1 else {
            throw .wrongParameterCount(given: foldParameters.count, folds: foldCount - 1)
        }
        return try evaluate(dataset, candidates: .perFold(foldParameters), current: nil)
    }

    /// What scores each fold.
    private enum Candidates: Sendable {
        case fitted
        case perFold([FSRSParameters])
    }

    private func evaluate(_ dataset: TrainingDataset, candidates: Candidates,
                          current: FSRSParameters?) throws(EvaluationError) -> TimeSeriesEvaluation {
        guard foldCount >= 2 else { throw .tooFewFolds(foldCount) }
        let size = dataset.itemCount / foldCount
        guard size > 0 else { throw .tooFewItems(items: dataset.itemCount, folds: foldCount) }
        let scored = Array(1..<foldCount)
        let defaultsAtReviews = ModelEvaluator.retrievabilities(of: .default, on: dataset)
        let currentAtReviews = current.map { ModelEvaluator.retrievabilities(of: $0, on: dataset) }
        let optimizer = optimizer, weighting = weighting, foldCount = foldCount
        let folds = ParallelChunks.array(chunks: scored.count) { slot in
            let fold = scored[slot]
            let test = fold * size ..< (fold == foldCount - 1 ? dataset.itemCount : (fold + 1) * size)
            var fit: OptimizationResult?
            let candidateParameters: FSRSParameters
            switch candidates {
            case .fitted:
                fit = optimizer.optimize(dataset, itemLimit: fold * size)
                candidateParameters = fit!.parameters
            case .perFold(let parameters):
                candidateParameters = parameters[slot]
            }
            let atReviews = ModelEvaluator.retrievabilities(of: candidateParameters, on: dataset)
            let candidate = test.map { atReviews[Int(dataset.itemPositions[$0])] }
            let defaults = test.map { defaultsAtReviews[Int(dataset.itemPositions[$0])] }
            let current = currentAtReviews.map { atReviews in test.map { atReviews[Int(dataset.itemPositions[$0])] } }
            return FoldEvaluation(
                fold: fold, trainingItems: 0 ..< fold * size, testItems: test, parameters: candidateParameters,
                optimization: fit,
                candidate: ModelEvaluator.metrics(predictions: candidate, dataset: dataset, items: test, weighting: weighting),
                defaults: ModelEvaluator.metrics(predictions: defaults, dataset: dataset, items: test, weighting: weighting),
                current: current.map { ModelEvaluator.metrics(predictions: $0, dataset: dataset, items: test, weighting: weighting) },
                predictions: candidate, defaultPredictions: defaults, currentPredictions: current)
        }
        return TimeSeriesEvaluation(folds: folds, dataset: dataset)
    }

    /// Fits and scores every fold as the synchronous `evaluate(_:current:)` does, with the
    /// same results to the last bit, on the library's worker threads: the calling task is
    /// suspended meanwhile and holds no thread of Swift's cooperative pool.
    ///
    /// - Throws: ``EvaluationError`` when there are fewer items than folds.
    /// - Complexity: O(folds · epochs · reviews).
    package func evaluate(_ dataset: TrainingDataset, current: FSRSParameters? = nil) async throws(EvaluationError) -> TimeSeriesEvaluation {
        let evaluator = self
        let outcome = await WorkerPool.shared.run { () -> Result<TimeSeriesEvaluation, EvaluationError> in
            do throws(EvaluationError) {
                return .success(try evaluator.evaluate(dataset, current: current))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}

/// Why an evaluation cannot run.
package enum EvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Fewer than two folds were asked for.
    case tooFewFolds(Int)
    /// Fewer items than folds.
    case tooFewItems(items: Int, folds: Int)
    /// Parameters given per fold, but not one set for each scored fold.
    case wrongParameterCount(given: Int, folds: Int)

    /// What is wrong and what to do.
    package var description: String {
        switch self {
        case .tooFewFolds(let folds):
            "\(folds) fold(s) cannot be split in time; use at least 2 (the first fold is only trained on)"
        case .tooFewItems(let items, let folds):
            "\(items) item(s) cannot be cut into \(folds) folds; use fewer folds or a longer history (an item is a review on a later day than the card's previous review)"
        case .wrongParameterCount(let given, let folds):
            "\(given) set(s) of parameters for \(folds) scored fold(s); give one set per scored fold"
        }
    }
}

/// One scored fold of a ``TimeSeriesEvaluator``.
package struct FoldEvaluation: Sendable, Hashable {
    /// The fold's number (1-based: fold 0 is only trained on).
    package var fold: Int
    /// The items the parameters were fitted on, and the items scored (item indices).
    package var trainingItems: Range<Int>
    /// See ``trainingItems``.
    package var testItems: Range<Int>
    /// The parameters fitted on ``trainingItems`` (or given for the fold).
    package var parameters: FSRSParameters
    /// The fit, when the parameters were fitted.
    package var optimization: OptimizationResult?
    /// The scores of ``parameters``, of the FSRS-6 defaults and of the current parameters
    /// (when the evaluation had any) on the fold.
    package var candidate: EvaluationMetrics
    /// See ``candidate``.
    package var defaults: EvaluationMetrics
    /// See ``candidate``.
    package var current: EvaluationMetrics?
    /// Each scored item's predicted recall under ``parameters``, under the defaults and under
    /// the current parameters.
    package var predictions: [Double]
    /// See ``predictions``.
    package var defaultPredictions: [Double]
    /// See ``predictions``.
    package var currentPredictions: [Double]?
}

/// The outcome of a ``TimeSeriesEvaluator``: every fold and the summaries.
package struct TimeSeriesEvaluation: Sendable, Hashable {
    /// The scored folds, in time order.
    package var folds: [FoldEvaluation]
    /// The candidate's summary: mean log loss and RMSE (bins) over folds, and the metrics of
    /// all scored items pooled (unweighted; its AUC is the summary's AUC).
    package var candidate: TimeSeriesSummary
    /// The same for the FSRS-6 defaults.
    package var defaults: TimeSeriesSummary
    /// The same for the current parameters, when the evaluation scored any.
    package var current: TimeSeriesSummary?

    init(folds: [FoldEvaluation], dataset: TrainingDataset) {
        self.folds = folds
        func summary(_ metrics: (FoldEvaluation) -> EvaluationMetrics?, _ predictions: (FoldEvaluation) -> [Double]?) -> TimeSeriesSummary {
            let count = Double(max(1, folds.count))
            let items = folds.flatMap { Array($0.testItems) }
            let pooledRange = (folds.first?.testItems.lowerBound ?? 0) ..< (folds.last?.testItems.upperBound ?? 0)
            precondition(items.count == pooledRange.count, "folds are consecutive")
            let pooled = ModelEvaluator.metrics(predictions: folds.flatMap { predictions($0) ?? [] }, dataset: dataset,
                                                items: pooledRange, weighting: .uniform)
            return TimeSeriesSummary(meanLogLoss: folds.reduce(0) { $0 + (metrics($1)?.logLoss ?? .nan) } / count,
                                     meanRMSEBins: folds.reduce(0) { $0 + (metrics($1)?.rmseBins ?? .nan) } / count,
                                     pooled: pooled)
        }
        candidate = summary({ $0.candidate }, { $0.predictions })
        defaults = summary({ $0.defaults }, { $0.defaultPredictions })
        current = folds.allSatisfy({ $0.current != nil }) && !folds.isEmpty
            ? summary({ $0.current }, { $0.currentPredictions }) : nil
    }
}

/// Summary figures of one set of parameters over the scored folds.
package struct TimeSeriesSummary: Sendable, Hashable {
    /// Mean over folds of each fold's log loss (each fold weighted as the evaluator weighs).
    package var meanLogLoss: Double
    /// Mean over folds of each fold's RMSE (bins).
    package var meanRMSEBins: Double
    /// All scored items together, unweighted: the figure of fsrs-rs's
    /// `evaluate_with_time_series_splits` and Anki's `evaluate_params` (their 5 splits are 6
    /// folds here).
    package var pooled: EvaluationMetrics
    /// The AUC of all scored items together.
    package var auc: Double? { pooled.auc }
}

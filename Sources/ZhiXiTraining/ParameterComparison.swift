import ZhiXiMemory

/// The one comparison of a run of `optimize` or `evaluate`: what scores which items, each
/// candidate's figures, and the verdict (``FitVerdict``) that every line of the run follows.
///
/// With more than one split the items are cut into equal folds in time (``TimeSeriesEvaluator``):
/// every fold after the first is predicted by parameters fitted on the items before it (as
/// fsrs-rs's `evaluate_with_time_series_splits` fits them, whatever parameters are in use),
/// by the current parameters when there are any, and by the FSRS-6 defaults. The headline
/// figures are every scored item together, unweighted (fsrs-rs's and Anki's `evaluate_params`);
/// the mean of the folds' own recency-weighted figures is kept beside them. With one split
/// nothing is fitted: every item is predicted by the current parameters (when any) and the
/// defaults, weighted by recency (fsrs-rs's `evaluate`, Anki's `evaluate_params_legacy`).
package struct ParameterComparison: Sendable {
    /// One candidate's figures.
    package struct Row: Sendable, Hashable {
        /// Which parameters.
        package var candidate: FitVerdict.Candidate
        /// The parameters scored: the current ones, the defaults, or for a fit per fold the
        /// last fold's (fitted on the most items).
        package var parameters: FSRSParameters
        /// The headline figures: pooled and unweighted with folds, weighted by recency without.
        package var metrics: EvaluationMetrics
        /// The same items, every one alike.
        package var unweighted: EvaluationMetrics
        /// With folds, the mean over the scored folds of each fold's recency-weighted figures.
        package var perFoldMean: FoldMean?
    }

    /// The mean over the scored folds of each fold's recency-weighted log loss and RMSE (bins).
    package struct FoldMean: Sendable, Hashable {
        /// The mean log loss.
        package var logLoss: Double
        /// The mean RMSE (bins).
        package var rmseBins: Double
    }

    /// One scored item: its fold (0 without folds), each candidate's prediction, and its
    /// weight in the headline figure's fold (recency within the fold, as fsrs-rs's `evaluate`).
    package struct ScoredItem: Sendable, Hashable {
        /// The item (an index into the dataset's items).
        package var item: Int
        /// Its fold, numbered from 1 (fold 1 is only trained on); 0 without folds.
        package var fold: Int
        /// The predicted recall of each candidate scored.
        package var predictions: [FitVerdict.Candidate: Double]
        /// Its weight within its fold (or among all items, without folds), by recency.
        package var weight: Double
    }

    /// The number of splits: 1 scores every item, more cut the items into that many folds.
    package var splits: Int
    /// The candidates scored, in the order of a report: the fit (with folds), the current
    /// parameters (when any), the defaults.
    package var rows: [Row]
    /// The scored folds (empty with one split).
    package var folds: [FoldEvaluation]
    /// Every scored item, in item order.
    package var scoredItems: [ScoredItem]
    /// What to use; `nil` with one split and no current parameters (the defaults alone).
    package var verdict: FitVerdict?

    /// The figures of `row`'s candidate, if it was scored.
    package func row(_ candidate: FitVerdict.Candidate) -> Row? { rows.first { $0.candidate == candidate } }

    /// Compares on `dataset`.
    /// - Parameters:
    ///   - dataset: the items, in time order.
    ///   - splits: 1 (score every item, fitting nothing) or the number of folds.
    ///   - current: the parameters in use (`--params`, an Anki preset's); `nil` for none.
    ///   - optimizer: how each fold is fitted.
    /// - Throws: ``EvaluationError`` when there are fewer items than folds (or none at all).
    /// - Complexity: O(folds · epochs · reviews) with folds, O(reviews) without.
    package init(dataset: TrainingDataset, splits: Int, current: FSRSParameters?,
                 optimizer: ParameterOptimizer = ParameterOptimizer()) throws(EvaluationError) {
        self.splits = splits
        if splits <= 1 {
            let items = 0 ..< dataset.itemCount
            guard !items.isEmpty else { throw .tooFewItems(items: 0, folds: 1) }
            let weights = ModelEvaluator.weights(count: items.count, weighting: .recency)
            var scored: [(FitVerdict.Candidate, FSRSParameters, [Double])] = []
            if let current { scored.append((.current, current, ModelEvaluator.predictions(of: current, on: dataset))) }
            scored.append((.defaults, .default, ModelEvaluator.predictions(of: .default, on: dataset)))
            rows = scored.map { candidate, parameters, predictions in
                Row(candidate: candidate, parameters: parameters,
                    metrics: ModelEvaluator.metrics(predictions: predictions, dataset: dataset, items: items, weighting: .recency),
                    unweighted: ModelEvaluator.metrics(predictions: predictions, dataset: dataset, items: items, weighting: .uniform),
                    perFoldMean: nil)
            }
            folds = []
            scoredItems = items.map { item in
                ScoredItem(item: item, fold: 0, predictions: Dictionary(uniqueKeysWithValues: scored.map { ($0.0, $0.2[item]) }),
                           weight: weights[item])
            }
            verdict = current == nil ? nil
                : FitVerdict(current: scored[0].2, defaults: scored[1].2, dataset: dataset, items: items, weighting: .recency)
            return
        }
        let evaluation = try TimeSeriesEvaluator(foldCount: splits, optimizer: optimizer).evaluate(dataset, current: current)
        func row(_ candidate: FitVerdict.Candidate, _ parameters: FSRSParameters, _ summary: TimeSeriesSummary) -> Row {
            Row(candidate: candidate, parameters: parameters, metrics: summary.pooled, unweighted: summary.pooled,
                perFoldMean: FoldMean(logLoss: summary.meanLogLoss, rmseBins: summary.meanRMSEBins))
        }
        var rows = [row(.fit, evaluation.folds.last?.parameters ?? .default, evaluation.candidate)]
        if let current, let summary = evaluation.current { rows.append(row(.current, current, summary)) }
        rows.append(row(.defaults, .default, evaluation.defaults))
        self.rows = rows
        folds = evaluation.folds
        scoredItems = evaluation.folds.flatMap { fold in
            let weights = ModelEvaluator.weights(count: fold.testItems.count, weighting: .recency)
            return fold.testItems.enumerated().map { offset, item in
                var predictions: [FitVerdict.Candidate: Double] = [.fit: fold.predictions[offset], .defaults: fold.defaultPredictions[offset]]
                predictions[.current] = fold.currentPredictions?[offset]
                return ScoredItem(item: item, fold: fold.fold + 1, predictions: predictions, weight: weights[offset])
            }
        }
        verdict = FitVerdict(evaluation, dataset: dataset)
    }
}

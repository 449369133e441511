import ZhiXiMemory

/// Which parameters a fit ends with, by Anki's rule (`compute_params` in Anki's
/// `rslib/src/scheduler/fsrs/params.rs`): the fit replaces the current parameters only when
/// it scores better on the same items.
///
/// Both are scored as fsrs-rs's `evaluate` scores (the log loss of every item, weighted by
/// recency: ``ModelEvaluator`` with ``EvaluationWeighting/recency``). When the current
/// parameters score as well or better they are kept; with more than one relearning step in a
/// day, only if they also pass Anki's check that the steps do not lift a lapsed card's
/// stability: from stability 1 and difficulty 1, a lapse after 2 days, then Good once per
/// relearning step on the same day, must end below stability 1 (otherwise the fit is used).
/// A preset without parameters is the FSRS-6 defaults.
package struct ParameterSelection: Sendable, Hashable {
    /// Which parameters were chosen.
    package enum Outcome: Sendable, Hashable {
        /// The fit: it scores better than the current parameters (or they fail the check).
        case fitted
        /// The current parameters: they score as well as the fit or better (and differ from it).
        case keptCurrent
    }

    /// The chosen parameters.
    package var parameters: FSRSParameters
    /// Which they are.
    package var outcome: Outcome
    /// The recency-weighted log loss of the current parameters on every item.
    package var currentLogLoss: Double
    /// The same for the fit.
    package var fittedLogLoss: Double
    /// Whether the current parameters pass the relearning check (always `true` with at most
    /// one relearning step, where Anki does not make it).
    package var currentPassesRelearningCheck: Bool

    /// Chooses between a fit and the current parameters on `dataset`'s items, as Anki does.
    ///
    /// - Parameters:
    ///   - fitted: what the optimizer found.
    ///   - current: the parameters in use (`.default` for a preset without any).
    ///   - dataset: the items the fit was made on.
    ///   - relearningStepCount: relearning steps within a day (Anki counts the preset's steps
    ///     until they add up to a day).
    /// - Complexity: O(reviews) for the two scores.
    package init(fitted: FSRSParameters, current: FSRSParameters, dataset: TrainingDataset, relearningStepCount: Int = 1) {
        let items = 0 ..< dataset.itemCount
        func score(_ parameters: FSRSParameters) -> Double {
            ModelEvaluator.logLoss(predictions: ModelEvaluator.predictions(of: parameters, on: dataset), dataset: dataset,
                                   items: items, weighting: .recency)
        }
        currentLogLoss = dataset.itemCount > 0 ? score(current) : .nan
        fittedLogLoss = dataset.itemCount > 0 ? score(fitted) : .nan
        currentPassesRelearningCheck = relearningStepCount <= 1
            || Self.relearnedStability(MemoryModel(parameters: current), steps: relearningStepCount) < 1
        let keep = dataset.itemCount > 0 && current != fitted && currentLogLoss <= fittedLogLoss && currentPassesRelearningCheck
        parameters = keep ? current : fitted
        outcome = keep ? .keptCurrent : .fitted
    }

    /// The stability after Anki's check: from S = 1, D = 1, Again after 2 days, then Good on
    /// the same day `steps` times. O(steps).
    static func relearnedStability(_ model: MemoryModel, steps: Int) -> Double {
        var stability = model.stabilityAfterLapse(stability: 1, difficulty: 1,
                                                  retrievability: model.retrievability(elapsedDays: 2, stability: 1))
        stability = max(stability, FSRSParameters.minimumStability)
        for _ in 0 ..< steps {
            stability = max(model.stabilityAfterSameDayReview(stability: stability, rating: .good), FSRSParameters.minimumStability)
        }
        return stability
    }
}

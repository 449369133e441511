/// How ``ParameterOptimizer`` trains. The defaults are fsrs-rs's (`TrainingConfig` and
/// `compute_parameters`).
public struct OptimizerConfiguration: Sendable, Hashable {
    /// Passes over the training items (default 5).
    public var epochs = 5
    /// Items per gradient step (default 512). Whole cards go into a batch, until adding the
    /// next card would exceed this many items.
    public var batchSize = 512
    /// Adam's initial learning rate (default 0.04), annealed towards 0 over all steps along a
    /// cosine (`lr · (1 + cos(π · t / steps)) / 2` at step `t`, counted from 0 as fsrs-rs's
    /// `CosineAnnealingLR` counts it: the first step at the full rate).
    public var learningRate = 0.04
    /// Items whose history (with the item's own review) is longer than this many reviews are
    /// not trained on (default 256, fsrs-rs's `max_seq_len`).
    public var maximumSequenceLength = 256
    /// The weight of the L2 pull of every weight towards its starting value (the pre-trained
    /// initial stabilities and the FSRS-6 defaults), each divided by fsrs-rs's standard
    /// deviation of that weight across learners (default 1, fsrs-rs's `gamma`; 0 turns it off).
    public var regularization = 1.0
    /// The seed of the order in which batches are visited each epoch (default 2023, fsrs-rs's).
    public var seed: UInt64 = 2023
    /// Descents run from the same start with different batch orders (seeds derived from
    /// ``seed``); the one reaching the lowest training objective is kept (default 3: with a single
    /// descent, small training sets land in a poor optimum for some seeds).
    public var restarts = 3
    /// Weight later items more: item `i` of `n` (in time order) counts
    /// `0.25 + 0.75 · (i / (n − 1))³` (default `true`, as fsrs-rs trains).
    public var recencyWeighting = true
    /// Drop the cards whose first interval is an outlier (default `true`; see
    /// `OutlierFilter`).
    public var filtersOutliers = true
    /// The relearning steps the scheduler will use; more than one lowers the ceiling of
    /// `w[17]` and `w[18]` (see `FSRSParameters.upperBounds(relearningStepCount:weights:)`).
    public var relearningStepCount = 1
    /// Below this many training items the FSRS-6 defaults are returned (default 8, fsrs-rs's).
    public var minimumItemCount = 8
    /// Below this many training items only the initial stabilities are fitted (default 64,
    /// fsrs-rs's); the other weights stay at their defaults.
    public var minimumTrainingItemCount = 64
    /// How items are put into batches (default ``BatchComposition/shuffledCards``).
    public var batchComposition = BatchComposition.shuffledCards
    /// Cards of a batch are split into chunks of at least this many reviews, computed on all
    /// cores and added up in order (default 8,192). Smaller batches run on one core.
    public var minimumParallelWork = 8_192

    /// Also run fsrs-rs's own descent (its length-sorted batches visited in the order its
    /// seeded `StdRng` shuffles them, its cosine over `(items / batch size + 1) · epochs`
    /// steps, its last epoch) and keep whichever of it and ours scores better on every item
    /// by Anki's scorer (fsrs-rs's `evaluate`: log loss weighted by recency). Default `false`;
    /// ``anki`` sets it, so that a fit is never worse on Anki's scorer than Anki's own.
    public var fsrsRsDescent = false

    /// fsrs-rs's settings.
    /// - Complexity: O(1).
    public init() {}

    /// How Anki 26.9 calls fsrs-rs (`compute_params`, `evaluate_params`: 8 epochs, the
    /// other settings fsrs-rs's), with fsrs-rs's own descent run beside ours
    /// (``fsrsRsDescent``).
    /// - Complexity: O(1).
    public static var anki: OptimizerConfiguration {
        var configuration = OptimizerConfiguration()
        configuration.epochs = 8
        configuration.fsrsRsDescent = true
        return configuration
    }
}

/// How the optimizer puts items into batches. Either way a batch holds whole cards (all the
/// card's training items, its history replayed once) and about
/// ``OptimizerConfiguration/batchSize`` items.
public enum BatchComposition: String, Sendable, Hashable, CaseIterable {
    /// Each epoch the cards are shuffled (seeded) and packed into batches in that order, so
    /// every batch is a sample of the whole set (the default: the fit depends far less on
    /// the seed).
    case shuffledCards
    /// fsrs-rs's batches: cards sorted by history length and packed once; each epoch visits
    /// the batches in a shuffled order. Batches of similar cards pull the weights in turn
    /// towards short and long histories, and the result varies with the seed.
    case lengthSorted
}

/// The standard deviation of each FSRS-6 weight across learners, by which fsrs-rs scales
/// the regularisation (`PARAMS_STDDEV`).
let parameterStandardDeviations: [Double] = [
    6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6, 0.12, 0.39, 0.18, 0.33, 0.3, 0.09, 0.16, 0.57, 0.25,
    1.03, 0.31, 0.32, 0.14, 0.27,
]

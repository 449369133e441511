import ZhiXiLocalization
import ZhiXiMemory
import ZhiXiModel

/// What ``ParameterOptimizer`` (either `optimize(_:itemLimit:progress:)`) found.
public struct OptimizationResult: Sendable, Hashable {
    /// The parameters: fitted, or the defaults when there was too little data (see
    /// ``outcome``).
    public var parameters: FSRSParameters
    /// Whether the parameters were fitted, and if not, why.
    public var outcome: OptimizationOutcome
    /// Items available (in the limit given) and items trained on (after the outlier filter
    /// and the sequence-length limit).
    public var itemCount: Int
    /// Items trained on.
    public var trainingItemCount: Int
    /// The initial stabilities found by pre-training (days), when it ran.
    public var pretrainedStabilities: [Double]?
    /// The training objective after each epoch (recency-weighted cross-entropy plus the
    /// regularisation, per item); the best epoch's parameters are kept.
    public var epochLosses: [Double]
    /// Unweighted log loss of the training items under the FSRS-6 defaults and under the
    /// result (`nil` when nothing was trained on).
    public var logLossBefore: Double?
    /// See ``logLossBefore``.
    public var logLossAfter: Double?

    /// Creates a result.
    /// - Complexity: O(1).
    public init(parameters: FSRSParameters, outcome: OptimizationOutcome, itemCount: Int, trainingItemCount: Int,
                pretrainedStabilities: [Double]?, epochLosses: [Double], logLossBefore: Double?, logLossAfter: Double?) {
        self.parameters = parameters
        self.outcome = outcome
        self.itemCount = itemCount
        self.trainingItemCount = trainingItemCount
        self.pretrainedStabilities = pretrainedStabilities
        self.epochLosses = epochLosses
        self.logLossBefore = logLossBefore
        self.logLossAfter = logLossAfter
    }
}

/// Whether the optimizer fitted all 21 weights, and if not, why.
public enum OptimizationOutcome: Sendable, Hashable, CustomStringConvertible {
    /// Pre-training and gradient descent ran: all 21 weights are the learner's own.
    case fitted
    /// Fewer usable items (after the outlier filter) than
    /// ``OptimizerConfiguration/minimumItemCount``: the FSRS-6 defaults.
    case defaultsForTooLittleData(items: Int, needed: Int)
    /// No card's first long-term review is left after the outlier filter, so the initial
    /// stabilities cannot be pre-trained: the FSRS-6 defaults.
    case defaultsForNoFirstIntervals(items: Int)
    /// Fewer items than ``OptimizerConfiguration/minimumTrainingItemCount``, or only the
    /// cards' first long-term reviews: the initial stabilities are fitted, the rest are the
    /// defaults.
    case initialStabilitiesOnly(items: Int, needed: Int)

    /// A sentence for people, e.g. `too little data (5 items, at least 8 needed): FSRS-6 defaults`:
    /// the English of ``text(language:)``.
    public var description: String {
        text(language: .english)
    }

    /// The sentence in `language` (read from its files, `optimizer.outcome.*`): give the
    /// learner's, `AppLanguage(user:profile:)`, to speak as the planner does (their
    /// `preferredLanguage`, else Simplified Chinese).
    /// - Complexity: O(length of the sentence).
    public func text(language: AppLanguage) -> String {
        let words = language.localization
        func say(_ key: String, _ values: [String: String] = [:]) -> String { words.sentence("optimizer.outcome." + key, in: .common, values) }
        return switch self {
        case .fitted: say("fitted")
        case .defaultsForTooLittleData(let items, let needed): say("tooLittleData", ["items": String(items), "needed": String(needed)])
        case .defaultsForNoFirstIntervals(let items): say("noFirstIntervals", ["items": String(items)])
        case .initialStabilitiesOnly(let items, let needed): say("initialStabilitiesOnly", ["items": String(items), "needed": String(needed)])
        }
    }

    /// Whether any weight was fitted.
    public var isFitted: Bool {
        switch self {
        case .defaultsForTooLittleData, .defaultsForNoFirstIntervals: false
        default: true
        }
    }
}

/// Progress of an optimisation: the epoch just finished and its training objective.
public struct OptimizerProgress: Sendable, Hashable {
    /// 1-based epoch.
    public var epoch: Int
    /// Epochs in all.
    public var epochs: Int
    /// Training objective after the epoch (see ``OptimizationResult/epochLosses``).
    public var loss: Double
}

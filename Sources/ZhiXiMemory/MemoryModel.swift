#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The FSRS-6 memory model: the forgetting curve, how a review changes stability and
/// difficulty, and the interval that reaches a desired retention. Computes exactly what
/// fsrs-rs computes (same formulas, defaults and clamps), in `Double` instead of `Float`.
///
/// ```swift
/// let model = MemoryModel()                       // FSRS-6 defaults
/// var state = model.initialState(rating: .good)   // S = 2.3065 days, D = 2.1181
/// state = model.nextState(after: state, elapsedDays: 3, rating: .good)
/// let days = model.interval(stability: state.stability, desiredRetention: 0.9)
/// ```
///
/// Every method is O(1) and allocation-free unless its documentation says otherwise; the
/// derived constants of the formulas are computed once, when the model is created.
public struct MemoryModel: Sendable, Hashable {
    /// The weights this model computes with.
    public let parameters: FSRSParameters

    // Derived constants of the formulas, named after what they are.
    @usableFromInline let initialStabilityByRating: (Double, Double, Double, Double)
    @usableFromInline let initialDifficultyBase: Double       // w4 + 1
    @usableFromInline let initialDifficultySlope: Double      // w5
    @usableFromInline let difficultyStep: Double              // w6
    @usableFromInline let meanReversionWeight: Double         // w7
    @usableFromInline let meanReversionTarget: Double         // initial difficulty of Easy, unclamped
    @usableFromInline let recallGrowthScale: Double           // exp(w8)
    @usableFromInline let recallStabilityExponent: Double     // -w9
    @usableFromInline let recallRetrievabilityGain: Double    // w10
    @usableFromInline let hardPenalty: Double                 // w15
    @usableFromInline let easyBonus: Double                   // w16
    @usableFromInline let lapseScale: Double                  // w11
    @usableFromInline let lapseDifficultyExponent: Double     // -w12
    @usableFromInline let lapseStabilityExponent: Double      // w13
    @usableFromInline let lapseRetrievabilityGain: Double     // w14
    @usableFromInline let lapseShortTermDivisor: Double       // exp(w17 · w18)
    @usableFromInline let sameDayGrowthByRating: (Double, Double, Double, Double) // exp(w17 · (G − 3 + w18))
    @usableFromInline let sameDayStabilityExponent: Double    // -w19
    /// The exponent of the power forgetting curve, `-w[20]` (negative).
    public let decay: Double
    /// The scale of the power forgetting curve, `0.9^(1/decay) − 1`, which makes the
    /// probability of recall exactly 0.9 after `stability` days.
    public let factor: Double

    /// Creates a model from checked parameters.
    /// - Complexity: O(21): the weights' derived constants are computed once.
    public init(parameters: FSRSParameters = .default) {
        let w = parameters.weights
        self.parameters = parameters
        initialStabilityByRating = (w[0], w[1], w[2], w[3])
        initialDifficultyBase = w[4] + 1
        initialDifficultySlope = w[5]
        difficultyStep = w[6]
        meanReversionWeight = w[7]
        meanReversionTarget = w[4] - exp(w[5] * 3) + 1
        recallGrowthScale = exp(w[8])
        recallStabilityExponent = -w[9]
        recallRetrievabilityGain = w[10]
        lapseScale = w[11]
        lapseDifficultyExponent = -w[12]
        lapseStabilityExponent = w[13]
        lapseRetrievabilityGain = w[14]
        hardPenalty = w[15]
        easyBonus = w[16]
        lapseShortTermDivisor = exp(w[17] * w[18])
        sameDayGrowthByRating = (
            exp(w[17] * (-2 + w[18])), exp(w[17] * (-1 + w[18])),
            exp(w[17] * w[18]), exp(w[17] * (1 + w[18]))
        )
        sameDayStabilityExponent = -w[19]
        decay = -w[20]
        factor = pow(0.9, 1 / decay) - 1
    }

    /// Creates a model from a weight vector (21, 19, 17 or no values), checked as
    /// ``FSRSParameters/init(_:relearningStepCount:)`` describes.
    /// - Throws: ``ParameterError`` for a wrong length, a non-finite value or a value outside
    ///   its range.
    /// - Complexity: O(21).
    public init(weights: [Double]) throws(ParameterError) {
        self.init(parameters: try FSRSParameters(weights))
    }

    /// Equal when the parameters are equal.
    public static func == (lhs: MemoryModel, rhs: MemoryModel) -> Bool { lhs.parameters == rhs.parameters }
    /// Hashes the parameters.
    public func hash(into hasher: inout Hasher) { hasher.combine(parameters) }

    // MARK: Forgetting curve and intervals

    /// The probability of recalling an item `elapsedDays` after its last review, given its
    /// stability: `(1 + factor · t / S) ^ decay`. Equals 1 at `t = 0` and 0.9 at `t = S`.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func retrievability(elapsedDays: Double, stability: Double) -> Double {
        pow(elapsedDays / stability * factor + 1, decay)
    }

    /// The number of days after which the probability of recall falls to `desiredRetention`
    /// (0–1), unrounded: `S / factor · (r ^ (1/decay) − 1)`. At 0.9 it equals the stability.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func interval(stability: Double, desiredRetention: Double) -> Double {
        stability / factor * (pow(desiredRetention, 1 / decay) - 1)
    }

    /// The interval of ``interval(stability:desiredRetention:)`` in whole days: rounded to the
    /// nearest day (a tie to the even day, as py-fsrs's `round`), at least 1 and at most
    /// `maximumInterval`.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func roundedInterval(stability: Double, desiredRetention: Double, maximumInterval: Int = 36_500) -> Int {
        MemoryModel.roundedInterval(interval(stability: stability, desiredRetention: desiredRetention), maximumInterval: maximumInterval)
    }

    /// An unrounded interval in whole days, as ``roundedInterval(stability:desiredRetention:maximumInterval:)``
    /// rounds it: to the nearest day (ties to even), at least 1, at most `maximumInterval`.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public static func roundedInterval(_ days: Double, maximumInterval: Int = 36_500) -> Int {
        guard days.isFinite else { return max(1, maximumInterval) }
        let rounded = days.rounded(.toNearestOrEven)
        if rounded >= Double(maximumInterval) { return max(1, maximumInterval) }
        return max(1, Int(rounded))
    }

    // MARK: State updates

    /// The stability after a first review with `rating`, `w[rating − 1]`, in days.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func initialStability(rating: Rating) -> Double {
        switch rating {
        case .again: initialStabilityByRating.0
        case .hard: initialStabilityByRating.1
        case .good: initialStabilityByRating.2
        case .easy: initialStabilityByRating.3
        }
    }

    /// The difficulty after a first review with `rating`, `w4 − e^(w5 · (G − 1)) + 1`,
    /// clamped to 1…10.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func initialDifficulty(rating: Rating) -> Double {
        clampDifficulty(initialDifficultyBase - exp(initialDifficultySlope * Double(rating.rawValue - 1)))
    }

    /// The memory state after a first review with `rating`.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func initialState(rating: Rating) -> MemoryState {
        MemoryState(stability: clampStability(initialStability(rating: rating)),
                    difficulty: initialDifficulty(rating: rating))
    }

    /// The difficulty after a review: a step of `−w6 · (G − 3)`, damped linearly as the
    /// difficulty approaches 10, then pulled towards the initial difficulty of Easy by `w7`
    /// (mean reversion), clamped to 1…10.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func nextDifficulty(_ difficulty: Double, rating: Rating) -> Double {
        let change = -difficultyStep * Double(rating.rawValue - 3)
        let damped = difficulty + (10 - difficulty) * change / 9
        return clampDifficulty(meanReversionWeight * (meanReversionTarget - damped) + damped)
    }

    /// The stability after a successful review (Hard, Good or Easy) on a later day:
    /// `S · (1 + e^w8 · (11 − D) · S^−w9 · (e^(w10 · (1 − R)) − 1) · penalty · bonus)`,
    /// where Hard multiplies by `w15` and Easy by `w16`. Not clamped.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func stabilityAfterRecall(stability: Double, difficulty: Double, retrievability: Double, rating: Rating) -> Double {
        let multiplier = rating == .hard ? hardPenalty : (rating == .easy ? easyBonus : 1)
        return stability * (recallGrowthScale * (11 - difficulty) * pow(stability, recallStabilityExponent)
            * (exp((1 - retrievability) * recallRetrievabilityGain) - 1) * multiplier + 1)
    }

    /// The stability after a lapse (Again) on a later day:
    /// `w11 · D^−w12 · ((S + 1)^w13 − 1) · e^(w14 · (1 − R))`, but never more than
    /// `S / e^(w17 · w18)`, what the short-term formula would leave. Not clamped.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func stabilityAfterLapse(stability: Double, difficulty: Double, retrievability: Double) -> Double {
        let longTerm = lapseScale * pow(difficulty, lapseDifficultyExponent)
            * (pow(stability + 1, lapseStabilityExponent) - 1)
            * exp((1 - retrievability) * lapseRetrievabilityGain)
        return min(longTerm, stability / lapseShortTermDivisor)
    }

    /// The stability after a review on the same day as the previous one (a learning or
    /// relearning step): `S · e^(w17 · (G − 3 + w18)) · S^−w19`, where for Hard, Good and Easy
    /// the growth factor is at least 1, so a successful same-day review never lowers
    /// stability. Not clamped.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func stabilityAfterSameDayReview(stability: Double, rating: Rating) -> Double {
        let growth = sameDayGrowth(stability: stability, rating: rating)
        return stability * (rating == .again ? growth : max(growth, 1))
    }

    /// The factor by which a same-day review multiplies stability, before any floor:
    /// `e^(w17 · (G − 3 + w18)) · S^−w19`. ``stabilityAfterSameDayReview(stability:rating:)``
    /// floors it at 1 for Hard, Good and Easy (fsrs-rs's model); fsrs-rs's simulator floors it
    /// for Good and Easy only.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func sameDayGrowth(stability: Double, rating: Rating) -> Double {
        let ratingGrowth: Double
        switch rating {
        case .again: ratingGrowth = sameDayGrowthByRating.0
        case .hard: ratingGrowth = sameDayGrowthByRating.1
        case .good: ratingGrowth = sameDayGrowthByRating.2
        case .easy: ratingGrowth = sameDayGrowthByRating.3
        }
        return ratingGrowth * pow(stability, sameDayStabilityExponent)
    }

    /// The memory state after a review, exactly as fsrs-rs's `step`: the previous state is
    /// clamped, `elapsedDays == 0` selects the same-day formula, otherwise Again selects the
    /// lapse formula and the other ratings the recall formula at the retrievability reached
    /// after `elapsedDays`; difficulty follows ``nextDifficulty(_:rating:)``; the new stability
    /// is clamped to ``FSRSParameters/minimumStability``…``FSRSParameters/maximumStability``.
    ///
    /// - Parameters:
    ///   - state: the state before the review, or `nil` for an item never reviewed (then the
    ///     result is ``initialState(rating:)``).
    ///   - elapsedDays: days since the previous review; 0 means the same day.
    ///   - rating: the learner's answer.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func nextState(after state: MemoryState?, elapsedDays: Double, rating: Rating) -> MemoryState {
        guard let state else { return initialState(rating: rating) }
        let stability = clampStability(state.stability)
        let difficulty = clampDifficulty(state.difficulty)
        let newStability: Double
        if elapsedDays == 0 {
            newStability = stabilityAfterSameDayReview(stability: stability, rating: rating)
        } else {
            let recall = retrievability(elapsedDays: elapsedDays, stability: stability)
            newStability = rating == .again
                ? stabilityAfterLapse(stability: stability, difficulty: difficulty, retrievability: recall)
                : stabilityAfterRecall(stability: stability, difficulty: difficulty, retrievability: recall, rating: rating)
        }
        return MemoryState(stability: clampStability(newStability),
                           difficulty: nextDifficulty(difficulty, rating: rating))
    }

    /// The four possible outcomes of the next review, as fsrs-rs's `next_states`: the state
    /// after each rating and the unrounded interval that reaches `desiredRetention` from it.
    /// - Complexity: O(1), no allocation.
    @inlinable
    package func outcomes(after state: MemoryState?, elapsedDays: Double, desiredRetention: Double) -> ReviewOutcomes {
        func outcome(_ rating: Rating) -> ReviewOutcome {
            let next = nextState(after: state, elapsedDays: elapsedDays, rating: rating)
            return ReviewOutcome(state: next, intervalDays: interval(stability: next.stability, desiredRetention: desiredRetention))
        }
        return ReviewOutcomes(again: outcome(.again), hard: outcome(.hard), good: outcome(.good), easy: outcome(.easy))
    }

    @inlinable func clampStability(_ stability: Double) -> Double {
        min(max(stability, FSRSParameters.minimumStability), FSRSParameters.maximumStability)
    }

    @inlinable func clampDifficulty(_ difficulty: Double) -> Double {
        min(max(difficulty, FSRSParameters.minimumDifficulty), FSRSParameters.maximumDifficulty)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// fsrs-rs's `FSRS::next_states` (fsrs 6.6, `src/model.rs` and `src/inference.rs`) in `Float`,
/// operation for operation and in the same order: the arithmetic Anki runs when it shows the
/// four buttons. ``MemoryModel`` computes the same formulas in `Double`; the two agree to about
/// 1e-7 relative, which is enough everywhere except where a result is rounded to whole days:
/// an interval a hair either side of a half day (or of a fuzz-range edge) rounds one way in
/// `Float` and the other in `Double`. Anki's rules (`AnkiScheduler` in ZhiXiScheduler) use this
/// model so that such intervals are Anki's too.
///
/// The weights are fsrs-rs's after `FSRS::new`: the ``FSRSParameters`` as `Float`, held to
/// fsrs-rs's bounds for one relearning step (`clip_parameters`), as Anki's scheduler holds them.
@usableFromInline package struct SinglePrecisionMemoryModel: Sendable, Hashable {
    /// The 21 weights, in `Float`, clipped as `FSRS::new` clips them.
    @usableFromInline package let weights: [Float]

    /// The model of `parameters`.
    /// - Complexity: O(21).
    @usableFromInline package init(parameters: FSRSParameters) {
        let clamped = (try? FSRSParameters(clamping: parameters.weights, relearningStepCount: 1)) ?? parameters
        weights = clamped.weights.map { Float($0) }
    }

    private static let minimumStability: Float = 0.001
    private static let maximumStability: Float = 36_500

    /// One rating's outcome: the state after it and the interval (days, unrounded) that reaches
    /// the desired retention from it.
    @usableFromInline package struct Outcome: Sendable, Hashable {
        /// Stability after the answer, days.
        @usableFromInline package var stability: Float
        /// Difficulty after the answer, 1–10.
        @usableFromInline package var difficulty: Float
        /// `next_interval` of the stability.
        @usableFromInline package var intervalDays: Float
    }

    /// `next_states(memory, desired_retention, days_elapsed)` for one rating: `memory` `nil`
    /// for a card never answered.
    /// - Complexity: O(1).
    @usableFromInline package func outcome(after memory: (stability: Float, difficulty: Float)?, elapsedDays: Int, rating: Rating,
                        desiredRetention: Float) -> Outcome {
        let state = memory ?? (0, 0)
        let next = step(elapsedDays: Float(elapsedDays), rating: Float(rating.rawValue), state: state, nth: memory == nil ? 0 : 1)
        return Outcome(stability: next.stability, difficulty: next.difficulty,
                       intervalDays: interval(stability: next.stability, desiredRetention: desiredRetention))
    }

    /// `next_interval`: `S / factor · (r^(1/decay) − 1)`.
    /// - Complexity: O(1), no allocation.
    @usableFromInline package func interval(stability: Float, desiredRetention: Float) -> Float {
        let decay = -weights[20]
        let factor = expf(logf(0.9) / decay) - 1
        return stability / factor * (powf(desiredRetention, 1 / decay) - 1)
    }

    /// fsrs-rs's `step`.
    private func step(elapsedDays deltaT: Float, rating: Float, state: (stability: Float, difficulty: Float),
                      nth: Int) -> (stability: Float, difficulty: Float) {
        let w = weights
        let lastS = min(max(state.stability, Self.minimumStability), Self.maximumStability)
        let lastD = min(max(state.difficulty, 1), 10)
        let decay = -w[20]
        let factor = expf(logf(0.9) / decay) - 1
        let r = powf(deltaT / lastS * factor + 1, decay)

        let hardPenalty: Float = rating == 2 ? w[15] : 1
        let easyBonus: Float = rating == 4 ? w[16] : 1
        let success = lastS * (expf(w[8]) * (11 - lastD) * powf(lastS, -w[9]) * (expf((1 - r) * w[10]) - 1)
            * hardPenalty * easyBonus + 1)
        let longTermFailure = w[11] * powf(lastD, -w[12]) * (powf(lastS + 1, w[13]) - 1) * expf((1 - r) * w[14])
        let failure = min(longTermFailure, lastS / expf(w[17] * w[18]))
        let sinc = expf(w[17] * (rating - 3 + w[18])) * powf(lastS, -w[19])
        let shortTerm = lastS * (rating >= 2 ? max(sinc, 1) : sinc)

        var newS = rating == 1 ? failure : success
        if deltaT == 0 { newS = shortTerm }
        let deltaD = -w[6] * (rating - 3)
        var newD = lastD + (10 - lastD) * deltaD / 9
        let easyInitial = w[4] - expf(w[5] * 3) + 1
        newD = min(max(w[7] * (easyInitial - newD) + newD, 1), 10)
        if nth == 0, state.stability == 0 {
            let initial = Int(min(max(rating, 1), 4))
            newS = w[initial - 1]
            newD = min(max(w[4] - expf(w[5] * Float(initial - 1)) + 1, 1), 10)
        }
        return (min(max(newS, Self.minimumStability), Self.maximumStability), newD)
    }
}

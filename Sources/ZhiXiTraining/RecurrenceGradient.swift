#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ZhiXiMemory

/// The FSRS-6 recurrence of one card, forward and in reverse mode, with the loss fsrs-rs
/// trains on: the weighted binary cross-entropy of every item's predicted recall.
///
/// The forward pass is `MemoryModel.nextState(after:elapsedDays:rating:)` exactly (same
/// clamps, the `min` of the lapse formula, the same-day `max(…, 1)`), in `Double`. The
/// backward pass is its exact derivative with respect to the 21 weights, written by hand:
/// where a clamp, `min` or `max` is active, the derivative is the one of the branch taken
/// (a clamp at its bound passes no gradient), as fsrs-rs's analytic gradients do.
///
/// One card is replayed once, and the loss of every item of the card is taken on the way
/// (an item's prediction is the retrievability at its review, which the recurrence computes
/// anyway), so a card of n reviews costs O(n), not the O(n²) of replaying every prefix.
struct RecurrenceGradient {
    /// The weights.
    let weights: [Double]
    /// The weights the steps use, as stored values (no array access in the hot loop).
    let w: Weights
    // Derived constants, named after what they are.
    let decay: Double                 // c = -w20
    let factor: Double                // f = 0.9^(1/c) - 1
    let factorDerivative: Double      // df/dc
    let recallGrowthScale: Double     // exp(w8)
    let lapseFloorScale: Double       // exp(-w17 w18)
    let sameDayGrowth: (Double, Double, Double, Double)   // exp(w17 (G - 3 + w18))
    let easyInitialDifficulty: Double // w4 - exp(3 w5) + 1
    let easyInitialDifficultySlope: Double // d/dw5 of it: -3 exp(3 w5)

    /// The smallest and largest predicted probabilities the loss takes (fsrs-rs's clamp).
    static let minimumProbability = 1e-7
    static let maximumProbability = 1 - 1e-7

    init(weights: [Double]) {
        precondition(weights.count == 21, "21 FSRS-6 weights")
        self.weights = weights
        w = Weights(weights)
        decay = -weights[20]
        factor = pow(0.9, 1 / decay) - 1
        factorDerivative = pow(0.9, 1 / decay) * (-log(0.9) / (decay * decay))
        recallGrowthScale = exp(weights[8])
        lapseFloorScale = exp(-weights[17] * weights[18])
        sameDayGrowth = (exp(weights[17] * (-2 + weights[18])), exp(weights[17] * (-1 + weights[18])),
                         exp(weights[17] * weights[18]), exp(weights[17] * (1 + weights[18])))
        easyInitialDifficulty = weights[4] - exp(3 * weights[5]) + 1
        easyInitialDifficultySlope = -3 * exp(3 * weights[5])
    }

    /// The 21 weights as stored values.
    struct Weights {
        let w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15, w16, w17, w18, w19, w20: Double

        init(_ w: [Double]) {
            (w0, w1, w2, w3, w4, w5, w6, w7, w8, w9) = (w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8], w[9])
            (w10, w11, w12, w13, w14, w15, w16, w17, w18, w19, w20) = (w[10], w[11], w[12], w[13], w[14], w[15], w[16], w[17],
                                                                        w[18], w[19], w[20])
        }

        @inline(__always)
        func initialStability(_ rating: UInt8) -> Double {
            switch rating {
            case 1: w0
            case 2: w1
            case 3: w2
            default: w3
            }
        }
    }

    /// What the backward pass needs of one step.
    struct Step {
        /// Stability and difficulty before the review (clamped), the retrievability at the
        /// review, the base `1 + f·t/S` of the forgetting curve and its logarithm, and the
        /// logarithm of the stability.
        var stability = 0.0
        var difficulty = 0.0
        var retrievability = 1.0
        var base = 1.0
        var logBase = 0.0
        var logStability = 0.0
        /// New stability before its clamp.
        var newStability = 0.0
        /// The branch's intermediate values: recall: the increment, `S^-w9`, `e^(w10(1-R))`;
        /// lapse: the long-term stability, `D^-w12`, `(S+1)^w13` (and `log D`, `log(S+1)` in
        /// ``extra``); same day: the growth factor.
        var intermediate = 0.0
        var first = 0.0
        var second = 0.0
        var extra = (0.0, 0.0)
        /// Mean-reverted difficulty before its clamp, and the damped difficulty before the
        /// mean reversion.
        var meanRevertedDifficulty = 0.0
        var dampedDifficulty = 0.0
        /// d(loss)/d(retrievability) of this review's own prediction.
        var lossGradient = 0.0
        var branch = Branch.initial
    }

    enum Branch: UInt8 {
        case initial, sameDay, sameDayFloored, lapse, lapseFloor, recall
    }

    @inline(__always)
    private func sameDayGrowth(_ rating: UInt8) -> Double {
        switch rating {
        case 1: sameDayGrowth.0
        case 2: sameDayGrowth.1
        case 3: sameDayGrowth.2
        default: sameDayGrowth.3
        }
    }

    @inline(__always)
    static func clampStability(_ value: Double) -> Double {
        min(max(value, FSRSParameters.minimumStability), FSRSParameters.maximumStability)
    }

    @inline(__always)
    static func clampDifficulty(_ value: Double) -> Double {
        min(max(value, 1), 10)
    }

    /// Weighted cross-entropy of a prediction and d(loss)/d(prediction) (0 where the
    /// probability clamp is active).
    @inline(__always)
    static func crossEntropy(_ predicted: Double, recalled: Bool, weight: Double) -> (loss: Double, gradient: Double) {
        let clamped = min(max(predicted, minimumProbability), maximumProbability)
        let inside = predicted > minimumProbability && predicted < maximumProbability
        if recalled {
            return (-weight * log(clamped), inside ? -weight / clamped : 0)
        }
        return (-weight * log(1 - clamped), inside ? weight / (1 - clamped) : 0)
    }

    /// ``crossEntropy(_:recalled:weight:)`` of a step's retrievability, taking `log R` from
    /// the forward pass (`c · log base`) instead of computing it again.
    @inline(__always)
    func crossEntropy(_ step: Step, recalled: Bool, weight: Double) -> (loss: Double, gradient: Double) {
        let r = step.retrievability
        guard recalled, r > Self.minimumProbability, r < Self.maximumProbability else {
            return Self.crossEntropy(r, recalled: recalled, weight: weight)
        }
        return (-weight * decay * step.logBase, -weight / r)
    }

    /// One step of the recurrence: the state after review `rating` `elapsed` days after the
    /// previous one (`first`: the card's first review), with what the backward pass needs.
    @inline(__always)
    func forward(stability previousStability: Double, difficulty previousDifficulty: Double, rating: UInt8,
                 elapsed: Double, first: Bool, into step: inout Step) -> (stability: Double, difficulty: Double) {
        if first {
            step.branch = .initial
            step.newStability = w.initialStability(rating)
            step.meanRevertedDifficulty = w.w4 - exp(w.w5 * Double(rating - 1)) + 1
            return (Self.clampStability(step.newStability), Self.clampDifficulty(step.meanRevertedDifficulty))
        }
        let s = Self.clampStability(previousStability)
        let d = Self.clampDifficulty(previousDifficulty)
        let logS = log(s)
        step.stability = s
        step.difficulty = d
        step.logStability = logS
        if elapsed == 0 {
            step.retrievability = 1
            step.base = 1
            step.logBase = 0
            let growth = sameDayGrowth(rating) * exp(-w.w19 * logS)
            if rating >= 2 && growth < 1 {
                step.branch = .sameDayFloored
                step.newStability = s
            } else {
                step.branch = .sameDay
                step.newStability = s * growth
            }
            step.intermediate = growth
        } else {
            let base = 1 + factor * elapsed / s
            let logBase = log(base)
            let r = exp(decay * logBase)
            step.base = base
            step.logBase = logBase
            step.retrievability = r
            if rating == 1 {
                let logD = log(d), logS1 = log(s + 1)
                let powerD = exp(-w.w12 * logD)
                let powerS = exp(w.w13 * logS1)
                let longTerm = w.w11 * powerD * (powerS - 1) * exp((1 - r) * w.w14)
                let floor = s * lapseFloorScale
                step.intermediate = longTerm
                step.first = powerD
                step.second = powerS
                step.extra = (logD, logS1)
                if floor < longTerm {
                    step.branch = .lapseFloor
                    step.newStability = floor
                } else {
                    step.branch = .lapse
                    step.newStability = longTerm
                }
            } else {
                let multiplier = rating == 2 ? w.w15 : (rating == 4 ? w.w16 : 1)
                let powerS = exp(-w.w9 * logS)
                let growth = exp((1 - r) * w.w10)
                let increment = recallGrowthScale * (11 - d) * powerS * (growth - 1) * multiplier
                step.branch = .recall
                step.intermediate = increment
                step.first = powerS
                step.second = growth
                step.newStability = s * (1 + increment)
            }
        }
        let damped = d + (10 - d) * (-w.w6 * Double(Int(rating) - 3)) / 9
        step.dampedDifficulty = damped
        step.meanRevertedDifficulty = w.w7 * (easyInitialDifficulty - damped) + damped
        return (Self.clampStability(step.newStability), Self.clampDifficulty(step.meanRevertedDifficulty))
    }

    /// The backward pass of one step: given d(loss)/d(new stability, new difficulty),
    /// accumulates d(loss)/d(w) into `gradient` and returns d(loss)/d(previous stability,
    /// previous difficulty). Arithmetic only: the forward pass kept every power and logarithm.
    @inline(__always)
    func backward(_ step: Step, rating: UInt8, elapsed: Double, stabilityGradient: Double, difficultyGradient: Double,
                  gradient g: UnsafeMutablePointer<Double>) -> (stability: Double, difficulty: Double) {
        let minimumS = FSRSParameters.minimumStability, maximumS = FSRSParameters.maximumStability
        let gNew = step.newStability > minimumS && step.newStability < maximumS ? stabilityGradient : 0
        let gMean = step.meanRevertedDifficulty > 1 && step.meanRevertedDifficulty < 10 ? difficultyGradient : 0
        if step.branch == .initial {
            g[Int(rating) - 1] += gNew
            if gMean != 0 {
                let offset = Double(rating - 1)
                g[4] += gMean
                g[5] += gMean * -offset * exp(w.w5 * offset)
            }
            return (0, 0)
        }
        let s = step.stability, d = step.difficulty, r = step.retrievability
        var gS = 0.0, gD = 0.0
        var gR = step.lossGradient
        if gNew != 0 {
            switch step.branch {
            case .sameDay:
                let growth = step.intermediate
                let q = Double(Int(rating) - 3) + w.w18
                let scaled = gNew * s * growth
                gS += gNew * growth * (1 - w.w19)
                g[17] += scaled * q
                g[18] += scaled * w.w17
                g[19] += scaled * -step.logStability
            case .sameDayFloored:
                gS += gNew
            case .lapseFloor:
                let floor = step.newStability
                gS += gNew * lapseFloorScale
                g[17] += gNew * floor * -w.w18
                g[18] += gNew * floor * -w.w17
            case .lapse:
                let longTerm = step.intermediate
                let powerD = step.first, powerS = step.second
                let (logD, logS1) = step.extra
                let forgetting = longTerm / (w.w11 * powerD * (powerS - 1))
                g[11] += gNew * powerD * (powerS - 1) * forgetting
                g[12] += gNew * longTerm * -logD
                g[13] += gNew * w.w11 * powerD * forgetting * powerS * logS1
                g[14] += gNew * longTerm * (1 - r)
                gS += gNew * w.w11 * powerD * forgetting * w.w13 * powerS / (s + 1)
                gD += gNew * longTerm * -w.w12 / d
                gR += gNew * longTerm * -w.w14
            case .recall:
                let increment = step.intermediate
                let powerS = step.first, growth = step.second
                let multiplier = rating == 2 ? w.w15 : (rating == 4 ? w.w16 : 1)
                let common = recallGrowthScale * powerS * multiplier  // increment = common·(11-d)·(growth-1)
                let scaled = gNew * s
                gS += gNew * (1 + increment - w.w9 * increment)
                gD += scaled * -common * (growth - 1)
                gR += scaled * common * (11 - d) * growth * -w.w10
                g[8] += scaled * increment
                g[9] += scaled * increment * -step.logStability
                g[10] += scaled * common * (11 - d) * growth * (1 - r)
                if rating == 2 { g[15] += scaled * recallGrowthScale * powerS * (11 - d) * (growth - 1) }
                if rating == 4 { g[16] += scaled * recallGrowthScale * powerS * (11 - d) * (growth - 1) }
            case .initial:
                break
            }
        }
        if gMean != 0 {
            let damped = step.dampedDifficulty
            let ratingOffset = Double(Int(rating) - 3)
            g[7] += gMean * (easyInitialDifficulty - damped)
            g[4] += gMean * w.w7
            g[5] += gMean * w.w7 * easyInitialDifficultySlope
            let gDamped = gMean * (1 - w.w7)
            g[6] += gDamped * (10 - d) * -ratingOffset / 9
            gD += gDamped * (1 + w.w6 * ratingOffset / 9)
        }
        if gR != 0 && elapsed > 0 {
            // R = base^c, base = 1 + f·t/s, c = -w20.
            let base = step.base
            gS += gR * r * decay / base * (-factor * elapsed / (s * s))
            let dRdDecay = r * (step.logBase + decay / base * (elapsed / s) * factorDerivative)
            g[20] += gR * -dRdDecay
        }
        return (gS, gD)
    }

    /// Replays one card and returns the weighted cross-entropy of its items; with a
    /// `gradient` (21 values) also accumulates d(loss)/d(w) into it.
    ///
    /// - Parameters:
    ///   - ratings, elapsed, weights: the card's reviews from its first, `count` of them;
    ///     `weights[p]` is the loss weight of review `p` as an item (0: not an item here).
    ///   - steps: room for `count` steps (used only with a gradient).
    func loss(ratings: UnsafePointer<UInt8>, elapsed: UnsafePointer<Double>, weights: UnsafePointer<Double>, count: Int,
              steps: UnsafeMutablePointer<Step>?, gradient: UnsafeMutablePointer<Double>?) -> Double {
        guard count > 0 else { return 0 }
        var loss = 0.0
        var stability = 0.0, difficulty = 0.0
        var scratch = Step()
        for position in 0..<count {
            let rating = ratings[position]
            if let steps {
                steps[position].lossGradient = 0
                (stability, difficulty) = forward(stability: stability, difficulty: difficulty, rating: rating,
                                                  elapsed: elapsed[position], first: position == 0, into: &steps[position])
                if weights[position] != 0 {
                    let term = crossEntropy(steps[position], recalled: rating > 1, weight: weights[position])
                    loss += term.loss
                    steps[position].lossGradient = term.gradient
                }
            } else {
                (stability, difficulty) = forward(stability: stability, difficulty: difficulty, rating: rating,
                                                  elapsed: elapsed[position], first: position == 0, into: &scratch)
                if weights[position] != 0 {
                    loss += crossEntropy(scratch, recalled: rating > 1, weight: weights[position]).loss
                }
            }
        }
        if let steps, let gradient {
            var gS = 0.0, gD = 0.0
            for position in stride(from: count - 1, through: 0, by: -1) {
                (gS, gD) = backward(steps[position], rating: ratings[position], elapsed: elapsed[position],
                                    stabilityGradient: gS, difficultyGradient: gD, gradient: gradient)
            }
        }
        return loss
    }

    /// One card as ``lossOfTwo(_:_:gradient:)`` takes it: its reviews from the first, the loss
    /// weight of each review as an item, and room for its steps (used only with a gradient).
    struct Card {
        var ratings: UnsafePointer<UInt8>
        var elapsed: UnsafePointer<Double>
        var weights: UnsafePointer<Double>
        var count: Int
        var steps: UnsafeMutablePointer<Step>?
    }

    /// ``loss(ratings:elapsed:weights:count:steps:gradient:)`` of two cards at once, the same
    /// to the bit as calling it for `first` and then for `second`: the two forward passes run
    /// side by side, a step of one then a step of the other (independent chains of `log` and
    /// `exp` that the processor overlaps), each card's loss summed over its own reviews in
    /// order; then the backward pass of `first` and that of `second`, which accumulate into
    /// `gradient` in the same order as two calls would. Returns the two cards' losses.
    func lossOfTwo(_ first: Card, _ second: Card, gradient: UnsafeMutablePointer<Double>?) -> (Double, Double) {
        var lossFirst = 0.0, lossSecond = 0.0
        var stabilityFirst = 0.0, difficultyFirst = 0.0, stabilitySecond = 0.0, difficultySecond = 0.0
        var scratchFirst = Step(), scratchSecond = Step()
        let together = min(first.count, second.count)
        for position in 0 ..< together {
            forwardStep(first, at: position, stability: &stabilityFirst, difficulty: &difficultyFirst, scratch: &scratchFirst,
                        loss: &lossFirst)
            forwardStep(second, at: position, stability: &stabilitySecond, difficulty: &difficultySecond, scratch: &scratchSecond,
                        loss: &lossSecond)
        }
        for position in together ..< first.count {
            forwardStep(first, at: position, stability: &stabilityFirst, difficulty: &difficultyFirst, scratch: &scratchFirst,
                        loss: &lossFirst)
        }
        for position in together ..< second.count {
            forwardStep(second, at: position, stability: &stabilitySecond, difficulty: &difficultySecond, scratch: &scratchSecond,
                        loss: &lossSecond)
        }
        if let gradient {
            backwardPass(first, gradient: gradient)
            backwardPass(second, gradient: gradient)
        }
        return (lossFirst, lossSecond)
    }

    /// The backward pass of a card whose steps the forward pass kept.
    @inline(__always)
    private func backwardPass(_ card: Card, gradient: UnsafeMutablePointer<Double>) {
        guard let steps = card.steps else { return }
        var gS = 0.0, gD = 0.0
        for position in stride(from: card.count - 1, through: 0, by: -1) {
            (gS, gD) = backward(steps[position], rating: card.ratings[position], elapsed: card.elapsed[position],
                                stabilityGradient: gS, difficultyGradient: gD, gradient: gradient)
        }
    }

    /// One review of the forward pass of ``loss(ratings:elapsed:weights:count:steps:gradient:)``:
    /// the state after it, and its item's loss added to `loss`; the step kept in the card's
    /// steps when it has room for them, else in `scratch`.
    @inline(__always)
    private func forwardStep(_ card: Card, at position: Int, stability: inout Double, difficulty: inout Double,
                             scratch: inout Step, loss: inout Double) {
        let rating = card.ratings[position]
        if let steps = card.steps {
            steps[position].lossGradient = 0
            (stability, difficulty) = forward(stability: stability, difficulty: difficulty, rating: rating,
                                              elapsed: card.elapsed[position], first: position == 0, into: &steps[position])
            if card.weights[position] != 0 {
                let term = crossEntropy(steps[position], recalled: rating > 1, weight: card.weights[position])
                loss += term.loss
                steps[position].lossGradient = term.gradient
            }
        } else {
            (stability, difficulty) = forward(stability: stability, difficulty: difficulty, rating: rating,
                                              elapsed: card.elapsed[position], first: position == 0, into: &scratch)
            if card.weights[position] != 0 {
                loss += crossEntropy(scratch, recalled: rating > 1, weight: card.weights[position]).loss
            }
        }
    }

    /// The retrievability at every review of one card (1 for its first review and same-day
    /// reviews), written to `output[0 ..< count]`.
    func retrievabilities(ratings: UnsafePointer<UInt8>, elapsed: UnsafePointer<Double>, count: Int,
                          into output: UnsafeMutablePointer<Double>) {
        var stability = 0.0, difficulty = 0.0
        var scratch = Step()
        for position in 0..<count {
            (stability, difficulty) = forward(stability: stability, difficulty: difficulty, rating: ratings[position],
                                              elapsed: elapsed[position], first: position == 0, into: &scratch)
            output[position] = position == 0 ? 1 : scratch.retrievability
        }
    }
}

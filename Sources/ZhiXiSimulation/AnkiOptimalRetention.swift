/// Anki's own optimal retention for a preset: what Anki 26.9's "Compute optimal retention"
/// (`Collection::compute_optimal_retention`, fsrs-rs's `optimal_retention`) answers, by its
/// definition, beside ours (``RetentionRecommendation``).
///
/// **Its definition.** fsrs-rs minimises, over the desired retentions 0.70–0.95, the seconds of
/// study per card memorized at the end of the span (the sum of every day's seconds over the
/// sum of the cards' probabilities of recall on the last day): the mean over `n` simulations
/// with the seeds 42, 43, … (`n` 16 for a span of a year or more, more for shorter spans), by
/// Brent's method (scipy's `brent`, in single precision: tolerance 0.01, at most 64 steps),
/// and Anki clamps the answer to 0.70–0.95. The simulation starts from the preset's cards
/// (Anki's `simulate_request_to_config`: the reviewed cards with their memory states, the new
/// ones to be learned), and each card is scheduled at the desired retention it carries. Anki
/// 26.9's request gives every one of them the preset's desired retention; the retention
/// under test reaches only the cards the simulator adds beyond those given, and Anki gives it
/// the whole deck (its `deck_size` is the number of cards it passes), so it adds none. The
/// objective is then the same at every candidate, and Brent's search on a flat objective ends
/// where its steps end: 0.9367 (after 6 steps), whatever the collection — unless the preset's
/// review order is "random", which draws from an unseeded generator and makes every
/// simulation differ (not reproduced here).
///
/// **Ours** (``RetentionRecommendation``) schedules every card at the retention under test and
/// minimises the seconds of study per item remembered at the end, over the retentions swept,
/// with the seeds' noise measured; the two answers differ whenever Anki's is 0.9367.
///
/// Here the objective is computed with ``CardSimulator`` (its random numbers are not fsrs-rs's,
/// so its value agrees with Anki's in distribution, not to the digit), and the search is
/// fsrs-rs's, step for step.
package struct AnkiOptimalRetention: Sendable, Hashable {
    /// The answer, clamped to 0.70–0.95 as Anki clamps it.
    package var retention: Double
    /// Whether Brent's search converged within its 64 steps (fsrs-rs fails otherwise; Anki
    /// then reports an error).
    package var converged: Bool
    /// The retentions at which the search evaluated the objective, in order.
    package var evaluated: [Double]
    /// The objective at each of ``evaluated``: seconds of study per card memorized at the end,
    /// the mean over the seeds.
    package var secondsPerMemorized: [Double]
    /// Simulations per evaluation (fsrs-rs's sample size for the span).
    package var sampleSize: Int
    /// The desired retention every card of the deck carries (the preset's).
    package var carriedRetention: Double

    /// The lowest and highest retention searched (fsrs-rs's `R_MIN`, `R_MAX`).
    package static let bounds: ClosedRange<Float> = 0.70 ... 0.95

    /// fsrs-rs's number of simulations per evaluation for a span of `days`: 180 up to 30 days,
    /// 16 from a year, and `16 / (8.20e-7 d² + 2.41e-3 d + 1.30e-2)` rounded between.
    /// - Complexity: O(1).
    package static func sampleSize(spanDays days: Int) -> Int {
        switch days {
        case ...30: return 180
        case 365...: return 16
        default:
            let span = Float(days)
            let factor = (span * 2.41e-3 + 1.30e-2).addingProduct(span * span, 8.20e-7)   // fused, as Rust's mul_add
            return Int((16 / factor).rounded())
        }
    }

    /// Anki's answer for `simulator`'s deck, every card of which carries `carriedRetention`
    /// (the preset's desired retention, as Anki 26.9's request sets it).
    /// - Parameters:
    ///   - simulator: the preset's cards and the learner's habits, over the span Anki simulates.
    ///   - carriedRetention: the desired retention the deck's cards are scheduled at.
    /// - Throws: ``SimulationConfigurationError`` for a retention outside 0–1.
    /// - Complexity: O(sample size · one simulation): the runs at one carried retention serve
    ///   every candidate that carries it.
    package init(simulator: CardSimulator, carriedRetention: Double) throws(SimulationConfigurationError) {
        let sampleSize = Self.sampleSize(spanDays: simulator.configuration.learnSpanDays)
        var costs: [Double: Double] = [:]
        var thrown: SimulationConfigurationError?
        // The objective at a candidate: the retention a simulated card is scheduled at is the
        // one it carries, whatever the candidate (see the type).
        func objective(_ candidate: Float) -> Float {
            let retention = carriedRetention
            if let cost = costs[retention] { return Float(cost) }
            var total = 0.0
            for offset in 0 ..< sampleSize {
                do {
                    let summary = try simulator.run(desiredRetention: retention, seed: 42 + UInt64(offset)).summary
                    total += summary.totalSeconds / summary.memorizedAtEnd
                } catch {
                    thrown = error
                    return .nan
                }
            }
            costs[retention] = total / Double(sampleSize)
            return Float(total / Double(sampleSize))
        }
        let search = Self.brent(objective)
        if let thrown { throw thrown }
        retention = Double(min(max(search.minimum, Self.bounds.lowerBound), Self.bounds.upperBound))
        converged = search.converged
        evaluated = search.evaluated.map { Double($0.retention) }
        secondsPerMemorized = search.evaluated.map { Double($0.value) }
        self.sampleSize = sampleSize
        self.carriedRetention = carriedRetention
    }

    /// fsrs-rs's Brent search for the minimum of `objective` over ``bounds`` (scipy's `brent`,
    /// single precision, tolerance 0.01, at most 64 steps), starting from the lower bound.
    /// - Complexity: at most 65 evaluations of `objective`.
    package static func brent(_ objective: (Float) -> Float) -> (minimum: Float, converged: Bool, evaluated: [(retention: Float, value: Float)]) {
        let minimumTolerance: Float = 1e-10, golden: Float = 0.381_966, maximumSteps = 64, tolerance: Float = 0.01
        var evaluated: [(retention: Float, value: Float)] = []
        func evaluate(_ retention: Float) -> Float {
            let value = objective(retention)
            evaluated.append((retention, value))
            return value
        }
        let start = bounds.lowerBound
        let first = evaluate(start)
        var (x, v, w) = (start, start, start)
        var (fx, fv, fw) = (first, first, first)
        var (a, b) = (bounds.lowerBound, bounds.upperBound)
        var deltaX: Float = 0, step: Float = 0
        var steps = 0
        while steps < maximumSteps {
            let tolerance1 = minimumTolerance.addingProduct(tolerance, abs(x))   // fused, as Rust's mul_add
            let tolerance2 = 2 * tolerance1
            let middle = 0.5 * (a + b)
            if abs(x - middle) < tolerance2.addingProduct(0.5, -(b - a)) { break }
            if abs(deltaX) <= tolerance1 {
                deltaX = (x >= middle ? a : b) - x
                step = golden * deltaX
            } else {
                let term1 = (x - w) * (fx - fv)
                var term2 = (x - v) * (fx - fw)
                var p = (-(x - w) * term1).addingProduct(x - v, term2)
                term2 = 2 * (term2 - term1)
                if term2 > 0 { p = -p }
                term2 = abs(term2)
                let previousDelta = deltaX
                deltaX = step
                if p > term2 * (a - x), p < term2 * (b - x), abs(p) < abs(0.5 * term2 * previousDelta) {
                    step = p / term2
                    let u = x + step
                    if u - a < tolerance2 || b - u < tolerance2 { step = middle - x >= 0 ? tolerance1 : -tolerance1 }
                } else {
                    deltaX = (x >= middle ? a : b) - x
                    step = golden * deltaX
                }
            }
            let u = x + (abs(step) < tolerance1 ? (step >= 0 ? tolerance1 : -tolerance1) : step)
            let fu = evaluate(u)
            if fu > fx {
                if u < x { a = u } else { b = u }
                if fu <= fw || w == x {
                    (v, w) = (w, u)
                    (fv, fw) = (fw, fu)
                } else if fu <= fv || v == x || v == w {
                    v = u
                    fv = fu
                }
            } else {
                if u >= x { a = x } else { b = x }
                (v, w, x) = (w, x, u)
                (fv, fw, fx) = (fw, fx, fu)
            }
            steps += 1
        }
        return (x, steps < maximumSteps && bounds.contains(x), evaluated)
    }
}

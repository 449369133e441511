#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The 21 trainable weights `w[0]…w[20]` of the FSRS-6 memory model, in the order Anki,
/// fsrs-rs and py-fsrs use.
///
/// | index | meaning |
/// | --- | --- |
/// | 0–3 | initial stability (days) after a first rating of Again, Hard, Good, Easy |
/// | 4, 5 | initial difficulty and its sensitivity to the first rating |
/// | 6, 7 | difficulty change per rating step; mean reversion towards Easy's initial difficulty |
/// | 8–10 | stability growth after a recall: scale, saturation with stability, gain from forgetting |
/// | 11–14 | stability after a lapse: scale, difficulty, prior stability, retrievability exponents |
/// | 15, 16 | Hard penalty and Easy bonus on the recall growth |
/// | 17–19 | same-day (short-term) stability: scale, rating offset, saturation with stability |
/// | 20 | decay of the power forgetting curve |
///
/// Creating a value checks the vector: an empty vector becomes the defaults, FSRS-4.5 (17) and
/// FSRS-5 (19) vectors are filled up to 21 as fsrs-rs's `check_and_fill_parameters` does, and
/// a non-finite value is an error. Every weight must then lie in the range in which the model
/// is well behaved, fsrs-rs's clipping bounds (``lowerBounds``,
/// ``upperBounds(relearningStepCount:weights:)``), bounds included (0 and 1 are valid where
/// the range holds them):
///
/// - ``init(_:relearningStepCount:)`` refuses a weight outside its range with
///   ``ParameterError/outOfRange(index:value:allowed:)``, naming the index and the range;
/// - ``init(clamping:relearningStepCount:)`` clamps it into the range instead, as fsrs-rs does
///   after every optimizer step.
///
/// Vectors exported in 32-bit floats (Anki, fsrs-rs) can exceed a bound by a rounding error;
/// a weight within ``boundTolerance`` (relative) of its range counts as the bound.
///
/// ```swift
/// let fitted = try FSRSParameters([0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001,
///                                  1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014,
///                                  1.8729, 0.5425, 0.0912, 0.0658, 0.1542])
/// let clamped = try FSRSParameters(clamping: rawOptimizerOutput)
/// ```
public struct FSRSParameters: Sendable, Hashable, CustomStringConvertible {
    /// The 21 weights, filled to 21 and checked (or clamped, with ``init(clamping:relearningStepCount:)``).
    public let weights: [Double]

    /// Number of weights in an FSRS-6 vector.
    public static let count = 21

    /// The smallest stability the model produces, in days (fsrs-rs `S_MIN`).
    public static let minimumStability = 0.001
    /// The largest stability the model produces, in days (fsrs-rs `S_MAX`, 100 years).
    public static let maximumStability = 36_500.0
    /// The smallest difficulty.
    public static let minimumDifficulty = 1.0
    /// The largest difficulty.
    public static let maximumDifficulty = 10.0
    /// The largest initial stability `w[0]…w[3]` may have, in days (fsrs-rs `INIT_S_MAX`).
    public static let maximumInitialStability = 100.0
    /// The forgetting-curve decay `w[20]` that FSRS-4.5 and FSRS-5 used implicitly.
    public static let fsrs5Decay = 0.5

    /// The FSRS-6 default weights (fsrs-rs `DEFAULT_PARAMETERS`), fitted on many learners'
    /// histories; a good start before a learner has enough reviews to fit their own.
    public static let defaultWeights: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
        1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]

    /// The FSRS-6 defaults.
    public static let `default` = FSRSParameters(checkedWeights: defaultWeights)

    /// The lower bound of each weight, as fsrs-rs clamps them.
    public static let lowerBounds: [Double] = [
        minimumStability, minimumStability, minimumStability, minimumStability,
        1, 0.001, 0.001, 0.001, 0, 0, 0.001, 0.001, 0.001, 0.001, 0, 0, 1, 0, 0, 0, 0.1,
    ]

    /// The upper bound of each weight, as fsrs-rs clamps them.
    ///
    /// With more than one relearning step the ceiling of `w[17]` and `w[18]` is lowered so that
    /// a lapse followed by its relearning steps cannot end with a higher stability than before
    /// (fsrs-rs `clip_parameters`); with one step or none it is 2.
    /// - Complexity: O(21), one allocation.
    public static func upperBounds(relearningStepCount: Int = 1, weights: [Double]? = nil) -> [Double] {
        var shortTermCeiling = 2.0
        if relearningStepCount > 1, let w = weights, w.count == count {
            let bound = -(log(w[11]) + log(pow(2.0, w[13]) - 1) + w[14] * 0.3) / Double(relearningStepCount)
            shortTermCeiling = min(max(bound, 0.01).squareRoot(), 2)
        }
        let initial = maximumInitialStability
        return [
            initial, initial, initial, initial,
            10, 4, 4, 0.75, 4.5, 0.8, 3.5, 5, 0.25, 0.9, 4, 1, 6,
            shortTermCeiling, shortTermCeiling, 0.8, 0.8,
        ]
    }

    /// How far (relative to the bound, at least 10⁻⁶ absolute) a weight may lie outside its
    /// range and still count as the bound: the rounding error of a 32-bit float export.
    public static let boundTolerance = 1e-6

    /// Checks and fills a weight vector, refusing any weight outside its range.
    ///
    /// - Parameters:
    ///   - weights: 21 FSRS-6 weights, 19 FSRS-5 or 17 FSRS-4.5 weights (converted as fsrs-rs
    ///     does), or none for the defaults.
    ///   - relearningStepCount: the number of relearning steps the scheduler will use; it bounds
    ///     the short-term weights as described in ``upperBounds(relearningStepCount:weights:)``.
    /// - Throws: ``ParameterError`` when the length is not 0, 17, 19 or 21, a value is not
    ///   finite, or a value lies outside its range (the first such index).
    /// - Complexity: O(21).
    public init(_ weights: [Double], relearningStepCount: Int = 1) throws(ParameterError) {
        let filled = try FSRSParameters.filled(weights)
        let lower = FSRSParameters.lowerBounds
        let upper = FSRSParameters.upperBounds(relearningStepCount: relearningStepCount, weights: filled)
        var checked = filled
        for index in checked.indices {
            let value = checked[index]
            let slackBelow = FSRSParameters.boundTolerance * max(1, abs(lower[index]))
            let slackAbove = FSRSParameters.boundTolerance * max(1, abs(upper[index]))
            guard value >= lower[index] - slackBelow, value <= upper[index] + slackAbove else {
                throw .outOfRange(index: index, value: value, allowed: lower[index] ... upper[index])
            }
            checked[index] = min(max(value, lower[index]), upper[index])
        }
        self.init(checkedWeights: checked)
    }

    /// Checks and fills a weight vector, clamping every weight into its range (fsrs-rs's
    /// `clip_parameters`): for vectors that come out of an optimizer step or a source known
    /// to need it. Prefer ``init(_:relearningStepCount:)``, which reports a bad value.
    ///
    /// - Throws: ``ParameterError`` when the length is not 0, 17, 19 or 21, or a value is not
    ///   finite.
    /// - Complexity: O(21).
    public init(clamping weights: [Double], relearningStepCount: Int = 1) throws(ParameterError) {
        let filled = try FSRSParameters.filled(weights)
        self.init(checkedWeights: FSRSParameters.clamped(filled, relearningStepCount: relearningStepCount))
    }

    /// Clamps 21 finite weights into their ranges.
    /// - Complexity: O(21), one allocation.
    public static func clamped(_ weights: [Double], relearningStepCount: Int = 1) -> [Double] {
        precondition(weights.count == count, "clamped(_:) takes the 21 FSRS-6 weights")
        let lower = lowerBounds
        let upper = upperBounds(relearningStepCount: relearningStepCount, weights: weights)
        var clamped = weights
        for index in clamped.indices {
            clamped[index] = min(max(clamped[index], lower[index]), upper[index])
        }
        return clamped
    }

    private init(checkedWeights: [Double]) {
        self.weights = checkedWeights
    }

    /// Fills a 0-, 17- or 19-value vector up to the 21 FSRS-6 weights, exactly as fsrs-rs's
    /// `check_and_fill_parameters` does, without clamping.
    ///
    /// FSRS-4.5 vectors get the FSRS-5 initial-difficulty reparametrisation
    /// (`w4 += 2·w5`, `w5 = ln(1 + 3·w5) / 3`), `w6 += 0.5`, zero short-term weights and decay 0.5;
    /// FSRS-5 vectors get `w19 = 0` and decay 0.5.
    /// - Throws: ``ParameterError`` as ``init(_:relearningStepCount:)``.
    /// - Complexity: O(21), one allocation.
    public static func filled(_ weights: [Double]) throws(ParameterError) -> [Double] {
        var result: [Double]
        switch weights.count {
        case 0:
            result = defaultWeights
        case 17:
            result = weights
            result[4] = result[5] * 2 + result[4]
            result[5] = log(result[5] * 3 + 1) / 3
            result[6] += 0.5
            result += [0, 0, 0, fsrs5Decay]
        case 19:
            result = weights + [0, fsrs5Decay]
        case 21:
            result = weights
        default:
            throw .wrongCount(weights.count)
        }
        if let index = result.firstIndex(where: { !$0.isFinite }) {
            throw .notFinite(index: index, value: result[index])
        }
        return result
    }

    /// The weight at `index` (0–20).
    /// - Complexity: O(1).
    @inlinable public subscript(index: Int) -> Double { weights[index] }

    /// The weights as a JSON array, the exchange format of Anki and fsrs-rs.
    public var description: String {
        "[" + weights.map { String($0) }.joined(separator: ", ") + "]"
    }
}

extension FSRSParameters: Codable {
    /// Decodes the weights from a JSON array of 21 numbers (or 19, 17 or none, filled as
    /// ``init(_:relearningStepCount:)`` fills them), the exchange format of Anki and fsrs-rs.
    /// - Throws: `DecodingError.dataCorrupted` with the ``ParameterError``'s sentence for a
    ///   wrong length, a non-finite value or a value outside its range.
    /// - Complexity: O(21).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let weights = try container.decode([Double].self)
        do {
            try self.init(weights)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath,
                                                                    debugDescription: error.description))
        }
    }

    /// Encodes the 21 weights as a JSON array.
    /// - Complexity: O(21).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(weights)
    }
}

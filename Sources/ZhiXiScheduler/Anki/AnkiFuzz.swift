import ZhiXiCore

/// Anki's fuzz, bit for bit as Anki 26.09 computes it (`rslib/src/scheduler/states/fuzz.rs`,
/// `answering/mod.rs`, `answering/learning.rs`): single-precision arithmetic, its rounding
/// (halves away from zero) and its saturating conversions to whole days, its seed and its
/// random draws (`ChaCha12Generator` (ZhiXiCore), Rust's `StdRng`). ``AnkiScheduler`` applies it; the
/// py-fsrs-style fuzz of the other presets is ``FuzzRange`` and ``FuzzSeed``.
///
/// The differences from ``FuzzRange`` are what makes Anki's interval: the range is built around
/// a `Float`, limited by a *minimum* (the previous interval, or the interval of the button
/// before) and a maximum before the draw, widened to two days when it collapses to one above 2
/// days, and the day is `⌊lower + factor · count⌋` with one factor per answer — the same
/// factor for Hard, Good and Easy.
@usableFromInline package enum AnkiFuzz {
    /// The seed of a card's answer: its id plus its review count (`reps`, every answer so
    /// far), wrapping, as Anki's `get_fuzz_seed`. Seeds the fuzz factor, the learning-step
    /// fuzz and the load balancer alike.
    /// - Complexity: O(1).
    @inlinable
    package static func seed(cardID: Int64, reviewCount: Int) -> UInt64 {
        UInt64(bitPattern: cardID) &+ UInt64(truncatingIfNeeded: reviewCount)
    }

    /// The fuzz factor in `0 ..< 1` for a seed: the first draw of `StdRng::seed_from_u64(seed)`
    /// over `0.0..1.0` (`get_fuzz_factor`).
    /// - Complexity: O(1): one ChaCha12 block.
    @usableFromInline package static func factor(seed: UInt64) -> Float {
        var generator = ChaCha12Generator(seedFromUInt64: seed)
        return generator.nextUnitFloat()
    }

    /// How far the fuzz reaches on either side of `interval` days (`fuzz_delta`): 0 below 2.5
    /// days, else 1 plus 15 %, 10 % and 5 % of the days in the bands 2.5–7, 7–20 and above 20,
    /// summed in that order in `Float`.
    /// - Complexity: O(1).
    @usableFromInline package static func delta(intervalDays interval: Float) -> Float {
        guard interval >= 2.5 else { return 0 }
        var delta: Float = 1
        for (start, end, factor) in bands {
            delta = delta + factor * max(min(interval, end) - start, 0)
        }
        return delta
    }

    private static let bands: [(start: Float, end: Float, factor: Float)] = [
        (2.5, 7, 0.15), (7, 20, 0.1), (20, .greatestFiniteMagnitude, 0.05),
    ]

    /// The days a fuzzed interval may take (`constrained_fuzz_bounds`): the interval, held to
    /// `minimum … maximum` (minimum at most maximum), ± ``delta(intervalDays:)`` rounded, both
    /// ends held to `minimum … maximum`; a range of one day above 2 and below the maximum is
    /// widened to the next day.
    /// - Complexity: O(1).
    @usableFromInline package static func bounds(intervalDays: Float, minimum: Int, maximum: Int) -> ClosedRange<Int> {
        let minimum = min(minimum, maximum)
        let interval = min(max(intervalDays, Float(minimum)), Float(maximum))
        let delta = delta(intervalDays: interval)
        let lower = min(max(wholeDays(rounding: interval - delta), minimum), maximum)
        var upper = min(max(wholeDays(rounding: interval + delta), minimum), maximum)
        if upper == lower, upper > 2, upper < maximum { upper = lower + 1 }
        return lower ... upper
    }

    /// The fuzzed interval (`with_review_fuzz` without a load balancer): with a factor,
    /// `⌊lower + factor · (upper − lower + 1)⌋` over ``bounds(intervalDays:minimum:maximum:)``
    /// in `Float`; without one (fuzz off), the interval rounded and held to `minimum … maximum`.
    /// - Complexity: O(1).
    @usableFromInline package static func fuzzedInterval(factor: Float?, intervalDays: Float, minimum: Int, maximum: Int) -> Int {
        guard let factor else { return min(max(wholeDays(rounding: intervalDays), minimum), maximum) }
        let range = bounds(intervalDays: intervalDays, minimum: minimum, maximum: maximum)
        return wholeDays(truncating: (Float(range.lowerBound) + factor * Float(range.count)).rounded(.down))
    }

    /// The least interval a passing review may get so that fuzz never shortens it below the
    /// interval the card had (`minimum_review_fuzz_interval`): the previous interval plus a day
    /// when the rounded new interval is longer; the previous interval when that is within the
    /// new interval's fuzz range; otherwise no floor (0: the interval shrank, e.g. after new
    /// parameters).
    /// - Complexity: O(1).
    @usableFromInline package static func minimumReviewInterval(intervalDays: Float, previousIntervalDays previous: Int, maximumIntervalDays: Int) -> Int {
        let rounded = wholeDays(rounding: intervalDays)
        let upper = bounds(intervalDays: intervalDays, minimum: 1, maximum: maximumIntervalDays).upperBound
        if rounded > previous { return previous + 1 }
        return previous <= upper ? previous : 0
    }

    /// The seconds a (re)learning step of `seconds` really waits (`learning_ivl_with_fuzz`): up
    /// to a quarter more, at most 5 minutes more, drawn from `StdRng::seed_from_u64(seed)` over
    /// `seconds ..< seconds + ⌊min(seconds · 0.25, 300)⌋`; the step itself when that is empty
    /// or there is no seed (fuzz off).
    /// - Complexity: O(1): one ChaCha12 block.
    @usableFromInline package static func learningStepSeconds(_ seconds: Int, seed: UInt64?) -> Int {
        guard let seed, seconds >= 0 else { return seconds }
        let step = UInt32(clamping: seconds)
        let extra = UInt32(clamping: wholeDays(truncating: min(Float(step) * 0.25, 300).rounded(.down)))
        let (upper, overflow) = step.addingReportingOverflow(extra)
        guard !overflow, step < upper else { return seconds }
        var generator = ChaCha12Generator(seedFromUInt64: seed)
        return Int(generator.nextUInt32(in: step ..< upper))
    }

    /// `value.round() as u32`: halves away from zero, then Rust's saturating conversion
    /// (NaN and negatives 0, at most `UInt32.max`).
    /// - Complexity: O(1).
    @inlinable
    package static func wholeDays(rounding value: Float) -> Int {
        wholeDays(truncating: value.rounded())
    }

    /// `value as u32`: toward zero, NaN and negatives 0, at most `UInt32.max`.
    /// - Complexity: O(1).
    @inlinable
    package static func wholeDays(truncating value: Float) -> Int {
        guard value > 0 else { return 0 }
        return value >= Float(UInt32.max) ? Int(UInt32.max) : Int(value)
    }
}

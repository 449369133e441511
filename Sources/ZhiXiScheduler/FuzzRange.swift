import ZhiXiCore
/// The whole-day intervals a review may be given instead of the exact one, so that items
/// introduced together drift apart instead of always falling due on the same day: Anki's fuzz
/// ranges.
///
/// For an unrounded interval `I` of at least 2.5 days the range is
/// `round(I − Δ) … round(I + Δ)` (halves rounded away from zero), with
///
///     Δ = 1 + 0.15 · (min(I, 7) − 2.5) + 0.10 · (min(I, 20) − 7)⁺ + 0.05 · (I − 20)⁺
///
/// i.e. one day plus 15 % of the part of the interval between 2.5 and 7 days, 10 % of the part
/// between 7 and 20 days and 5 % of the part above 20 days. The lower bound is at least 2, the
/// upper bound at most the maximum interval (so an interval at the maximum is only ever
/// shortened). As Δ ≥ 1, a fuzzed range always offers at least two days. Intervals below 2.5
/// days are not fuzzed: the range is the single rounded day (at least 1).
///
/// | interval (days) | range (days) |
/// | --- | --- |
/// | 2.4 | 2 … 2 |
/// | 2.5 | 2 … 4 |
/// | 7 | 5 … 9 |
/// | 17 | 14 … 20 |
/// | 37 | 33 … 41 |
/// | 100, maximum 99 | 92 … 99 |
@usableFromInline package struct FuzzRange: Sendable, Hashable {
    /// The unrounded interval the range was made for, in days, limited to 1 … maximum interval.
    @usableFromInline package let intervalDays: Double
    /// The shortest interval of the range, in days (≥ 1).
    @usableFromInline package let lowerDays: Int
    /// The longest interval of the range, in days (≥ ``lowerDays``).
    @usableFromInline package let upperDays: Int

    /// Intervals below this many days are not fuzzed.
    @usableFromInline package static let smallestFuzzedIntervalDays = 2.5

    /// The range for an unrounded interval.
    ///
    /// - Parameters:
    ///   - intervalDays: the exact interval in days (e.g. from
    ///     `MemoryModel.interval(stability:desiredRetention:)`); NaN or infinity counts as the
    ///     maximum interval.
    ///   - maximumIntervalDays: the longest allowed interval in days (values below 1 count as 1).
    /// - Complexity: O(1).
    @usableFromInline package init(intervalDays: Double, maximumIntervalDays: Int) {
        let maximum = max(1, maximumIntervalDays)
        let interval = intervalDays.isNaN ? Double(maximum) : min(max(intervalDays, 1), Double(maximum))
        self.intervalDays = interval
        guard interval >= FuzzRange.smallestFuzzedIntervalDays else {
            // No fuzz: the interval rounded as the unfuzzed scheduler rounds it (ties to even).
            let day = min(max(1, Int(interval.rounded(.toNearestOrEven))), maximum)
            lowerDays = day
            upperDays = day
            return
        }
        let delta = FuzzRange.deltaDays(intervalDays: interval)
        upperDays = min(Int((interval + delta).rounded()), maximum)
        lowerDays = min(max(Int((interval - delta).rounded()), 2), upperDays)
    }

    /// The days from ``lowerDays`` to ``upperDays``.
    @inlinable package var days: ClosedRange<Int> { lowerDays ... upperDays }

    /// The number of days in the range (≥ 1).
    @inlinable package var count: Int { upperDays - lowerDays + 1 }

    /// How far, in days, the fuzz reaches on either side of an unrounded interval: 0 below 2.5
    /// days, otherwise 1 plus 15 %, 10 % and 5 % of the interval's days in the bands 2.5–7,
    /// 7–20 and above 20.
    /// - Complexity: O(1).
    @usableFromInline package static func deltaDays(intervalDays interval: Double) -> Double {
        guard interval >= smallestFuzzedIntervalDays else { return 0 }
        return 1
            + 0.15 * max(min(interval, 7) - 2.5, 0)
            + 0.10 * max(min(interval, 20) - 7, 0)
            + 0.05 * max(interval - 20, 0)
    }

    /// The day picked by a number `unit` in `0 ..< 1`: `lowerDays + ⌊unit · count⌋`, so that
    /// uniform numbers give every day of the range the same chance.
    /// - Complexity: O(1).
    @inlinable
    package func interval(unitValue unit: Double) -> Int {
        min(lowerDays + Int((unit * Double(count)).rounded(.down)), upperDays)
    }

    /// A day of the range chosen uniformly by the seed's generator: deterministic, the same
    /// seed always gives the same day.
    /// - Complexity: O(1), no allocation.
    @inlinable
    package func fuzzedInterval(seed: FuzzSeed) -> Int {
        var generator = seed.generator
        return interval(unitValue: generator.nextUnitInterval())
    }
}

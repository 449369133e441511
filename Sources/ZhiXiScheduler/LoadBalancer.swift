import ZhiXiCore

/// Chooses, within a fuzz range, the day that keeps the number of items due per day even:
/// the load balancer of Anki 24.11, deterministic.
///
/// Each candidate interval `i` (days after the review's day) falling on a day with `n` items
/// already due gets the weight
///
///     w = 1                  when n = 0
///     w = 1 / (n² · i)       otherwise
///
/// so an empty day is strongly preferred, a lightly loaded day is preferred over a heavily
/// loaded one by the square of the ratio of their loads, and among equal loads earlier days are
/// slightly preferred (without that factor the balancer drifts towards later days). One day is
/// then drawn with probability proportional to its weight, by a generator started from the
/// review's ``FuzzSeed``: the same seed and the same load always give the same day.
///
/// As in Anki, long intervals are not balanced (the need is low and the load that far ahead
/// is uncertain): above ``maximumBalancedIntervalDays`` the choice falls back to plain fuzz.
@usableFromInline package enum LoadBalancer {
    /// Intervals longer than this many days are fuzzed but not balanced (Anki: 90).
    @usableFromInline package static let maximumBalancedIntervalDays = 90

    /// The weight of a candidate interval of `intervalDays` days on a day with `dueCount`
    /// items due (see the type's description).
    /// - Complexity: O(1).
    @inlinable
    package static func weight(dueCount: Int, intervalDays: Int) -> Double {
        guard dueCount > 0 else { return 1 }
        let count = Double(dueCount)
        return 1 / (count * count * Double(max(intervalDays, 1)))
    }

    /// The balanced interval in days, or `nil` when the range is not balanced: its interval
    /// (``FuzzRange/intervalDays``, whole days) is longer than ``maximumBalancedIntervalDays``,
    /// or a day of the range lies outside `load`'s window; then use
    /// ``FuzzRange/fuzzedInterval(seed:)``. A range of one day gives that day.
    ///
    /// - Parameters:
    ///   - range: the candidate intervals, usually `FuzzRange(intervalDays:maximumIntervalDays:)`.
    ///   - reviewDay: the day number of the review; interval `i` falls on day `reviewDay + i`.
    ///   - load: the items already due on each day.
    ///   - seed: the seed of this review (see ``FuzzSeed``).
    /// - Complexity: O(d) for the d days of the range, no allocation.
    @usableFromInline package static func balancedInterval(in range: FuzzRange, reviewDay: Int, load: DueDayLoad, seed: FuzzSeed) -> Int? {
        guard Int(range.intervalDays) <= maximumBalancedIntervalDays else { return nil }
        guard range.lowerDays < range.upperDays else { return range.lowerDays }
        let days = reviewDay + range.lowerDays ... reviewDay + range.upperDays
        guard load.covers(days) else { return nil }
        var generator = seed.generator
        return balancedDay(in: days, lastReviewDay: reviewDay, load: load, generator: &generator) - reviewDay
    }

    /// The weighted draw itself: one day of `days`, each weighted by
    /// ``weight(dueCount:intervalDays:)`` for its load and its distance from `lastReviewDay`,
    /// drawn with one number from `generator`. Days outside `load`'s window count as empty.
    /// Used by the card scheduler (through ``balancedInterval(in:reviewDay:load:seed:)``) and
    /// by the review planner.
    /// - Complexity: O(d) for the d days, no allocation.
    @usableFromInline package static func balancedDay(in days: ClosedRange<Int>, lastReviewDay: Int, load: DueDayLoad,
                                   generator: inout SplitMix64) -> Int {
        var total = 0.0
        for day in days {
            total += weight(dueCount: load.dueCount(onDay: day) ?? 0, intervalDays: day - lastReviewDay)
        }
        var remaining = generator.nextUnitInterval() * total
        for day in days {
            remaining -= weight(dueCount: load.dueCount(onDay: day) ?? 0, intervalDays: day - lastReviewDay)
            if remaining < 0 { return day }
        }
        return days.upperBound
    }

    /// ``balancedDay(in:lastReviewDay:load:generator:)`` with Anki's Easy Days: each day's
    /// weight multiplied by its ``EasyDays`` modifier, from `dayShare`, the share of a full
    /// day (0–1) each day has. With every share 1 the draw is exactly the plain one.
    /// - Complexity: O(d) for the d days, no allocation.
    @usableFromInline package static func balancedDay(in days: ClosedRange<Int>, lastReviewDay: Int, load: DueDayLoad,
                                   dayShare: (Int) -> Double, generator: inout SplitMix64) -> Int {
        var totalShares = 0.0, totalCount = 0
        for day in days {
            totalShares += dayShare(day)
            totalCount += load.dueCount(onDay: day) ?? 0
        }
        func modifiedWeight(_ day: Int) -> Double {
            let count = load.dueCount(onDay: day) ?? 0
            let share = dayShare(day)
            return Self.weight(dueCount: count, intervalDays: day - lastReviewDay)
                * EasyDays.modifier(share: share, dueCount: count, otherShares: totalShares - share,
                                    otherDueCount: totalCount - count)
        }
        var total = 0.0
        for day in days { total += modifiedWeight(day) }
        var remaining = generator.nextUnitInterval() * total
        for day in days {
            remaining -= modifiedWeight(day)
            if remaining < 0 { return day }
        }
        return days.upperBound
    }
}

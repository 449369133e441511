#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ZhiXiCore

/// Anki's load balancer for one preset, bit for bit as Anki 26.09 chooses
/// (`rslib/src/scheduler/states/load_balancer.rs`): within the fuzz range of an interval, a
/// day drawn with weights that favour days with fewer cards due, nearer days, days the preset's
/// Easy Days leave open and days away from the card's siblings.
///
/// What Anki balances over is fixed when it builds its queues: every card of the preset whose
/// `due` falls on one of the 99 days from today (its query takes *every* card with such a due
/// number, so new cards whose queue position happens to be in that span count too; learning
/// cards, due as timestamps, never do). A preset with no such card is not balanced at all, and
/// plain fuzz decides. Intervals above 90 days, or a minimum above 90, are not balanced.
///
/// The weight of interval `i` on a day with `n` cards due is 1 when `n = 0`, else
/// `(1/n)^2.15 · (1/i)³ · siblings · easyDays`, in `Float`; the draw is `WeightedIndex<f32>` from
/// `StdRng::seed_from_u64(seed)` (`ChaCha12Generator.nextWeightedIndex(_:)`).
///
/// ```swift
/// var counts = [Int](repeating: 0, count: AnkiLoadBalancer.windowDayCount)
/// counts[5] = 12
/// let balancer = AnkiLoadBalancer(dueCounts: counts, weekdays: weekdays)  // Easy Days: all normal
/// balancer.interval(intervalDays: 5.3, minimum: 1, maximum: 36_500, seed: seed)  // 4 … 7, rarely 5
/// ```
@usableFromInline package struct AnkiLoadBalancer: Sendable, Hashable {
    /// The days Anki counts cards on, from today: 99 (`LOAD_BALANCE_DAYS`).
    @usableFromInline package static let windowDayCount = 99
    /// Intervals, and minimums, above this many days are not balanced (`MAX_LOAD_BALANCE_INTERVAL`).
    @usableFromInline package static let maximumBalancedIntervalDays = 90

    /// The preset's cards due on today + 0 … today + 98 (missing days count 0).
    @usableFromInline package let dueCounts: [Int]
    /// The weekday, 0 = Monday … 6 = Sunday, of each of those days, as Anki reads it: the local
    /// weekday of the next day's start plus `i − 1` times 24 hours (`interval_to_weekday`).
    @usableFromInline package let weekdays: [Int]
    /// The preset's Easy Days, Monday first: 1 a normal day, 0 a day off, anything else a
    /// reduced day (Anki treats every reduced day as half a day). Empty or 7 values.
    @usableFromInline package let easyDayPercentages: [Float]

    /// A balancer.
    /// - Parameters:
    ///   - dueCounts: cards of the preset due on each day from today (index 0 is today); all
    ///     zero means Anki has nothing to balance over, and does not balance.
    ///   - weekdays: the weekday (0 = Monday) of each day from today, as the type describes;
    ///     days past its end count as normal days.
    ///   - easyDayPercentages: the preset's Easy Days, Monday first (empty: every day normal).
    /// - Complexity: O(days).
    @usableFromInline package init(dueCounts: [Int], weekdays: [Int], easyDayPercentages: [Float] = []) {
        self.dueCounts = dueCounts
        self.weekdays = weekdays
        self.easyDayPercentages = easyDayPercentages.count == 7 ? easyDayPercentages : []
    }

    /// The weekdays of the days from today for ``weekdays``: the local weekday in `calendar`'s
    /// time zone of `nextDayAtSeconds + (i − 1) · 86 400`, for i in 0 ..< ``windowDayCount``.
    /// - Complexity: O(days).
    @usableFromInline package static func weekdays(nextDayAtSeconds: Int64, calendar: StudyCalendar) -> [Int] {
        (0..<windowDayCount).map { index in
            let instant = Double(nextDayAtSeconds) + Double(index - 1) * 86_400
            let local = instant + Double(calendar.utcOffset(atSecondsSince1970: instant))
            let day = Int((local / 86_400).rounded(.down))
            return (CivilDate.weekday(daysSince1970: day) + 5) % 7  // Foundation's 1 = Sunday → 0 = Monday
        }
    }

    /// The balanced interval, or `nil` when Anki does not balance it (interval or minimum above
    /// 90 days, no card of the preset in the window, or no seed) and plain fuzz decides
    /// (`find_interval`).
    /// - Parameters:
    ///   - intervalDays: the unfuzzed interval.
    ///   - minimum: the lower limit of the range (``AnkiFuzz/bounds(intervalDays:minimum:maximum:)``).
    ///   - maximum: the upper limit of the range.
    ///   - seed: the answer's seed (``AnkiFuzz/seed(cardID:reviewCount:)``).
    ///   - siblingDays: the days from today on which a sibling of the card (a card of the same
    ///     note, in any preset) is due, when the preset buries siblings of reviews; else empty.
    /// - Complexity: O(d + s) for the d days of the range and s sibling days, one allocation.
    @usableFromInline package func interval(intervalDays: Float, minimum: Int, maximum: Int, seed: UInt64?,
                         siblingDays: [Int] = []) -> Int? {
        guard AnkiFuzz.wholeDays(truncating: intervalDays) <= Self.maximumBalancedIntervalDays,
              minimum <= Self.maximumBalancedIntervalDays,
              dueCounts.contains(where: { $0 > 0 }) else { return nil }
        let range = AnkiFuzz.bounds(intervalDays: intervalDays, minimum: minimum, maximum: maximum)
        let counts = range.map { $0 < dueCounts.count ? max(0, dueCounts[$0]) : 0 }
        let easy = easyDayModifiers(range: range, counts: counts)
        var siblings = [Float](repeating: 1, count: range.count)
        for day in siblingDays.sorted() {
            for (step, modifier) in zip(-5 ... 5, Self.siblingModifiers) {
                let index = day + step - range.lowerBound
                if index >= 0, index < siblings.count { siblings[index] *= modifier }
            }
        }
        var weights: [Float] = []
        weights.reserveCapacity(range.count)
        for (offset, interval) in range.enumerated() {
            let count = counts[offset]
            guard count > 0 else {
                weights.append(1)
                continue
            }
            let countWeight = powf(1 / Float(count), 2.15)
            let nearness = 1 / Float(interval)
            weights.append(countWeight * (nearness * nearness * nearness) * siblings[offset] * easy[offset])
        }
        guard let seed else { return nil }
        var generator = ChaCha12Generator(seedFromUInt64: seed)
        return generator.nextWeightedIndex(weights).map { range.lowerBound + $0 }
    }

    /// Each day's Easy Days modifier (`calculate_easy_days_modifiers`): 1 for a normal day,
    /// 0.0001 for a day off; a reduced day is 1 while its cards per half day do not exceed the
    /// other days' cards per their share, else 0.0001.
    private func easyDayModifiers(range: ClosedRange<Int>, counts: [Int]) -> [Float] {
        let kinds = range.map { interval -> Float in
            guard !easyDayPercentages.isEmpty, interval < weekdays.count else { return 1 }
            let percentage = easyDayPercentages[weekdays[interval]]
            return percentage == 1 ? 1 : (percentage == 0 ? Self.dayOffModifier : Self.reducedDayShare)
        }
        let totalCount = counts.reduce(0, +)
        var totalShares: Float = 0
        for kind in kinds { totalShares += kind }
        return zip(kinds, counts).map { kind, count in
            guard kind == Self.reducedDayShare else { return kind }
            let otherCount = Float(totalCount - count)
            let otherShares = totalShares - Self.reducedDayShare
            return Float(count) / Self.reducedDayShare > otherCount / otherShares ? Self.dayOffModifier : 1
        }
    }

    /// The weight of a day off (`EasyDay::Minimum`): tiny, not zero.
    private static let dayOffModifier: Float = 0.0001
    /// The share of a reduced day (`EasyDay::Reduced`), whatever its percentage.
    private static let reducedDayShare: Float = 0.5
    /// The factors for days 5 before … 5 after a sibling's day (`SIBLING_MODIFIER_RANGE`).
    private static let siblingModifiers: [Float] = [1.0, 0.8, 0.6, 0.4, 0.2, 0.000001, 0.2, 0.4, 0.6, 0.8, 1.0]
}

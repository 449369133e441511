import Foundation

/// Days as Anki counts them when it computes memory states, fits and evaluations: whole
/// 86,400-second days back from the next rollover at the moment of computing
/// (`next_day_at`, rslib `scheduler/timing.rs`; the count is `RevlogEntry::days_elapsed` in
/// `scheduler/fsrs/params.rs`).
///
/// Anki finds the next rollover with the one UTC offset in force when it computes, then
/// counts every review back from it in steps of exactly 24 hours. Reviews made under another
/// offset (before or after a daylight-saving change) are counted as if the clock had not
/// changed: a review at 04:30 in winter, seen from summer (one hour ahead, rollover at 04:00),
/// falls 30 minutes after a day boundary at 03:00 winter time, so on the day after the one the
/// learner lived it on. The same history computed in summer and in winter can give different
/// elapsed days, and so different memory states; a ``StudyCalendar`` counts true local days,
/// the same whatever the moment.
///
/// Day numbers here are relative to the moment: day 0 is the day that ends at the next
/// rollover (``nextDayAtSeconds``), day −1 the one before, and so on. Anki works on whole
/// seconds (a revlog id is milliseconds, divided down), and an instant exactly at a boundary
/// belongs to the day that ends there: day `n` is the seconds
/// `nextDayAt + 86400·(n − 1) + 1 … nextDayAt + 86400·n`.
public struct AnkiDayCount: Sendable, Hashable {
    /// The next rollover after the moment of computing, in whole seconds since 1970.
    public let nextDayAtSeconds: Int64

    /// The count from a known next rollover (what Anki's `sched.day_cutoff` reports).
    /// - Complexity: O(1).
    public init(nextDayAtSeconds: Int64) {
        self.nextDayAtSeconds = nextDayAtSeconds
    }

    /// The count Anki uses at `moment` for a learner in `calendar`'s time zone with its
    /// day-start hour as the rollover: the next instant, at the UTC offset in force at
    /// `moment`, when the clock reads the rollover hour (`sched_timing_today`: the rollover
    /// has passed when the clock reads it or later).
    /// - Complexity: O(1).
    public init(at moment: Date, calendar: StudyCalendar) {
        let now = Int64((moment.timeIntervalSince1970).rounded(.down))
        let offset = Int64(calendar.utcOffset(atSecondsSince1970: Double(now)))
        let local = now + offset
        let midnight = local - Self.floorModulo(local, 86_400)
        var rollover = midnight + Int64(calendar.dayStartHour) * 3_600
        if rollover <= local { rollover += 86_400 }
        self.init(nextDayAtSeconds: rollover - offset)
    }

    /// The day of an instant (seconds since 1970; the fraction is dropped, as Anki drops the
    /// milliseconds of a revlog id): 0 for the day ending at ``nextDayAtSeconds``, negative
    /// before it.
    /// - Complexity: O(1).
    @inlinable
    public func dayNumber(ofSecondsSince1970 seconds: Double) -> Int {
        let difference = Int64(seconds.rounded(.down)) - nextDayAtSeconds
        // ⌈difference / 86 400⌉
        return Int(difference > 0 ? (difference + 86_399) / 86_400 : -((-difference) / 86_400))
    }

    /// Anki's `days_elapsed` of an instant: whole days from it to the next rollover, never
    /// negative (an instant after the rollover counts 0).
    /// - Complexity: O(1).
    @inlinable
    public func daysAgo(ofSecondsSince1970 seconds: Double) -> Int {
        max(0, -dayNumber(ofSecondsSince1970: seconds))
    }

    /// The first whole second of day `day` (see the type: the boundary second itself belongs
    /// to the day before).
    /// - Complexity: O(1).
    @inlinable
    public func startSeconds(ofDay day: Int) -> Double {
        Double(nextDayAtSeconds + 86_400 * Int64(day - 1) + 1)
    }

    @usableFromInline
    static func floorModulo(_ value: Int64, _ divisor: Int64) -> Int64 {
        let remainder = value % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}

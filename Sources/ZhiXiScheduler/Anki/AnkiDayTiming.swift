import Foundation

/// The moment Anki computes at, as its scheduler sees it: now in whole seconds, today's day
/// number, and when the next day starts (`SchedTimingToday`).
@usableFromInline package struct AnkiDayTiming: Sendable, Hashable {
    /// Now, in whole seconds since 1970.
    @usableFromInline package var nowSeconds: Int64
    /// Today's day number (Anki's days since the collection was created, or a calendar's study
    /// day): a day interval of `n` makes a card due on day `today + n`.
    @usableFromInline package var today: Int
    /// When the next day starts, in seconds since 1970 (`next_day_at`).
    @usableFromInline package var nextDayAtSeconds: Int64

    /// A timing from its three values.
    /// - Complexity: O(1).
    @usableFromInline package init(nowSeconds: Int64, today: Int, nextDayAtSeconds: Int64) {
        self.nowSeconds = nowSeconds
        self.today = today
        self.nextDayAtSeconds = nextDayAtSeconds
    }

    /// The timing at `date` on a study calendar, with `today` the calendar's study day: the
    /// next day starts at the day-start hour of today's local date, or of tomorrow's once that
    /// hour has passed, with the UTC offset in force now held fixed, as Anki computes it
    /// (`sched_timing_today_v2_new`; a clock change before that hour moves it by the change).
    /// - Complexity: O(1) in 1900–2200.
    @usableFromInline package init(at date: Date, calendar: StudyCalendar) {
        let now = Int64(date.timeIntervalSince1970.rounded(.down))
        let offset = Int64(calendar.utcOffset(atSecondsSince1970: Double(now)))
        let local = now + offset
        let midnight = local - ((local % 86_400) + 86_400) % 86_400
        var rollover = midnight + Int64(calendar.dayStartHour) * 3600
        if rollover <= local { rollover += 86_400 }
        self.init(nowSeconds: now, today: calendar.dayNumber(ofSecondsSince1970: Double(now)),
                  nextDayAtSeconds: rollover - offset)
    }

    /// Days from a review at `seconds` to the start of the next day, whole
    /// (`next_day_at.elapsed_days_since`): what FSRS counts as elapsed; 0 on the same day.
    /// - Complexity: O(1).
    @inlinable
    package func elapsedDays(sinceSeconds seconds: Int64) -> Int {
        Int(max(nextDayAtSeconds - seconds, 0) / 86_400)
    }

    /// Seconds until the next day starts (`secs_until_rollover`), at least 0.
    @inlinable package var secondsUntilNextDay: Int { Int(max(nextDayAtSeconds - nowSeconds, 0)) }
}

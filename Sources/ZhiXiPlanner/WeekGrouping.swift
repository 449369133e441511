import ZhiXiScheduler

/// What "this week" (本周) means in a plan.
public enum WeekGrouping: Sendable, Hashable {
    /// The rest of a rolling window of the planning horizon (default 7 days: today, tomorrow
    /// and the five days after).
    case rolling
    /// The rest of the current calendar week, which starts on `firstWeekday`
    /// (1 = Sunday … 7 = Saturday); if tomorrow already starts a new week, "this week" is empty.
    case calendarWeek(firstWeekday: Int)

    /// The study day after "this week" for a plan made on study day `today` of `calendar`:
    /// "this week" is the days `today + 2 ..< endOfThisWeek` (after today and tomorrow).
    /// - Complexity: O(1).
    public func endOfThisWeek(today: Int, calendar: StudyCalendar) -> Int {
        switch self {
        case .rolling:
            return today + 7
        case .calendarWeek(let firstWeekday):
            let untilNextWeek = (firstWeekday - calendar.weekday(ofDay: today) + 7) % 7
            return max(today + 2, today + (untilNextWeek == 0 ? 7 : untilNextWeek))
        }
    }
}

/// What "this week" (本周) means in a plan.
public enum WeekGrouping: Sendable, Hashable {
    /// The rest of a rolling window of the planning horizon (default 7 days: today, tomorrow
    /// and the five days after).
    case rolling
    /// The rest of the current calendar week, which starts on `firstWeekday`
    /// (1 = Sunday … 7 = Saturday); if tomorrow already starts a new week, "this week" is empty.
    case calendarWeek(firstWeekday: Int)
}

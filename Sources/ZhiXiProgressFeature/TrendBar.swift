/// One day of the trend.
public struct TrendBar: Sendable, Hashable, Identifiable {
    /// The day in the learner's time zone, `YYYY-MM-DD`.
    public var id: String
    /// The weekday's short name, the bar's label: 周日, `Sun`.
    public var weekdayLabel: String
    /// The date: `11月29日`, `Nov 29`.
    public var dateText: String
    /// Minutes studied (the bar's height).
    public var minutes: Int
    /// Sessions recorded.
    public var sessions: Int
    /// The minutes as shown: `25 分钟`.
    public var valueText: String
    /// `true` for today.
    public var isToday: Bool

    /// Creates a bar.
    public init(id: String, weekdayLabel: String, dateText: String, minutes: Int, sessions: Int, valueText: String, isToday: Bool) {
        self.id = id
        self.weekdayLabel = weekdayLabel
        self.dateText = dateText
        self.minutes = minutes
        self.sessions = sessions
        self.valueText = valueText
        self.isToday = isToday
    }
}

/// The last 7 days as a bar chart: one bar per day, oldest first, today last.
public struct ActivityTrend: Sendable, Hashable {
    /// The chart's heading: 近 7 天.
    public var heading: String
    /// The bars.
    public var days: [TrendBar]
    /// The largest bar's minutes (the axis' top), 0 when no day has study.
    public var maximumMinutes: Int
    /// The minutes of the 7 days.
    public var totalMinutes: Int
    /// `近 7 天学习 120 分钟`.
    public var totalText: String

    /// Creates a trend.
    public init(heading: String, days: [TrendBar], maximumMinutes: Int, totalMinutes: Int, totalText: String) {
        self.heading = heading
        self.days = days
        self.maximumMinutes = maximumMinutes
        self.totalMinutes = totalMinutes
        self.totalText = totalText
    }
}

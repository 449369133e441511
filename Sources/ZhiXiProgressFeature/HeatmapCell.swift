/// One day of the heat map.
public struct HeatmapCell: Sendable, Hashable, Identifiable {
    /// The day in the learner's time zone, `YYYY-MM-DD`.
    public var id: String
    /// Its week column, 0 for the oldest.
    public var column: Int
    /// Its weekday row, 0 for the learner's first weekday.
    public var row: Int
    /// Minutes studied.
    public var minutes: Int
    /// Sessions recorded.
    public var sessions: Int
    /// Its shade, 0 (no study) to 4.
    public var level: Int
    /// `true` for today.
    public var isToday: Bool
    /// `11月29日（周日）：25 分钟，2 次`, for a tooltip and VoiceOver.
    public var label: String

    /// Creates a cell.
    public init(id: String, column: Int, row: Int, minutes: Int, sessions: Int, level: Int, isToday: Bool, label: String) {
        self.id = id
        self.column = column
        self.row = row
        self.minutes = minutes
        self.sessions = sessions
        self.level = level
        self.isToday = isToday
        self.label = label
    }
}

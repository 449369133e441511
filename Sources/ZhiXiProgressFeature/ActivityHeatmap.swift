/// The last 365 days as a heat map: a column per week (oldest first), a row per weekday (the
/// learner's first weekday on top), each day a cell whose ``HeatmapCell/level`` (0–4) is its
/// shade. The first column may start below its top and the last end above its bottom.
public struct ActivityHeatmap: Sendable, Hashable {
    /// The minutes from which a day takes each level above 0: a day with study below 15
    /// minutes is level 1, from 15 level 2, from 30 level 3, from 60 level 4; 0 minutes is 0.
    public static let levelThresholds = [15, 30, 60]
    /// The number of levels, 0 included: 5.
    public static let levelCount = 5

    /// The map's heading: 近一年.
    public var heading: String
    /// The number of week columns.
    public var weekCount: Int
    /// The weekdays' short names, top row first (from the learner's first weekday).
    public var rowLabels: [String]
    /// Every day, oldest first.
    public var cells: [HeatmapCell]
    /// The months' labels over the columns where a month begins.
    public var monthLabels: [HeatmapMonthLabel]
    /// Days with study.
    public var activeDays: Int
    /// `近一年有 120 天在学习`.
    public var activeDaysText: String
    /// The legend's ends: 少, 多.
    public var lessText: String
    /// The legend's high end.
    public var moreText: String

    /// Creates a heat map.
    public init(heading: String, weekCount: Int, rowLabels: [String], cells: [HeatmapCell], monthLabels: [HeatmapMonthLabel], activeDays: Int,
                activeDaysText: String, lessText: String, moreText: String) {
        self.heading = heading
        self.weekCount = weekCount
        self.rowLabels = rowLabels
        self.cells = cells
        self.monthLabels = monthLabels
        self.activeDays = activeDays
        self.activeDaysText = activeDaysText
        self.lessText = lessText
        self.moreText = moreText
    }

    /// The level of a day with `minutes` of study (see ``levelThresholds``).
    public static func level(minutes: Int) -> Int {
        guard minutes > 0 else { return 0 }
        return 1 + levelThresholds.filter { minutes >= $0 }.count
    }
}

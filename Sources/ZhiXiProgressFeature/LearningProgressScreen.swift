/// The progress page's content: the totals, a bar per day of the last 7 days, and a heat map
/// of the last 365 days, as plain values a chart draws.
public struct LearningProgressScreen: Sendable, Hashable {
    /// The page's title: 学习进度.
    public var title: String
    /// The totals.
    public var summary: ProgressSummaryCard
    /// The last 7 days.
    public var trend: ActivityTrend
    /// The last 365 days.
    public var heatmap: ActivityHeatmap
    /// `true` when the figures were counted on the device because the server did not answer.
    public var isOffline: Bool
    /// The banner to show when offline, saying why; `nil` online.
    public var offlineMessage: String?

    /// Creates a screen.
    public init(title: String, summary: ProgressSummaryCard, trend: ActivityTrend, heatmap: ActivityHeatmap, isOffline: Bool,
                offlineMessage: String?) {
        self.title = title
        self.summary = summary
        self.trend = trend
        self.heatmap = heatmap
        self.isOffline = isOffline
        self.offlineMessage = offlineMessage
    }
}

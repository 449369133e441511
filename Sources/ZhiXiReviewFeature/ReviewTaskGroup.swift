import ZhiXiDomain

/// One group of the review-plan page (今天, 明天 or 本周) with its rows and minutes.
public struct ReviewTaskGroup: Sendable, Hashable, Identifiable {
    /// Which group.
    public var period: ReviewPlanPeriod
    /// Its title: 今天 / 明天 / 本周.
    public var title: String
    /// Its tasks, in the order to do them; today's done tasks last.
    public var rows: [ReviewTaskRow]
    /// The minutes of all its tasks.
    public var totalMinutes: Int
    /// The minutes of the tasks not done yet.
    public var remainingMinutes: Int
    /// The line under the title: `3 项，约 25 分钟`, or 没有复习任务.
    public var summary: String

    /// The period, as the group's identity.
    public var id: ReviewPlanPeriod { period }

    /// Creates a group.
    public init(period: ReviewPlanPeriod, title: String, rows: [ReviewTaskRow], totalMinutes: Int, remainingMinutes: Int, summary: String) {
        self.period = period
        self.title = title
        self.rows = rows
        self.totalMinutes = totalMinutes
        self.remainingMinutes = remainingMinutes
        self.summary = summary
    }
}

/// The learner's totals on the progress page.
public struct ProgressSummaryCard: Sendable, Hashable {
    /// Days in a row with study, up to today.
    public var streakDays: Int
    /// `连续学习 5 天`.
    public var streakText: String
    /// Minutes studied in all.
    public var totalMinutes: Int
    /// `累计学习 320 分钟`.
    public var totalMinutesText: String
    /// Sessions recorded.
    public var sessionCount: Int
    /// `学习 42 次`.
    public var sessionsText: String
    /// Distinct lessons studied.
    public var lessonCount: Int
    /// `学过 12 节课`.
    public var lessonsText: String
    /// The mean mastery, 0–100, rounded; `nil` when nothing is scored.
    public var averageMastery: Int?
    /// `平均掌握度 72`, or 还没有掌握度评分.
    public var averageMasteryText: String
    /// Reviews due today or earlier.
    public var dueReviewCount: Int
    /// `3 项待复习`.
    public var dueReviewsText: String

    /// Creates a card.
    public init(streakDays: Int, streakText: String, totalMinutes: Int, totalMinutesText: String, sessionCount: Int, sessionsText: String,
                lessonCount: Int, lessonsText: String, averageMastery: Int?, averageMasteryText: String, dueReviewCount: Int,
                dueReviewsText: String) {
        self.streakDays = streakDays
        self.streakText = streakText
        self.totalMinutes = totalMinutes
        self.totalMinutesText = totalMinutesText
        self.sessionCount = sessionCount
        self.sessionsText = sessionsText
        self.lessonCount = lessonCount
        self.lessonsText = lessonsText
        self.averageMastery = averageMastery
        self.averageMasteryText = averageMasteryText
        self.dueReviewCount = dueReviewCount
        self.dueReviewsText = dueReviewsText
    }
}

import ZhiXiModel

/// The study home's summary of the learner's progress (学习概况).
public struct LearningSummaryCard: Sendable, Hashable {
    /// Days in a row with study.
    public var streakDays: Int
    /// `连续学习 5 天`.
    public var streakText: String
    /// Minutes studied in all.
    public var totalMinutes: Int
    /// `累计学习 320 分钟`.
    public var totalMinutesText: String
    /// The mean mastery, 0–100, rounded; `nil` when nothing is scored.
    public var averageMastery: Int?
    /// `平均掌握度 72`, `nil` when nothing is scored.
    public var averageMasteryText: String?
    /// Reviews due today or earlier.
    public var dueReviewCount: Int
    /// `3 项待复习`.
    public var dueReviewsText: String

    /// Creates a card.
    public init(streakDays: Int, streakText: String, totalMinutes: Int, totalMinutesText: String, averageMastery: Int?,
                averageMasteryText: String?, dueReviewCount: Int, dueReviewsText: String) {
        self.streakDays = streakDays
        self.streakText = streakText
        self.totalMinutes = totalMinutes
        self.totalMinutesText = totalMinutesText
        self.averageMastery = averageMastery
        self.averageMasteryText = averageMasteryText
        self.dueReviewCount = dueReviewCount
        self.dueReviewsText = dueReviewsText
    }
}

import ZhiXiModel

/// A lesson's next review as its path's page shows it.
public struct PathLessonReview: Sendable, Hashable {
    /// The review task's id.
    public var taskID: String
    /// The kind of review.
    public var reviewType: ReviewType
    /// Its label: 间隔重复 / 费曼 / 回忆 / 薄弱.
    public var typeLabel: String
    /// Its day: 今天, 明天, or `12月2日（周三）`.
    public var dayText: String
    /// `下次复习：明天 · 回忆`.
    public var text: String
    /// Why the planner chose it.
    public var reason: String?
    /// `true` when it is due today (overdue ones included).
    public var isDue: Bool

    /// Creates a review.
    public init(taskID: String, reviewType: ReviewType, typeLabel: String, dayText: String, text: String, reason: String?, isDue: Bool) {
        self.taskID = taskID
        self.reviewType = reviewType
        self.typeLabel = typeLabel
        self.dayText = dayText
        self.text = text
        self.reason = reason
        self.isDue = isDue
    }
}

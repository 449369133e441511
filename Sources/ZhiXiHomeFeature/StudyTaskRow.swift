import ZhiXiModel

/// One of today's review tasks on the study home.
public struct StudyTaskRow: Sendable, Hashable, Identifiable {
    /// The task's id.
    public var id: String
    /// The kind of review.
    public var reviewType: ReviewType
    /// Its label: 间隔重复 / 费曼 / 回忆 / 薄弱.
    public var typeLabel: String
    /// The lesson's title.
    public var lessonTitle: String
    /// Its minutes.
    public var minutes: Int
    /// The minutes as shown.
    public var minutesText: String
    /// `true` when done.
    public var isDone: Bool

    /// Creates a row.
    public init(id: String, reviewType: ReviewType, typeLabel: String, lessonTitle: String, minutes: Int, minutesText: String, isDone: Bool) {
        self.id = id
        self.reviewType = reviewType
        self.typeLabel = typeLabel
        self.lessonTitle = lessonTitle
        self.minutes = minutes
        self.minutesText = minutesText
        self.isDone = isDone
    }
}

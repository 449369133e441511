import ZhiXiModel

/// One planned task as the review-plan page and the study home list it: its type label,
/// lesson, minutes, reason and done box.
public struct ReviewTaskRow: Sendable, Hashable, Identifiable {
    /// The task's id (what the review plan's `complete(taskID:)` and `skip(taskID:)` take).
    public var id: String
    /// The kind of review.
    public var reviewType: ReviewType
    /// Its label: 间隔重复 / 费曼 / 回忆 / 薄弱 (or the English names).
    public var typeLabel: String
    /// The lesson's id.
    public var lessonID: String
    /// The lesson's title (未命名课程 when the device does not know the lesson).
    public var lessonTitle: String
    /// How long it takes, in minutes.
    public var minutes: Int
    /// The minutes as shown: `12 分钟`.
    public var minutesText: String
    /// Why it was planned; `nil` for a task done (the plan no longer explains it).
    public var reason: String?
    /// The weak point practised, for weak-point reviews.
    public var weakPoint: String?
    /// The done box.
    public var isDone: Bool

    /// Creates a row.
    public init(id: String, reviewType: ReviewType, typeLabel: String, lessonID: String, lessonTitle: String, minutes: Int,
                minutesText: String, reason: String?, weakPoint: String?, isDone: Bool) {
        self.id = id
        self.reviewType = reviewType
        self.typeLabel = typeLabel
        self.lessonID = lessonID
        self.lessonTitle = lessonTitle
        self.minutes = minutes
        self.minutesText = minutesText
        self.reason = reason
        self.weakPoint = weakPoint
        self.isDone = isDone
    }

    /// The row of `item` in `wording`'s language; `isDone` draws the done box (the item's own
    /// state, or the learner's action since the plan was made).
    package init(_ item: ReviewItem, isDone: Bool, wording: LearnerWording) {
        self.init(id: item.id, reviewType: item.task.reviewType, typeLabel: item.task.reviewType.displayName(language: wording.language),
                  lessonID: item.task.lessonID, lessonTitle: ScreenText.line(item.lessonTitle) ?? wording.untitledLesson,
                  minutes: item.estimatedMinutes, minutesText: wording.minutes(item.estimatedMinutes),
                  reason: ScreenText.lines(item.reason) ?? (item.isDone ? nil : wording.plannedByServer),
                  weakPoint: ScreenText.line(item.weakPoint), isDone: isDone)
    }
}

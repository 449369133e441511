/// One lesson of a learning path: open the analysis page or the tutor with ``id``.
public struct PathLessonRow: Sendable, Hashable, Identifiable {
    /// The lesson's id.
    public var id: String
    /// Its title.
    public var title: String
    /// `12 分钟`.
    public var minutesText: String
    /// `学过 3 次 · 最近一次 11月28日（周六）`, or 还没学过.
    public var studiedText: String
    /// `true` when studied at least once.
    public var isStudied: Bool
    /// `上次得分 72`, when a session was scored.
    public var lastScoreText: String?
    /// Its next review in the plan, `nil` when none is planned.
    public var nextReview: PathLessonReview?
    /// Shown instead when none is planned: 这节课暂时没有安排复习.
    public var noReviewText: String?
    /// `2 个薄弱点待练习`, when the plan drills weak points of it.
    public var weakPointsText: String?

    /// Creates a row.
    public init(id: String, title: String, minutesText: String, studiedText: String, isStudied: Bool, lastScoreText: String?,
                nextReview: PathLessonReview?, noReviewText: String?, weakPointsText: String?) {
        self.id = id
        self.title = title
        self.minutesText = minutesText
        self.studiedText = studiedText
        self.isStudied = isStudied
        self.lastScoreText = lastScoreText
        self.nextReview = nextReview
        self.noReviewText = noReviewText
        self.weakPointsText = weakPointsText
    }
}

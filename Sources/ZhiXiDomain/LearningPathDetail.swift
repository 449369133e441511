import ZhiXiCore
import ZhiXiModel

/// A learning path (学习路径) as its page shows it: the lessons in study order, each with what
/// the learner did and the next review the plan has for it.
public struct LearningPathDetail: Sendable, Hashable {
    /// The path.
    public var path: LearningPath
    /// The title of its knowledge base, when known.
    public var knowledgeBaseTitle: String?
    /// Its lessons, in study order.
    public var lessons: [LessonStatus]
    /// The learner's current study day (the plan's today).
    public var today: CivilDate
    /// `true` when the server did not answer and this is what the device keeps.
    public var isOffline: Bool
    /// Why the server's answer is missing, offline (`nil` online or unknown).
    public var offlineCause: OfflineCause?

    /// Creates a path.
    public init(path: LearningPath, knowledgeBaseTitle: String?, lessons: [LessonStatus], today: CivilDate, isOffline: Bool,
                offlineCause: OfflineCause? = nil) {
        self.path = path
        self.knowledgeBaseTitle = knowledgeBaseTitle
        self.lessons = lessons
        self.today = today
        self.isOffline = isOffline
        self.offlineCause = offlineCause
    }
}

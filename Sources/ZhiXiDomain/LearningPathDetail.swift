import ZhiXiCore
import ZhiXiModel

/// A learning path (学习路径) as its page shows it: the lessons in study order, each with what
/// the learner did and the next review the plan has for it.
package struct LearningPathDetail: Sendable, Hashable {
    /// The path.
    package var path: LearningPath
    /// The title of its knowledge base, when known.
    package var knowledgeBaseTitle: String?
    /// Its lessons, in study order.
    package var lessons: [LessonStatus]
    /// The learner's current study day (the plan's today).
    package var today: CivilDate
    /// `true` when the server did not answer and this is what the device keeps.
    package var isOffline: Bool
    /// Why the server's answer is missing, offline (`nil` online or unknown).
    package var offlineCause: OfflineCause?

    /// Creates a path.
    package init(path: LearningPath, knowledgeBaseTitle: String?, lessons: [LessonStatus], today: CivilDate, isOffline: Bool,
                offlineCause: OfflineCause? = nil) {
        self.path = path
        self.knowledgeBaseTitle = knowledgeBaseTitle
        self.lessons = lessons
        self.today = today
        self.isOffline = isOffline
        self.offlineCause = offlineCause
    }
}

/// A learning path's page: its lessons in study order, each with what the learner did and its
/// next review in the plan.
public struct LearningPathScreen: Sendable, Hashable {
    /// The path's id.
    public var pathID: String
    /// Its title.
    public var title: String
    /// Its knowledge base's title, when known.
    public var knowledgeBaseTitle: String?
    /// What it teaches, if said.
    public var description: String?
    /// `已学 3/6 节`.
    public var studiedText: String
    /// The share of its lessons studied, 0–1.
    public var progress: Double
    /// The lessons, in study order.
    public var lessons: [PathLessonRow]
    /// Shown when the path has no lesson, `nil` otherwise.
    public var emptyText: String?
    /// `true` when this is what the device keeps because the server did not answer.
    public var isOffline: Bool
    /// The banner to show when offline, saying why; `nil` online.
    public var offlineMessage: String?

    /// Creates a screen.
    public init(pathID: String, title: String, knowledgeBaseTitle: String?, description: String?, studiedText: String, progress: Double,
                lessons: [PathLessonRow], emptyText: String?, isOffline: Bool, offlineMessage: String?) {
        self.pathID = pathID
        self.title = title
        self.knowledgeBaseTitle = knowledgeBaseTitle
        self.description = description
        self.studiedText = studiedText
        self.progress = progress
        self.lessons = lessons
        self.emptyText = emptyText
        self.isOffline = isOffline
        self.offlineMessage = offlineMessage
    }
}

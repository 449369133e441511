/// What the analysis page shows before the learner writes: the lesson and its recall
/// questions.
public struct LessonPrompt: Sendable, Hashable {
    /// The lesson's id.
    public var lessonID: String
    /// The lesson's title.
    public var title: String
    /// Questions that prompt recall, in the lesson's order (may be empty).
    public var recallQuestions: [String]

    /// Creates a prompt.
    public init(lessonID: String, title: String, recallQuestions: [String]) {
        self.lessonID = lessonID
        self.title = title
        self.recallQuestions = recallQuestions
    }
}

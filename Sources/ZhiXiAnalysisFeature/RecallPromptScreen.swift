/// The analysis page before the learner submits: the lesson, its recall questions, the text
/// field's placeholder, and a message when the learner submitted nothing.
public struct RecallPromptScreen: Sendable, Hashable {
    /// The lesson's id.
    public var lessonID: String
    /// The lesson's title.
    public var lessonTitle: String
    /// Questions that prompt recall.
    public var recallQuestions: [String]
    /// The text field's placeholder.
    public var placeholder: String
    /// Why the last submission was not sent (it was empty), `nil` otherwise.
    public var inputMessage: String?
    /// The text shown while the AI analyses.
    public var analyzingText: String

    /// Creates a prompt.
    public init(lessonID: String, lessonTitle: String, recallQuestions: [String], placeholder: String, inputMessage: String?,
                analyzingText: String) {
        self.lessonID = lessonID
        self.lessonTitle = lessonTitle
        self.recallQuestions = recallQuestions
        self.placeholder = placeholder
        self.inputMessage = inputMessage
        self.analyzingText = analyzingText
    }
}

/// One message of the conversation as the page shows it.
public struct ChatBubble: Sendable, Hashable, Identifiable {
    /// The message's id.
    public var id: String
    /// `true` for the learner's message, `false` for the tutor's.
    public var isLearner: Bool
    /// Who wrote it: 我, AI 导师.
    public var speakerName: String
    /// What it says.
    public var text: String

    /// Creates a bubble.
    public init(id: String, isLearner: Bool, speakerName: String, text: String) {
        self.id = id
        self.isLearner = isLearner
        self.speakerName = speakerName
        self.text = text
    }
}

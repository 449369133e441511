/// A conversation with the AI tutor as the device keeps it: about a lesson or about anything
/// (`lessonID` `nil`), oldest message first.
public struct ChatConversation: Sendable, Hashable {
    /// The messages sent with a question (the latest ones): 40.
    public static let contextTurns = 40

    /// The lesson the conversation is about, `nil` for a conversation about anything.
    public var lessonID: String?
    /// The lesson's title, when the device knows it.
    public var lessonTitle: String?
    /// The messages, oldest first.
    public var turns: [ChatTurn]

    /// Creates a conversation.
    public init(lessonID: String?, lessonTitle: String?, turns: [ChatTurn]) {
        self.lessonID = lessonID
        self.lessonTitle = lessonTitle
        self.turns = turns
    }

    /// `true` when the last message is the learner's: it has not been answered (the reply
    /// failed or was cut off), and asking for a reply again answers it.
    public var awaitsReply: Bool { turns.last?.speaker == .learner }
}

/// A conversation with the AI tutor as the device keeps it: about a lesson or about anything
/// (`lessonID` `nil`), oldest message first.
package struct ChatConversation: Sendable, Hashable {
    /// The messages sent with a question (the latest ones): 40.
    package static let contextTurns = 40

    /// The lesson the conversation is about, `nil` for a conversation about anything.
    package var lessonID: String?
    /// The lesson's title, when the device knows it.
    package var lessonTitle: String?
    /// The messages, oldest first.
    package var turns: [ChatTurn]

    /// Creates a conversation.
    package init(lessonID: String?, lessonTitle: String?, turns: [ChatTurn]) {
        self.lessonID = lessonID
        self.lessonTitle = lessonTitle
        self.turns = turns
    }

    /// `true` when the last message is the learner's: it has not been answered (the reply
    /// failed or was cut off), and asking for a reply again answers it.
    package var awaitsReply: Bool { turns.last?.speaker == .learner }
}

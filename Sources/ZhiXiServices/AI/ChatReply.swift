/// The answer to `POST ai/chat`: `{"message": {"role": "assistant", "content"}}`.
public struct ChatReply: Sendable, Codable, Hashable {
    /// The tutor's message.
    public var message: ChatMessage

    /// Creates an answer.
    public init(message: ChatMessage) {
        self.message = message
    }
}

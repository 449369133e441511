/// The answer to `POST ai/chat`: `{"message": {"role": "assistant", "content"}}`.
package struct ChatReply: Sendable, Codable, Hashable {
    /// The tutor's message.
    package var message: ChatMessage

    /// Creates an answer.
    package init(message: ChatMessage) {
        self.message = message
    }
}

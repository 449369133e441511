/// One message of a conversation with the AI tutor: `{"role", "content"}`.
package struct ChatMessage: Sendable, Codable, Hashable {
    /// Who wrote it.
    package var role: ChatRole
    /// What it says.
    package var content: String

    /// Creates a message.
    package init(role: ChatRole, content: String) {
        self.role = role
        self.content = content
    }
}

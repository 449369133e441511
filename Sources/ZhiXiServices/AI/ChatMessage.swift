/// One message of a conversation with the AI tutor: `{"role", "content"}`.
public struct ChatMessage: Sendable, Codable, Hashable {
    /// Who wrote it.
    public var role: ChatRole
    /// What it says.
    public var content: String

    /// Creates a message.
    public init(role: ChatRole, content: String) {
        self.role = role
        self.content = content
    }
}

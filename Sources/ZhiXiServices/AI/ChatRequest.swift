import ZhiXiModel

/// The body of `POST ai/chat`: `{"messages": [{"role", "content"}…], "lessonId",
/// "language"}`, the conversation so far (oldest first), the lesson it is about (if any)
/// and the language of the answer (default Simplified Chinese).
package struct ChatRequest: Sendable, Codable, Hashable {
    /// The conversation so far, oldest first; the last is usually the learner's.
    package var messages: [ChatMessage]
    /// The lesson the conversation is about, if any.
    package var lessonID: String?
    /// The language of the answer.
    package var language: AppLanguage

    /// Creates the body.
    package init(messages: [ChatMessage], lessonID: String? = nil, language: AppLanguage = .default) {
        self.messages = messages
        self.lessonID = lessonID
        self.language = language
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case messages
        case lessonID = "lessonId"
        case language
    }
}

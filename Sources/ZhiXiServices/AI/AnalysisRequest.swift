import ZhiXiModel

/// The body of `POST ai/analyze-learning-input`: `{"sessionId", "lessonId", "userInput",
/// "language"}`, what the learner wrote in a session and the language the analysis is to be
/// written in (default Simplified Chinese).
package struct AnalysisRequest: Sendable, Codable, Hashable {
    /// The session the input belongs to.
    package var sessionID: String
    /// The lesson the input is about.
    package var lessonID: String
    /// What the learner wrote.
    package var userInput: String
    /// The language of the analysis's weak points and suggestions.
    package var language: AppLanguage

    /// Creates the body.
    package init(sessionID: String, lessonID: String, userInput: String, language: AppLanguage = .default) {
        self.sessionID = sessionID
        self.lessonID = lessonID
        self.userInput = userInput
        self.language = language
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case sessionID = "sessionId"
        case lessonID = "lessonId"
        case userInput, language
    }
}

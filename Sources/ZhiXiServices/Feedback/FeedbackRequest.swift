import ZhiXiModel

/// The body of `POST feedback`: `{"category", "content", "rating", "sessionId",
/// "analysisId"}`; the last three may be absent.
package struct FeedbackRequest: Sendable, Codable, Hashable {
    /// What the feedback is about.
    package var category: FeedbackCategory
    /// The learner's words.
    package var content: String
    /// The learner's rating, 1 (poor) to 5 (excellent), if given.
    package var rating: Int?
    /// The session it is about, if any.
    package var sessionID: String?
    /// The analysis it is about, if any.
    package var analysisID: String?

    /// Creates the body.
    package init(category: FeedbackCategory, content: String, rating: Int? = nil, sessionID: String? = nil, analysisID: String? = nil) {
        self.category = category
        self.content = content
        self.rating = rating
        self.sessionID = sessionID
        self.analysisID = analysisID
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case category, content, rating
        case sessionID = "sessionId"
        case analysisID = "analysisId"
    }
}

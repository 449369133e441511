import ZhiXiModel

/// The body of `POST feedback`: `{"category", "content", "rating", "sessionId",
/// "analysisId"}`; the last three may be absent.
public struct FeedbackRequest: Sendable, Codable, Hashable {
    /// What the feedback is about.
    public var category: FeedbackCategory
    /// The learner's words.
    public var content: String
    /// The learner's rating, 1 (poor) to 5 (excellent), if given.
    public var rating: Int?
    /// The session it is about, if any.
    public var sessionID: String?
    /// The analysis it is about, if any.
    public var analysisID: String?

    /// Creates the body.
    public init(category: FeedbackCategory, content: String, rating: Int? = nil, sessionID: String? = nil, analysisID: String? = nil) {
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

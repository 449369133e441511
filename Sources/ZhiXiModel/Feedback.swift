import Foundation

/// What a learner said about a session or an analysis.
public struct Feedback: Sendable, Codable, Hashable, Identifiable {
    /// The server's id of the feedback.
    public var id: String
    /// The id of the learner's ``User``.
    public var userId: String
    /// The id of the ``LearningSession`` it is about, if any.
    public var sessionId: String?
    /// The id of the ``AIAnalysis`` it is about, if any.
    public var analysisId: String?
    /// The learner's rating, 1 (poor) to 5 (excellent), if given.
    public var rating: Int?
    /// The learner's words, if any.
    public var comment: String?
    /// When the feedback was given.
    public var createdAt: Date

    /// Creates feedback.
    public init(
        id: String,
        userId: String,
        sessionId: String? = nil,
        analysisId: String? = nil,
        rating: Int? = nil,
        comment: String? = nil,
        createdAt: Date
    ) {
        self.id = id
        self.userId = userId
        self.sessionId = sessionId
        self.analysisId = analysisId
        self.rating = rating
        self.comment = comment
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, userId, sessionId, analysisId, rating, comment, createdAt
    }
}

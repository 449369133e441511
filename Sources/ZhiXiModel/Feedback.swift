import Foundation

/// What a learner said about the app, a lesson, a session or an analysis.
///
/// JSON, as the app's design has it: `{"id", "category", "content", "rating", "sessionId",
/// "analysisId", "createdAt"}`, and `id` and `userId` beside them (the server's, absent until
/// it stored the feedback). Only `createdAt` is required; absent `category` decodes as
/// ``FeedbackCategory/other`` and absent `content` as `""` (a rating alone). Schema 1
/// workspaces wrote `content` as `comment`, which is still read.
public struct Feedback: Sendable, Codable, Hashable, Identifiable {
    /// The server's id of the feedback; `nil` until the server stored it.
    public var id: String?
    /// The id of the learner's ``User``, if recorded.
    public var userID: String?
    /// What the feedback is about.
    public var category: FeedbackCategory
    /// The learner's words; empty for a rating alone.
    public var content: String
    /// The learner's rating, 1 (poor) to 5 (excellent), if given.
    public var rating: Int?
    /// The id of the ``LearningSession`` it is about, if any.
    public var sessionID: String?
    /// The id of the ``AIAnalysis`` it is about, if any.
    public var analysisID: String?
    /// When the feedback was given.
    public var createdAt: Date

    /// Creates feedback.
    public init(
        id: String? = nil,
        userID: String? = nil,
        category: FeedbackCategory = .other,
        content: String = "",
        rating: Int? = nil,
        sessionID: String? = nil,
        analysisID: String? = nil,
        createdAt: Date
    ) {
        self.id = id
        self.userID = userID
        self.category = category
        self.content = content
        self.rating = rating
        self.sessionID = sessionID
        self.analysisID = analysisID
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case userID = "userId"
        case category, content, rating
        case sessionID = "sessionId"
        case analysisID = "analysisId"
        case createdAt
    }
}

extension Feedback: ModelDecodable {
    static let decoding = ModelDecoding(template: Feedback(createdAt: Date(timeIntervalSince1970: 0)),
                                        required: [.createdAt], formerNames: ["comment": .content])

    mutating func decodeField<Source: ModelFieldSource>(_ key: CodingKeys, from source: inout Source) throws(Source.Failure) {
        switch key {
        case .id: id = try source.read()
        case .userID: userID = try source.read()
        case .category: category = try source.read()
        case .content: content = try source.read()
        case .rating: rating = try source.read()
        case .sessionID: sessionID = try source.read()
        case .analysisID: analysisID = try source.read()
        case .createdAt: createdAt = try source.read()
        }
    }
}

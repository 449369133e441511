import Foundation

/// What a learner said about a session or an analysis.
public struct Feedback: Sendable, Codable, Hashable, Identifiable {
    /// The server's id of the feedback.
    public var id: String
    /// The id of the learner's ``User``.
    public var userID: String
    /// The id of the ``LearningSession`` it is about, if any.
    public var sessionID: String?
    /// The id of the ``AIAnalysis`` it is about, if any.
    public var analysisID: String?
    /// The learner's rating, 1 (poor) to 5 (excellent), if given.
    public var rating: Int?
    /// The learner's words, if any.
    public var comment: String?
    /// When the feedback was given.
    public var createdAt: Date

    /// Creates feedback.
    public init(
        id: String,
        userID: String,
        sessionID: String? = nil,
        analysisID: String? = nil,
        rating: Int? = nil,
        comment: String? = nil,
        createdAt: Date
    ) {
        self.id = id
        self.userID = userID
        self.sessionID = sessionID
        self.analysisID = analysisID
        self.rating = rating
        self.comment = comment
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, rating, comment, createdAt
        case userID = "userId"
        case sessionID = "sessionId"
        case analysisID = "analysisId"
    }
}

extension Feedback: JSONByteDecodable {
    private static let byteKeys = JSONKeyTable<CodingKeys>()

    /// Reads feedback with the same rules as its `Decodable` conformance.
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        var object = try reader.beginObject(Self.byteKeys)
        var id: String?, userID: String?, sessionID: String?, analysisID: String?
        var rating: Int?, comment: String?, createdAt: Date?
        while let key = try reader.nextField(&object) {
            do throws(JSONReadFailure) {
                switch key {
                case .id: id = try reader.read(String.self)
                case .userID: userID = try reader.read(String.self)
                case .sessionID: sessionID = try reader.readOptional(String.self)
                case .analysisID: analysisID = try reader.readOptional(String.self)
                case .rating: rating = try reader.readOptional(Int.self)
                case .comment: comment = try reader.readOptional(String.self)
                case .createdAt: createdAt = try reader.read(Date.self)
                }
            } catch {
                throw object.annotate(error)
            }
        }
        self.id = try object.required(id, .id)
        self.userID = try object.required(userID, .userID)
        self.sessionID = sessionID
        self.analysisID = analysisID
        self.rating = rating
        self.comment = comment
        self.createdAt = try object.required(createdAt, .createdAt)
    }
}

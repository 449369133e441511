import Foundation

/// One sitting in which a learner studied or reviewed a lesson and wrote what they
/// recalled, with the AI's verdict on it.
///
/// JSON, as the app's design has it: `{"id", "userId", "lessonId", "startedAt", "endedAt",
/// "userInput", "aiAnalysis", "masteryScore", "weakPoints", "nextSuggestion", "reviewAt"}`,
/// and `analysisId`, `reviewType`, `createdAt` beside them. Absent `weakPoints` decodes as `[]`.
public struct LearningSession: Sendable, Codable, Hashable, Identifiable {
    /// The server's id of the session.
    public var id: String
    /// The id of the learner's ``User``.
    public var userID: String
    /// The id of the ``Lesson`` studied.
    public var lessonID: String
    /// When the session began.
    public var startedAt: Date
    /// When the session ended, if it has.
    public var endedAt: Date?
    /// What the learner wrote: what they recalled or their explanation in their own words.
    public var userInput: String
    /// The summary of the AI analysis shown to the learner, if analysed.
    public var aiAnalysis: String?
    /// The id of the full ``AIAnalysis``, if analysed.
    public var analysisID: String?
    /// How well the learner mastered the lesson, 0–100, if analysed.
    public var masteryScore: Int?
    /// The points the analysis found weak, short phrases such as "动量守恒".
    public var weakPoints: [String]
    /// What the analysis suggests doing next, if anything.
    public var nextSuggestion: String?
    /// When the AI's analysis suggests reviewing the lesson, if it said: the planner schedules
    /// the lesson's next review no later than this (the daily budget may still move it).
    public var reviewAt: Date?
    /// The kind of review this session was, if it was itself a review; `nil` for first study.
    public var reviewType: ReviewType?
    /// When the server recorded the session, if known.
    public var createdAt: Date?

    /// Creates a learning session.
    public init(
        id: String,
        userID: String,
        lessonID: String,
        startedAt: Date,
        endedAt: Date? = nil,
        userInput: String,
        aiAnalysis: String? = nil,
        analysisID: String? = nil,
        masteryScore: Int? = nil,
        weakPoints: [String] = [],
        nextSuggestion: String? = nil,
        reviewAt: Date? = nil,
        reviewType: ReviewType? = nil,
        createdAt: Date? = nil
    ) {
        self.id = id
        self.userID = userID
        self.lessonID = lessonID
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.userInput = userInput
        self.aiAnalysis = aiAnalysis
        self.analysisID = analysisID
        self.masteryScore = masteryScore
        self.weakPoints = weakPoints
        self.nextSuggestion = nextSuggestion
        self.reviewAt = reviewAt
        self.reviewType = reviewType
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case userID = "userId"
        case lessonID = "lessonId"
        case startedAt, endedAt, userInput, aiAnalysis
        case analysisID = "analysisId"
        case masteryScore, weakPoints, nextSuggestion, reviewAt, reviewType, createdAt
    }

}

extension LearningSession: ModelDecodable {
    static let decoding = ModelDecoding(
        template: LearningSession(id: "", userID: "", lessonID: "", startedAt: Date(timeIntervalSince1970: 0), userInput: ""),
        required: [.id, .userID, .lessonID, .startedAt, .userInput])

    @inline(__always)
    mutating func decodeField<Source: ModelFieldSource>(_ key: CodingKeys, from source: inout Source) throws(Source.Failure) {
        switch key {
        case .id: id = try source.read()
        case .userID: userID = try source.read()
        case .lessonID: lessonID = try source.read()
        case .startedAt: startedAt = try source.read()
        case .endedAt: endedAt = try source.read()
        case .userInput: userInput = try source.read()
        case .aiAnalysis: aiAnalysis = try source.read()
        case .analysisID: analysisID = try source.read()
        case .masteryScore: masteryScore = try source.read()
        case .weakPoints: weakPoints = try source.read()
        case .nextSuggestion: nextSuggestion = try source.read()
        case .reviewAt: reviewAt = try source.read()
        case .reviewType: reviewType = try source.read()
        case .createdAt: createdAt = try source.read()
        }
    }
}

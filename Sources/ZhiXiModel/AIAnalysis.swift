import Foundation

/// The AI's analysis of what a learner wrote in a session, kept in full.
///
/// Only what planning uses is required: `id` and `createdAt`. Absent `weakPoints` and
/// `suggestions` decode as `[]`; the input text, the raw output, the model name and even the
/// mastery score may be absent (an analysis that failed to score still names weak points).
public struct AIAnalysis: Sendable, Codable, Hashable, Identifiable {
    /// The server's id of the analysis.
    public var id: String
    /// The id of the analysed ``LearningSession``, if any.
    public var sessionID: String?
    /// The id of the learner's ``User``, if recorded.
    public var userID: String?
    /// The id of the ``Lesson`` the input was about, if recorded.
    public var lessonID: String?
    /// The text the model was given: the learner's input, possibly with context, if kept.
    public var inputText: String?
    /// The model's raw output, usually a JSON document, kept verbatim, if kept.
    public var outputJSON: String?
    /// How well the learner mastered the lesson, 0–100; `nil` when the analysis gave no score.
    public var masteryScore: Int?
    /// The points found weak, short phrases.
    public var weakPoints: [String]
    /// What the learner could do to improve.
    public var suggestions: [String]
    /// The name of the model that made the analysis, if recorded.
    public var modelName: String?
    /// When the analysis was made.
    public var createdAt: Date
    /// What the analysis cost, in US dollars, if estimated.
    public var costEstimate: Double?

    /// Creates an analysis.
    public init(
        id: String,
        sessionID: String? = nil,
        userID: String? = nil,
        lessonID: String? = nil,
        inputText: String? = nil,
        outputJSON: String? = nil,
        masteryScore: Int?,
        weakPoints: [String] = [],
        suggestions: [String] = [],
        modelName: String? = nil,
        createdAt: Date,
        costEstimate: Double? = nil
    ) {
        self.id = id
        self.sessionID = sessionID
        self.userID = userID
        self.lessonID = lessonID
        self.inputText = inputText
        self.outputJSON = outputJSON
        self.masteryScore = masteryScore
        self.weakPoints = weakPoints
        self.suggestions = suggestions
        self.modelName = modelName
        self.createdAt = createdAt
        self.costEstimate = costEstimate
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case sessionID = "sessionId"
        case userID = "userId"
        case lessonID = "lessonId"
        case inputText
        case outputJSON = "outputJson"
        case masteryScore, weakPoints, suggestions, modelName, createdAt, costEstimate
    }
}

extension AIAnalysis: ModelDecodable {
    static let decoding = ModelDecoding(template: AIAnalysis(id: "", masteryScore: nil, createdAt: Date(timeIntervalSince1970: 0)),
                                        required: [.id, .createdAt])

    @inline(__always)
    mutating func decodeField<Source: ModelFieldSource>(_ key: CodingKeys, from source: inout Source) throws(Source.Failure) {
        switch key {
        case .id: id = try source.read()
        case .sessionID: sessionID = try source.read()
        case .userID: userID = try source.read()
        case .lessonID: lessonID = try source.read()
        case .inputText: inputText = try source.read()
        case .outputJSON: outputJSON = try source.read()
        case .masteryScore: masteryScore = try source.read()
        case .weakPoints: weakPoints = try source.read()
        case .suggestions: suggestions = try source.read()
        case .modelName: modelName = try source.read()
        case .createdAt: createdAt = try source.read()
        case .costEstimate: costEstimate = try source.read()
        }
    }
}

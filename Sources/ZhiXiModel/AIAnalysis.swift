import Foundation

/// The AI's analysis of what a learner wrote in a session, kept in full.
///
/// Absent `weakPoints` and `suggestions` decode as `[]`.
public struct AIAnalysis: Sendable, Codable, Hashable, Identifiable {
    /// The server's id of the analysis.
    public var id: String
    /// The id of the analysed ``LearningSession``, if any.
    public var sessionId: String?
    /// The id of the learner's ``User``, if recorded.
    public var userId: String?
    /// The id of the ``Lesson`` the input was about, if recorded.
    public var lessonId: String?
    /// The text the model was given: the learner's input, possibly with context.
    public var inputText: String
    /// The model's raw output, usually a JSON document, kept verbatim.
    public var outputJson: String
    /// How well the learner mastered the lesson, 0–100.
    public var masteryScore: Int
    /// The points found weak, short phrases.
    public var weakPoints: [String]
    /// What the learner could do to improve.
    public var suggestions: [String]
    /// The name of the model that made the analysis.
    public var modelName: String
    /// When the analysis was made.
    public var createdAt: Date
    /// What the analysis cost, in US dollars, if estimated.
    public var costEstimate: Double?

    /// Creates an analysis.
    public init(
        id: String,
        sessionId: String? = nil,
        userId: String? = nil,
        lessonId: String? = nil,
        inputText: String,
        outputJson: String,
        masteryScore: Int,
        weakPoints: [String] = [],
        suggestions: [String] = [],
        modelName: String,
        createdAt: Date,
        costEstimate: Double? = nil
    ) {
        self.id = id
        self.sessionId = sessionId
        self.userId = userId
        self.lessonId = lessonId
        self.inputText = inputText
        self.outputJson = outputJson
        self.masteryScore = masteryScore
        self.weakPoints = weakPoints
        self.suggestions = suggestions
        self.modelName = modelName
        self.createdAt = createdAt
        self.costEstimate = costEstimate
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, sessionId, userId, lessonId, inputText, outputJson, masteryScore, weakPoints
        case suggestions, modelName, createdAt, costEstimate
    }

    /// Decodes an analysis; absent `weakPoints` and `suggestions` are `[]`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            sessionId: try container.decodeIfPresent(String.self, forKey: .sessionId),
            userId: try container.decodeIfPresent(String.self, forKey: .userId),
            lessonId: try container.decodeIfPresent(String.self, forKey: .lessonId),
            inputText: try container.decode(String.self, forKey: .inputText),
            outputJson: try container.decode(String.self, forKey: .outputJson),
            masteryScore: try container.decode(Int.self, forKey: .masteryScore),
            weakPoints: try container.decodeIfPresent([String].self, forKey: .weakPoints) ?? [],
            suggestions: try container.decodeIfPresent([String].self, forKey: .suggestions) ?? [],
            modelName: try container.decode(String.self, forKey: .modelName),
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            costEstimate: try container.decodeIfPresent(Double.self, forKey: .costEstimate)
        )
    }
}

extension AIAnalysis: JSONByteDecodable {
    private static let byteKeys = JSONKeyTable<CodingKeys>()

    /// Reads an analysis with the same rules as ``init(from:)``.
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        var object = try reader.beginObject(Self.byteKeys)
        var id: String?, sessionId: String?, userId: String?, lessonId: String?, inputText: String?
        var outputJson: String?, masteryScore: Int?, weakPoints: [String]?, suggestions: [String]?
        var modelName: String?, createdAt: Date?, costEstimate: Double?
        while let key = try reader.nextField(&object) {
            do throws(JSONReadFailure) {
                switch key {
                case .id: id = try reader.read(String.self)
                case .sessionId: sessionId = try reader.readOptional(String.self)
                case .userId: userId = try reader.readOptional(String.self)
                case .lessonId: lessonId = try reader.readOptional(String.self)
                case .inputText: inputText = try reader.read(String.self)
                case .outputJson: outputJson = try reader.read(String.self)
                case .masteryScore: masteryScore = try reader.read(Int.self)
                case .weakPoints: weakPoints = try reader.readOptionalArray(of: String.self)
                case .suggestions: suggestions = try reader.readOptionalArray(of: String.self)
                case .modelName: modelName = try reader.read(String.self)
                case .createdAt: createdAt = try reader.read(Date.self)
                case .costEstimate: costEstimate = try reader.readOptional(Double.self)
                }
            } catch {
                throw object.annotate(error)
            }
        }
        self.id = try object.required(id, .id)
        self.sessionId = sessionId
        self.userId = userId
        self.lessonId = lessonId
        self.inputText = try object.required(inputText, .inputText)
        self.outputJson = try object.required(outputJson, .outputJson)
        self.masteryScore = try object.required(masteryScore, .masteryScore)
        self.weakPoints = weakPoints ?? []
        self.suggestions = suggestions ?? []
        self.modelName = try object.required(modelName, .modelName)
        self.createdAt = try object.required(createdAt, .createdAt)
        self.costEstimate = costEstimate
    }
}

extension AIAnalysis: JSONByteEncodable {
    /// Writes the analysis as ``ZhiXiJSON``'s encoder does.
    func write(to writer: inout JSONByteWriter) throws(EncodingError) {
        writer.beginObject()
        try writer.member("costEstimate", costEstimate)
        try writer.member("createdAt", createdAt)
        writer.member("id", id)
        writer.member("inputText", inputText)
        writer.member("lessonId", lessonId)
        writer.member("masteryScore", masteryScore)
        writer.member("modelName", modelName)
        writer.member("outputJson", outputJson)
        writer.member("sessionId", sessionId)
        writer.member("suggestions", suggestions)
        writer.member("userId", userId)
        writer.member("weakPoints", weakPoints)
        writer.endObject()
    }
}

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
        case id, inputText, masteryScore, weakPoints
        case outputJSON = "outputJson"
        case sessionID = "sessionId"
        case userID = "userId"
        case lessonID = "lessonId"
        case suggestions, modelName, createdAt, costEstimate
    }

    /// Decodes an analysis; absent `weakPoints` and `suggestions` are `[]`, other absent
    /// optional members `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            sessionID: try container.decodeIfPresent(String.self, forKey: .sessionID),
            userID: try container.decodeIfPresent(String.self, forKey: .userID),
            lessonID: try container.decodeIfPresent(String.self, forKey: .lessonID),
            inputText: try container.decodeIfPresent(String.self, forKey: .inputText),
            outputJSON: try container.decodeIfPresent(String.self, forKey: .outputJSON),
            masteryScore: try container.decodeIfPresent(Int.self, forKey: .masteryScore),
            weakPoints: try container.decodeIfPresent([String].self, forKey: .weakPoints) ?? [],
            suggestions: try container.decodeIfPresent([String].self, forKey: .suggestions) ?? [],
            modelName: try container.decodeIfPresent(String.self, forKey: .modelName),
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
        var id: String?, sessionID: String?, userID: String?, lessonID: String?, inputText: String?
        var outputJSON: String?, masteryScore: Int?, weakPoints: [String]?, suggestions: [String]?
        var modelName: String?, createdAt: Date?, costEstimate: Double?
        while let key = try reader.nextField(&object) {
            do throws(JSONReadFailure) {
                switch key {
                case .id: id = try reader.read(String.self)
                case .sessionID: sessionID = try reader.readOptional(String.self)
                case .userID: userID = try reader.readOptional(String.self)
                case .lessonID: lessonID = try reader.readOptional(String.self)
                case .inputText: inputText = try reader.readOptional(String.self)
                case .outputJSON: outputJSON = try reader.readOptional(String.self)
                case .masteryScore: masteryScore = try reader.readOptional(Int.self)
                case .weakPoints: weakPoints = try reader.readOptionalArray(of: String.self)
                case .suggestions: suggestions = try reader.readOptionalArray(of: String.self)
                case .modelName: modelName = try reader.readOptional(String.self)
                case .createdAt: createdAt = try reader.read(Date.self)
                case .costEstimate: costEstimate = try reader.readOptional(Double.self)
                }
            } catch {
                throw object.annotate(error)
            }
        }
        self.id = try object.required(id, .id)
        self.sessionID = sessionID
        self.userID = userID
        self.lessonID = lessonID
        self.inputText = inputText
        self.outputJSON = outputJSON
        self.masteryScore = masteryScore
        self.weakPoints = weakPoints ?? []
        self.suggestions = suggestions ?? []
        self.modelName = modelName
        self.createdAt = try object.required(createdAt, .createdAt)
        self.costEstimate = costEstimate
    }
}

import Foundation

/// One sitting in which a learner studied or reviewed a lesson and wrote what they
/// recalled, with the AI's verdict on it.
///
/// Absent `weakPoints` decodes as `[]`.
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
    /// When the analysis suggests reviewing the lesson, if it said.
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
        case id, startedAt, endedAt, userInput, aiAnalysis
        case userID = "userId"
        case lessonID = "lessonId"
        case analysisID = "analysisId"
        case masteryScore, weakPoints, nextSuggestion, reviewAt, reviewType, createdAt
    }

    /// Decodes a session; absent `weakPoints` is `[]`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            userID: try container.decode(String.self, forKey: .userID),
            lessonID: try container.decode(String.self, forKey: .lessonID),
            startedAt: try container.decode(Date.self, forKey: .startedAt),
            endedAt: try container.decodeIfPresent(Date.self, forKey: .endedAt),
            userInput: try container.decode(String.self, forKey: .userInput),
            aiAnalysis: try container.decodeIfPresent(String.self, forKey: .aiAnalysis),
            analysisID: try container.decodeIfPresent(String.self, forKey: .analysisID),
            masteryScore: try container.decodeIfPresent(Int.self, forKey: .masteryScore),
            weakPoints: try container.decodeIfPresent([String].self, forKey: .weakPoints) ?? [],
            nextSuggestion: try container.decodeIfPresent(String.self, forKey: .nextSuggestion),
            reviewAt: try container.decodeIfPresent(Date.self, forKey: .reviewAt),
            reviewType: try container.decodeIfPresent(ReviewType.self, forKey: .reviewType),
            createdAt: try container.decodeIfPresent(Date.self, forKey: .createdAt)
        )
    }
}

extension LearningSession: JSONByteDecodable {
    private static let byteKeys = JSONKeyTable<CodingKeys>()

    /// Reads a session with the same rules as ``init(from:)``.
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        var object = try reader.beginObject(Self.byteKeys)
        var id: String?, userID: String?, lessonID: String?, startedAt: Date?, endedAt: Date?
        var userInput: String?, aiAnalysis: String?, analysisID: String?, masteryScore: Int?
        var weakPoints: [String]?, nextSuggestion: String?, reviewAt: Date?, reviewType: ReviewType?
        var createdAt: Date?
        while let key = try reader.nextField(&object) {
            do throws(JSONReadFailure) {
                switch key {
                case .id: id = try reader.read(String.self)
                case .userID: userID = try reader.read(String.self)
                case .lessonID: lessonID = try reader.read(String.self)
                case .startedAt: startedAt = try reader.read(Date.self)
                case .endedAt: endedAt = try reader.readOptional(Date.self)
                case .userInput: userInput = try reader.read(String.self)
                case .aiAnalysis: aiAnalysis = try reader.readOptional(String.self)
                case .analysisID: analysisID = try reader.readOptional(String.self)
                case .masteryScore: masteryScore = try reader.readOptional(Int.self)
                case .weakPoints: weakPoints = try reader.readOptionalArray(of: String.self)
                case .nextSuggestion: nextSuggestion = try reader.readOptional(String.self)
                case .reviewAt: reviewAt = try reader.readOptional(Date.self)
                case .reviewType: reviewType = try reader.readOptional(ReviewType.self)
                case .createdAt: createdAt = try reader.readOptional(Date.self)
                }
            } catch {
                throw object.annotate(error)
            }
        }
        self.id = try object.required(id, .id)
        self.userID = try object.required(userID, .userID)
        self.lessonID = try object.required(lessonID, .lessonID)
        self.startedAt = try object.required(startedAt, .startedAt)
        self.endedAt = endedAt
        self.userInput = try object.required(userInput, .userInput)
        self.aiAnalysis = aiAnalysis
        self.analysisID = analysisID
        self.masteryScore = masteryScore
        self.weakPoints = weakPoints ?? []
        self.nextSuggestion = nextSuggestion
        self.reviewAt = reviewAt
        self.reviewType = reviewType
        self.createdAt = createdAt
    }
}

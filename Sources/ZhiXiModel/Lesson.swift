import Foundation

/// One unit of study: what the learner reads, then recalls or explains.
///
/// Absent `objectives`, `keyPoints` and `recallQuestions` decode as `[]`, absent `order`
/// as `0`; `estimatedMinutes` is required.
public struct Lesson: Sendable, Codable, Hashable, Identifiable {
    /// The server's id of the lesson.
    public var id: String
    /// The id of the ``KnowledgeBase`` the lesson belongs to.
    public var knowledgeBaseID: String
    /// The id of the ``LearningPath`` the lesson is on, if any.
    public var learningPathID: String?
    /// The title shown to learners.
    public var title: String
    /// A short description, if any.
    public var summary: String?
    /// What the learner should be able to do after the lesson.
    public var objectives: [String]
    /// The points the lesson teaches; the AI analysis checks the learner's input against them.
    public var keyPoints: [String]
    /// Questions a recall review asks.
    public var recallQuestions: [String]
    /// The prompt of a practice exercise, if any.
    public var practicePrompt: String?
    /// The position of the lesson in its path or knowledge base, lowest first.
    public var order: Int
    /// How long the lesson takes, in minutes.
    public var estimatedMinutes: Int
    /// When the lesson was created, if known.
    public var createdAt: Date?
    /// When the lesson was last changed, if known.
    public var updatedAt: Date?

    /// Creates a lesson.
    public init(
        id: String,
        knowledgeBaseID: String,
        learningPathID: String? = nil,
        title: String,
        summary: String? = nil,
        objectives: [String] = [],
        keyPoints: [String] = [],
        recallQuestions: [String] = [],
        practicePrompt: String? = nil,
        order: Int = 0,
        estimatedMinutes: Int,
        createdAt: Date? = nil,
        updatedAt: Date? = nil
    ) {
        self.id = id
        self.knowledgeBaseID = knowledgeBaseID
        self.learningPathID = learningPathID
        self.title = title
        self.summary = summary
        self.objectives = objectives
        self.keyPoints = keyPoints
        self.recallQuestions = recallQuestions
        self.practicePrompt = practicePrompt
        self.order = order
        self.estimatedMinutes = estimatedMinutes
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, summary, objectives, keyPoints
        case knowledgeBaseID = "knowledgeBaseId"
        case learningPathID = "learningPathId"
        case recallQuestions, practicePrompt, order, estimatedMinutes, createdAt, updatedAt
    }

    /// Decodes a lesson; absent lists are `[]`, absent `order` is `0`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            knowledgeBaseID: try container.decode(String.self, forKey: .knowledgeBaseID),
            learningPathID: try container.decodeIfPresent(String.self, forKey: .learningPathID),
            title: try container.decode(String.self, forKey: .title),
            summary: try container.decodeIfPresent(String.self, forKey: .summary),
            objectives: try container.decodeIfPresent([String].self, forKey: .objectives) ?? [],
            keyPoints: try container.decodeIfPresent([String].self, forKey: .keyPoints) ?? [],
            recallQuestions: try container.decodeIfPresent([String].self, forKey: .recallQuestions) ?? [],
            practicePrompt: try container.decodeIfPresent(String.self, forKey: .practicePrompt),
            order: try container.decodeIfPresent(Int.self, forKey: .order) ?? 0,
            estimatedMinutes: try container.decode(Int.self, forKey: .estimatedMinutes),
            createdAt: try container.decodeIfPresent(Date.self, forKey: .createdAt),
            updatedAt: try container.decodeIfPresent(Date.self, forKey: .updatedAt)
        )
    }
}

extension Lesson: JSONByteDecodable {
    private static let byteKeys = JSONKeyTable<CodingKeys>()

    /// Reads a lesson with the same rules as ``init(from:)``.
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        var object = try reader.beginObject(Self.byteKeys)
        var id: String?, knowledgeBaseID: String?, learningPathID: String?, title: String?
        var summary: String?, objectives: [String]?, keyPoints: [String]?, recallQuestions: [String]?
        var practicePrompt: String?, order: Int?, estimatedMinutes: Int?, createdAt: Date?, updatedAt: Date?
        while let key = try reader.nextField(&object) {
            do throws(JSONReadFailure) {
                switch key {
                case .id: id = try reader.read(String.self)
                case .knowledgeBaseID: knowledgeBaseID = try reader.read(String.self)
                case .learningPathID: learningPathID = try reader.readOptional(String.self)
                case .title: title = try reader.read(String.self)
                case .summary: summary = try reader.readOptional(String.self)
                case .objectives: objectives = try reader.readOptionalArray(of: String.self)
                case .keyPoints: keyPoints = try reader.readOptionalArray(of: String.self)
                case .recallQuestions: recallQuestions = try reader.readOptionalArray(of: String.self)
                case .practicePrompt: practicePrompt = try reader.readOptional(String.self)
                case .order: order = try reader.readOptional(Int.self)
                case .estimatedMinutes: estimatedMinutes = try reader.read(Int.self)
                case .createdAt: createdAt = try reader.readOptional(Date.self)
                case .updatedAt: updatedAt = try reader.readOptional(Date.self)
                }
            } catch {
                throw object.annotate(error)
            }
        }
        self.id = try object.required(id, .id)
        self.knowledgeBaseID = try object.required(knowledgeBaseID, .knowledgeBaseID)
        self.learningPathID = learningPathID
        self.title = try object.required(title, .title)
        self.summary = summary
        self.objectives = objectives ?? []
        self.keyPoints = keyPoints ?? []
        self.recallQuestions = recallQuestions ?? []
        self.practicePrompt = practicePrompt
        self.order = order ?? 0
        self.estimatedMinutes = try object.required(estimatedMinutes, .estimatedMinutes)
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

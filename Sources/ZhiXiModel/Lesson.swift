import Foundation

/// One unit of study: what the learner reads, then recalls or explains.
///
/// JSON, as the app's design has it: `{"id", "pathId", "title", "content", "objectives",
/// "keyPoints", "recallQuestions", "practicePrompt", "order", "estimatedMinutes"}`, and
/// `knowledgeBaseId`, `createdAt`, `updatedAt` beside them. `id`, `title` and
/// `estimatedMinutes` are required; absent `objectives`, `keyPoints` and `recallQuestions`
/// decode as `[]`, absent `order` as `0`. Schema 1 workspaces wrote `pathId` as
/// `learningPathId` and `content` as `summary`, which are still read.
public struct Lesson: Sendable, Codable, Hashable, Identifiable {
    /// The server's id of the lesson.
    public var id: String
    /// The id of the ``LearningPath`` the lesson is on, if any.
    public var pathID: String?
    /// The id of the ``KnowledgeBase`` the lesson belongs to, if known.
    public var knowledgeBaseID: String?
    /// The title shown to learners.
    public var title: String
    /// What the learner reads: the lesson's text, if included.
    public var content: String?
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
        pathID: String? = nil,
        knowledgeBaseID: String? = nil,
        title: String,
        content: String? = nil,
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
        self.pathID = pathID
        self.knowledgeBaseID = knowledgeBaseID
        self.title = title
        self.content = content
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
        case id
        case pathID = "pathId"
        case knowledgeBaseID = "knowledgeBaseId"
        case title, content, objectives, keyPoints, recallQuestions, practicePrompt, order, estimatedMinutes
        case createdAt, updatedAt
    }
}

extension Lesson: ModelDecodable {
    static let decoding = ModelDecoding(template: Lesson(id: "", title: "", estimatedMinutes: 0),
                                        required: [.id, .title, .estimatedMinutes],
                                        formerNames: ["learningPathId": .pathID, "summary": .content])

    mutating func decodeField<Source: ModelFieldSource>(_ key: CodingKeys, from source: inout Source) throws(Source.Failure) {
        switch key {
        case .id: id = try source.read()
        case .pathID: pathID = try source.read()
        case .knowledgeBaseID: knowledgeBaseID = try source.read()
        case .title: title = try source.read()
        case .content: content = try source.read()
        case .objectives: objectives = try source.read()
        case .keyPoints: keyPoints = try source.read()
        case .recallQuestions: recallQuestions = try source.read()
        case .practicePrompt: practicePrompt = try source.read()
        case .order: order = try source.read()
        case .estimatedMinutes: estimatedMinutes = try source.read()
        case .createdAt: createdAt = try source.read()
        case .updatedAt: updatedAt = try source.read()
        }
    }
}

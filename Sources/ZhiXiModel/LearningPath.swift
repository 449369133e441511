/// An ordered route through some lessons of a knowledge base.
///
/// JSON, as the app's design has it: `{"id", "knowledgeBaseId", "title", "description",
/// "estimatedDays", "order"}`, and `lessonIds` (the lessons in study order) beside them.
/// Absent `lessonIds` decodes as `[]` and absent `order` as `0`. Schema 1 workspaces wrote
/// `description` as `summary`, which is still read.
public struct LearningPath: Sendable, Codable, Hashable, Identifiable {
    /// The server's id of the path.
    public var id: String
    /// The id of the ``KnowledgeBase`` the path belongs to.
    public var knowledgeBaseID: String
    /// The title shown to learners.
    public var title: String
    /// What the path teaches, if said.
    public var description: String?
    /// How many days the path takes at the pace it was written for, if said.
    public var estimatedDays: Int?
    /// The ids of the path's lessons, in the order they are studied.
    public var lessonIDs: [String]
    /// The position of the path among the knowledge base's paths, lowest first.
    public var order: Int

    /// Creates a learning path.
    public init(
        id: String,
        knowledgeBaseID: String,
        title: String,
        description: String? = nil,
        estimatedDays: Int? = nil,
        lessonIDs: [String] = [],
        order: Int = 0
    ) {
        self.id = id
        self.knowledgeBaseID = knowledgeBaseID
        self.title = title
        self.description = description
        self.estimatedDays = estimatedDays
        self.lessonIDs = lessonIDs
        self.order = order
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case knowledgeBaseID = "knowledgeBaseId"
        case title, description, estimatedDays
        case lessonIDs = "lessonIds"
        case order
    }
}

extension LearningPath: ModelDecodable {
    static let decoding = ModelDecoding(template: LearningPath(id: "", knowledgeBaseID: "", title: ""),
                                        required: [.id, .knowledgeBaseID, .title], formerNames: ["summary": .description])

    mutating func decodeField<Source: ModelFieldSource>(_ key: CodingKeys, from source: inout Source) throws(Source.Failure) {
        switch key {
        case .id: id = try source.read()
        case .knowledgeBaseID: knowledgeBaseID = try source.read()
        case .title: title = try source.read()
        case .description: description = try source.read()
        case .estimatedDays: estimatedDays = try source.read()
        case .lessonIDs: lessonIDs = try source.read()
        case .order: order = try source.read()
        }
    }
}

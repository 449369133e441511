/// An ordered route through some lessons of a knowledge base.
///
/// Absent `lessonIDs` decodes as `[]` and absent `order` as `0`.
public struct LearningPath: Sendable, Codable, Hashable, Identifiable {
    /// The server's id of the path.
    public var id: String
    /// The id of the ``KnowledgeBase`` the path belongs to.
    public var knowledgeBaseID: String
    /// The title shown to learners.
    public var title: String
    /// A short description, if any.
    public var summary: String?
    /// The ids of the path's lessons, in the order they are studied.
    public var lessonIDs: [String]
    /// The position of the path among the knowledge base's paths, lowest first.
    public var order: Int

    /// Creates a learning path.
    public init(
        id: String,
        knowledgeBaseID: String,
        title: String,
        summary: String? = nil,
        lessonIDs: [String] = [],
        order: Int = 0
    ) {
        self.id = id
        self.knowledgeBaseID = knowledgeBaseID
        self.title = title
        self.summary = summary
        self.lessonIDs = lessonIDs
        self.order = order
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, summary, order
        case knowledgeBaseID = "knowledgeBaseId"
        case lessonIDs = "lessonIds"
    }

    /// Decodes a path; absent `lessonIDs` is `[]`, absent `order` is `0`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            knowledgeBaseID: try container.decode(String.self, forKey: .knowledgeBaseID),
            title: try container.decode(String.self, forKey: .title),
            summary: try container.decodeIfPresent(String.self, forKey: .summary),
            lessonIDs: try container.decodeIfPresent([String].self, forKey: .lessonIDs) ?? [],
            order: try container.decodeIfPresent(Int.self, forKey: .order) ?? 0
        )
    }
}

extension LearningPath: JSONByteDecodable {
    private static let byteKeys = JSONKeyTable<CodingKeys>()

    /// Reads a path with the same rules as ``init(from:)``.
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        var object = try reader.beginObject(Self.byteKeys)
        var id: String?, knowledgeBaseID: String?, title: String?, summary: String?
        var lessonIDs: [String]?, order: Int?
        while let key = try reader.nextField(&object) {
            do throws(JSONReadFailure) {
                switch key {
                case .id: id = try reader.read(String.self)
                case .knowledgeBaseID: knowledgeBaseID = try reader.read(String.self)
                case .title: title = try reader.read(String.self)
                case .summary: summary = try reader.readOptional(String.self)
                case .lessonIDs: lessonIDs = try reader.readOptionalArray(of: String.self)
                case .order: order = try reader.readOptional(Int.self)
                }
            } catch {
                throw object.annotate(error)
            }
        }
        self.id = try object.required(id, .id)
        self.knowledgeBaseID = try object.required(knowledgeBaseID, .knowledgeBaseID)
        self.title = try object.required(title, .title)
        self.summary = summary
        self.lessonIDs = lessonIDs ?? []
        self.order = order ?? 0
    }
}

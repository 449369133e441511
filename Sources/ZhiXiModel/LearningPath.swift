/// An ordered route through some lessons of a knowledge base.
///
/// Absent `lessonIds` decodes as `[]` and absent `order` as `0`.
public struct LearningPath: Sendable, Codable, Hashable, Identifiable {
    /// The server's id of the path.
    public var id: String
    /// The id of the ``KnowledgeBase`` the path belongs to.
    public var knowledgeBaseId: String
    /// The title shown to learners.
    public var title: String
    /// A short description, if any.
    public var summary: String?
    /// The ids of the path's lessons, in the order they are studied.
    public var lessonIds: [String]
    /// The position of the path among the knowledge base's paths, lowest first.
    public var order: Int

    /// Creates a learning path.
    public init(
        id: String,
        knowledgeBaseId: String,
        title: String,
        summary: String? = nil,
        lessonIds: [String] = [],
        order: Int = 0
    ) {
        self.id = id
        self.knowledgeBaseId = knowledgeBaseId
        self.title = title
        self.summary = summary
        self.lessonIds = lessonIds
        self.order = order
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, knowledgeBaseId, title, summary, lessonIds, order
    }

    /// Decodes a path; absent `lessonIds` is `[]`, absent `order` is `0`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            knowledgeBaseId: try container.decode(String.self, forKey: .knowledgeBaseId),
            title: try container.decode(String.self, forKey: .title),
            summary: try container.decodeIfPresent(String.self, forKey: .summary),
            lessonIds: try container.decodeIfPresent([String].self, forKey: .lessonIds) ?? [],
            order: try container.decodeIfPresent(Int.self, forKey: .order) ?? 0
        )
    }
}

extension LearningPath: JSONByteDecodable {
    private static let byteKeys = JSONKeyTable<CodingKeys>()

    /// Reads a path with the same rules as ``init(from:)``.
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        var object = try reader.beginObject(Self.byteKeys)
        var id: String?, knowledgeBaseId: String?, title: String?, summary: String?
        var lessonIds: [String]?, order: Int?
        while let key = try reader.nextField(&object) {
            do throws(JSONReadFailure) {
                switch key {
                case .id: id = try reader.read(String.self)
                case .knowledgeBaseId: knowledgeBaseId = try reader.read(String.self)
                case .title: title = try reader.read(String.self)
                case .summary: summary = try reader.readOptional(String.self)
                case .lessonIds: lessonIds = try reader.readOptionalArray(of: String.self)
                case .order: order = try reader.readOptional(Int.self)
                }
            } catch {
                throw object.annotate(error)
            }
        }
        self.id = try object.required(id, .id)
        self.knowledgeBaseId = try object.required(knowledgeBaseId, .knowledgeBaseId)
        self.title = try object.required(title, .title)
        self.summary = summary
        self.lessonIds = lessonIds ?? []
        self.order = order ?? 0
    }
}

extension LearningPath: JSONByteEncodable {
    /// Writes the path as ``ZhiXiJSON``'s encoder does.
    func write(to writer: inout JSONByteWriter) throws(EncodingError) {
        writer.beginObject()
        writer.member("id", id)
        writer.member("knowledgeBaseId", knowledgeBaseId)
        writer.member("lessonIds", lessonIds)
        writer.member("order", order)
        writer.member("summary", summary)
        writer.member("title", title)
        writer.endObject()
    }
}

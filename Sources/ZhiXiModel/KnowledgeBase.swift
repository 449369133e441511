import Foundation

/// A body of knowledge that lessons are drawn from, such as a course or a book.
///
/// JSON, as the app's design has it: `{"id", "title", "description", "language",
/// "targetUser", "createdAt", "updatedAt"}`; only `id` and `title` are required. Schema 1
/// workspaces wrote `description` as `summary`, which is still read.
public struct KnowledgeBase: Sendable, Codable, Hashable, Identifiable {
    /// The server's id of the knowledge base.
    public var id: String
    /// The title shown to learners.
    public var title: String
    /// What the knowledge base covers, in a sentence or two, if said.
    public var description: String?
    /// The language its content is written in, a BCP-47 tag such as `"zh-Hans"`, if known.
    public var language: String?
    /// Who it is written for, such as "大学一年级" or "beginners", if said.
    public var targetUser: String?
    /// When it was created, if known.
    public var createdAt: Date?
    /// When it was last changed, if known.
    public var updatedAt: Date?

    /// Creates a knowledge base.
    public init(
        id: String,
        title: String,
        description: String? = nil,
        language: String? = nil,
        targetUser: String? = nil,
        createdAt: Date? = nil,
        updatedAt: Date? = nil
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.language = language
        self.targetUser = targetUser
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, description, language, targetUser, createdAt, updatedAt
    }
}

extension KnowledgeBase: ModelDecodable {
    static let decoding = ModelDecoding(template: KnowledgeBase(id: "", title: ""), required: [.id, .title],
                                        formerNames: ["summary": .description])

    mutating func decodeField<Source: ModelFieldSource>(_ key: CodingKeys, from source: inout Source) throws(Source.Failure) {
        switch key {
        case .id: id = try source.read()
        case .title: title = try source.read()
        case .description: description = try source.read()
        case .language: language = try source.read()
        case .targetUser: targetUser = try source.read()
        case .createdAt: createdAt = try source.read()
        case .updatedAt: updatedAt = try source.read()
        }
    }
}

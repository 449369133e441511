import Foundation

/// A body of knowledge that lessons are drawn from, such as a course or a book.
public struct KnowledgeBase: Sendable, Codable, Hashable, Identifiable {
    /// The server's id of the knowledge base.
    public var id: String
    /// The title shown to learners.
    public var title: String
    /// A short description, if any.
    public var summary: String?
    /// The subject it belongs to, such as "Physics" or "物理", if any.
    public var subject: String?
    /// When it was created, if known.
    public var createdAt: Date?
    /// When it was last changed, if known.
    public var updatedAt: Date?

    /// Creates a knowledge base.
    public init(
        id: String,
        title: String,
        summary: String? = nil,
        subject: String? = nil,
        createdAt: Date? = nil,
        updatedAt: Date? = nil
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.subject = subject
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, summary, subject, createdAt, updatedAt
    }
}

extension KnowledgeBase: JSONByteDecodable {
    private static let byteKeys = JSONKeyTable<CodingKeys>()

    /// Reads a knowledge base with the same rules as its `Decodable` conformance.
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        var object = try reader.beginObject(Self.byteKeys)
        var id: String?, title: String?, summary: String?, subject: String?
        var createdAt: Date?, updatedAt: Date?
        while let key = try reader.nextField(&object) {
            do throws(JSONReadFailure) {
                switch key {
                case .id: id = try reader.read(String.self)
                case .title: title = try reader.read(String.self)
                case .summary: summary = try reader.readOptional(String.self)
                case .subject: subject = try reader.readOptional(String.self)
                case .createdAt: createdAt = try reader.readOptional(Date.self)
                case .updatedAt: updatedAt = try reader.readOptional(Date.self)
                }
            } catch {
                throw object.annotate(error)
            }
        }
        self.id = try object.required(id, .id)
        self.title = try object.required(title, .title)
        self.summary = summary
        self.subject = subject
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

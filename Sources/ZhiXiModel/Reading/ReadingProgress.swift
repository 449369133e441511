import Foundation

/// The answer to `GET materials/{id}/reading-progress`: the reading position the server
/// saved for a material.
///
/// JSON: `{"materialId": "src-42", "readingTargetType": "knowledge_source",
/// "position": {"progress": 0.4}, "markedAsRead": false, "updatedAt": "2026-11-29T09:00:00Z"}`;
/// `position` and `updatedAt` are absent when the learner never read it, and an absent
/// `markedAsRead` is `false`.
public struct ReadingProgress: Sendable, Codable, Hashable {
    /// The material.
    public var materialID: String
    /// What kind of material it is, when the server says.
    public var readingTargetType: ReadingTargetType?
    /// The last position the server knows; `nil` when there is none.
    public var position: ReadingPosition?
    /// `true` once the learner marked the material as read.
    public var markedAsRead: Bool
    /// When the position was saved.
    public var updatedAt: Date?

    /// Creates a progress record.
    public init(materialID: String, readingTargetType: ReadingTargetType? = nil, position: ReadingPosition? = nil,
                markedAsRead: Bool = false, updatedAt: Date? = nil) {
        self.materialID = materialID
        self.readingTargetType = readingTargetType
        self.position = position
        self.markedAsRead = markedAsRead
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case materialID = "materialId"
        case readingTargetType, position, markedAsRead, updatedAt
    }

    /// Decodes a progress record; an absent `markedAsRead` is `false`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        materialID = try container.decode(String.self, forKey: .materialID)
        readingTargetType = try container.decodeIfPresent(ReadingTargetType.self, forKey: .readingTargetType)
        position = try container.decodeIfPresent(ReadingPosition.self, forKey: .position)
        markedAsRead = try container.decodeIfPresent(Bool.self, forKey: .markedAsRead) ?? false
        updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt)
    }
}

import Foundation
import ZhiXiModel

/// A reading position kept on the device, for restoring it offline and for "continue
/// learning" when the server cannot be asked.
package struct StoredReadingPosition: Sendable, Codable, Hashable {
    /// The material.
    package var materialID: String
    /// What kind of material it is.
    package var readingTargetType: ReadingTargetType
    /// Its title, if known.
    package var title: String?
    /// The position.
    package var position: ReadingPosition
    /// When the position was recorded.
    package var updatedAt: Date

    /// Creates a stored position.
    package init(materialID: String, readingTargetType: ReadingTargetType, title: String? = nil,
                position: ReadingPosition, updatedAt: Date) {
        self.materialID = materialID
        self.readingTargetType = readingTargetType
        self.title = title
        self.position = position
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case materialID = "materialId"
        case readingTargetType, title, position, updatedAt
    }
}

import Foundation

/// The answer to `GET materials/{id}/reading-progress?targetType=T`: where the server says
/// the learner is in a material.
///
/// JSON, as the app's design has it: `{"materialId": "src-42", "readingTargetType":
/// "knowledge_source", "status": "in_progress", "lastPosition": {"progress": 0.4},
/// "lastProgress": 0.4, "updatedAt": "2026-11-29T09:00:00Z"}`; all but `materialId` may be
/// absent. A restore uses `lastPosition` unless `status` is `not_started` (see
/// ``restorablePosition``).
package struct ReadingProgress: Sendable, Codable, Hashable {
    /// The material.
    package var materialID: String
    /// What kind of material it is, when the server says.
    package var readingTargetType: ReadingTargetType?
    /// How far the learner got, when the server says.
    package var status: ReadingProgressStatus?
    /// The last position the server knows; `nil` when there is none.
    package var lastPosition: ReadingPosition?
    /// How far through the material the learner got, 0–1, when the server says.
    package var lastProgress: Double?
    /// When the position was saved.
    package var updatedAt: Date?

    /// Creates a progress record.
    package init(materialID: String, readingTargetType: ReadingTargetType? = nil, status: ReadingProgressStatus? = nil,
                lastPosition: ReadingPosition? = nil, lastProgress: Double? = nil, updatedAt: Date? = nil) {
        self.materialID = materialID
        self.readingTargetType = readingTargetType
        self.status = status
        self.lastPosition = lastPosition
        self.lastProgress = lastProgress
        self.updatedAt = updatedAt
    }

    /// The position to restore: ``lastPosition``, unless ``status`` is ``ReadingProgressStatus/notStarted``.
    package var restorablePosition: ReadingPosition? {
        status == .notStarted ? nil : lastPosition
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case materialID = "materialId"
        case readingTargetType, status, lastPosition, lastProgress, updatedAt
    }
}

import Foundation

/// The answer to `GET learning/continue`: what the learner was reading last, to offer
/// "continue where you left off".
///
/// JSON: `{"type": "knowledge_source", "materialId": "src-42", "title": "…",
/// "position": {"progress": 0.4}, "lastReadAt": "2026-11-29T09:00:00Z"}`; with
/// `"type": "none"` the other fields are absent.
public struct ContinueLearningItem: Sendable, Codable, Hashable {
    /// What kind of material, or ``ContinueLearningType/nothing``.
    public var type: ContinueLearningType
    /// The material to continue; `nil` for ``ContinueLearningType/nothing``.
    public var materialID: String?
    /// The material's title, for the card the app shows.
    public var title: String?
    /// Where the learner stopped.
    public var position: ReadingPosition?
    /// When the learner last read it.
    public var lastReadAt: Date?

    /// Creates an answer.
    public init(type: ContinueLearningType, materialID: String? = nil, title: String? = nil,
                position: ReadingPosition? = nil, lastReadAt: Date? = nil) {
        self.type = type
        self.materialID = materialID
        self.title = title
        self.position = position
        self.lastReadAt = lastReadAt
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case type
        case materialID = "materialId"
        case title, position, lastReadAt
    }
}

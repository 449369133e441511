import ZhiXiLocalization
import ZhiXiModel
import Foundation

/// The answer to `GET learning/continue`: what the learner was reading last, to offer
/// "continue where you left off".
///
/// JSON, as the app's design has it: `{"type": "knowledge_source", "materialId": "src-42",
/// "title": "…", "lastPosition": {"progress": 0.4}, "lastProgress": 0.4}`, and `lastReadAt`
/// beside them (when the learner last read it, which a local record is compared with); with
/// `"type": "none"` the other fields are absent. A missing title is shown as
/// ``untitled(language:)``.
package struct ContinueLearningItem: Sendable, Codable, Hashable {
    /// What kind of material, or ``ContinueLearningType/nothing``.
    package var type: ContinueLearningType
    /// The material to continue; `nil` for ``ContinueLearningType/nothing``.
    package var materialID: String?
    /// The material's title, for the card the app shows.
    package var title: String?
    /// Where the learner stopped.
    package var lastPosition: ReadingPosition?
    /// How far through the material the learner got, 0–1, when the server says.
    package var lastProgress: Double?
    /// When the learner last read it, if known.
    package var lastReadAt: Date?

    /// Creates an answer.
    package init(type: ContinueLearningType, materialID: String? = nil, title: String? = nil,
                lastPosition: ReadingPosition? = nil, lastProgress: Double? = nil, lastReadAt: Date? = nil) {
        self.type = type
        self.materialID = materialID
        self.title = title
        self.lastPosition = lastPosition
        self.lastProgress = lastProgress
        self.lastReadAt = lastReadAt
    }

    /// The title of a material that has none, from the language's files (`Common.strings`,
    /// `untitledMaterial`): 未命名 in Simplified Chinese (the default), "Untitled" in English.
    package static func untitled(language: AppLanguage = .default) -> String {
        language.localization.text("untitledMaterial", in: .common)
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case type
        case materialID = "materialId"
        case title, lastPosition, lastProgress, lastReadAt
    }
}

import ZhiXiModel

/// What `GET learning/continue` points the learner back to. An `OpenStringEnum` (ZhiXiModel).
package enum ContinueLearningType: OpenStringEnum {
    /// A source in a knowledge base. JSON `"knowledge_source"`.
    case knowledgeSource
    /// A temporary file. JSON `"temporary_file"`.
    case temporaryFile
    /// Nothing to continue: the learner has read nothing yet. JSON `"none"` (spelled
    /// `nothing` in Swift so that it is never mistaken for `Optional.none`).
    case nothing
    /// A type this version does not know, kept with its raw JSON string.
    case unknown(String)

    /// The types this version knows.
    package static let knownCases: [ContinueLearningType] = [.knowledgeSource, .temporaryFile, .nothing]

    /// The JSON string of this value.
    package var rawValue: String {
        switch self {
        case .knowledgeSource: "knowledge_source"
        case .temporaryFile: "temporary_file"
        case .nothing: "none"
        case .unknown(let rawValue): rawValue
        }
    }

    /// The reading target this points to; `nil` for ``nothing`` and unknown types.
    package var readingTargetType: ReadingTargetType? {
        switch self {
        case .knowledgeSource: .knowledgeSource
        case .temporaryFile: .temporaryFile
        case .nothing, .unknown: nil
        }
    }
}

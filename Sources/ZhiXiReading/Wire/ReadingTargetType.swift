import ZhiXiModel

/// What kind of material a reading event is about. An `OpenStringEnum` (ZhiXiModel).
package enum ReadingTargetType: OpenStringEnum {
    /// A source in one of the learner's knowledge bases. JSON `"knowledge_source"`.
    case knowledgeSource
    /// A file the learner opened for a while without adding it to a knowledge base; the
    /// server may expire it. JSON `"temporary_file"`.
    case temporaryFile
    /// A target type this version does not know, kept with its raw JSON string.
    case unknown(String)

    /// The target types this version knows.
    package static let knownCases: [ReadingTargetType] = [.knowledgeSource, .temporaryFile]

    /// The JSON string of this value.
    package var rawValue: String {
        switch self {
        case .knowledgeSource: "knowledge_source"
        case .temporaryFile: "temporary_file"
        case .unknown(let rawValue): rawValue
        }
    }
}

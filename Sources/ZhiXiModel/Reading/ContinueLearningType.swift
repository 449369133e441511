/// What `GET learning/continue` points the learner back to.
///
/// An open set: a value this version does not know decodes as ``unknown(_:)`` and encodes
/// back as the same string. Two values are equal when their raw strings are equal.
public enum ContinueLearningType: RawRepresentable, Sendable, Codable, Hashable, CustomStringConvertible {
    /// A source in a knowledge base. JSON `"knowledge_source"`.
    case knowledgeSource
    /// A temporary file. JSON `"temporary_file"`.
    case temporaryFile
    /// Nothing to continue: the learner has read nothing yet. JSON `"none"` (spelled
    /// `nothing` in Swift so that it is never mistaken for `Optional.none`).
    case nothing
    /// A type this version does not know, kept with its raw JSON string.
    case unknown(String)

    /// The value for a JSON string; ``unknown(_:)`` for a string this version does not know.
    public init(rawValue: String) {
        switch rawValue {
        case "knowledge_source": self = .knowledgeSource
        case "temporary_file": self = .temporaryFile
        case "none": self = .nothing
        default: self = .unknown(rawValue)
        }
    }

    /// The JSON string of this value.
    public var rawValue: String {
        switch self {
        case .knowledgeSource: "knowledge_source"
        case .temporaryFile: "temporary_file"
        case .nothing: "none"
        case .unknown(let rawValue): rawValue
        }
    }

    /// The reading target this points to; `nil` for ``nothing`` and unknown types.
    public var readingTargetType: ReadingTargetType? {
        switch self {
        case .knowledgeSource: .knowledgeSource
        case .temporaryFile: .temporaryFile
        case .nothing, .unknown: nil
        }
    }

    /// The raw JSON string.
    public var description: String { rawValue }

    /// Equal when the raw strings are equal.
    public static func == (lhs: ContinueLearningType, rhs: ContinueLearningType) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the raw string.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

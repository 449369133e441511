/// What kind of material a reading event is about.
///
/// An open set: a value this version does not know decodes as ``unknown(_:)`` and encodes
/// back as the same string. Two values are equal when their raw strings are equal.
public enum ReadingTargetType: RawRepresentable, Sendable, Codable, Hashable, CustomStringConvertible {
    /// A source in one of the learner's knowledge bases. JSON `"knowledge_source"`.
    case knowledgeSource
    /// A file the learner opened for a while without adding it to a knowledge base; the
    /// server may expire it. JSON `"temporary_file"`.
    case temporaryFile
    /// A target type this version does not know, kept with its raw JSON string.
    case unknown(String)

    /// The value for a JSON string; ``unknown(_:)`` for a string this version does not know.
    public init(rawValue: String) {
        switch rawValue {
        case "knowledge_source": self = .knowledgeSource
        case "temporary_file": self = .temporaryFile
        default: self = .unknown(rawValue)
        }
    }

    /// The JSON string of this value.
    public var rawValue: String {
        switch self {
        case .knowledgeSource: "knowledge_source"
        case .temporaryFile: "temporary_file"
        case .unknown(let rawValue): rawValue
        }
    }

    /// The raw JSON string.
    public var description: String { rawValue }

    /// Equal when the raw strings are equal.
    public static func == (lhs: ReadingTargetType, rhs: ReadingTargetType) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the raw string.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// The kind of a review task: how the learner revisits a lesson.
///
/// An open set: a value this version does not know decodes as ``unknown(_:)`` and encodes
/// back as the same string. Two values are equal when their raw strings are equal, so
/// `.unknown("feynman") == .feynman`.
public enum ReviewType: RawRepresentable, Sendable, Codable, Hashable, CustomStringConvertible {
    /// Spaced repetition (间隔重复): revisit the lesson when the memory model says its
    /// recall is due. JSON `"spacedRepetition"`.
    case spacedRepetition
    /// Feynman (费曼): explain the lesson in one's own words, as if teaching it. JSON `"feynman"`.
    case feynman
    /// Recall (回忆): write down from memory what the lesson taught. JSON `"recall"`.
    case recall
    /// Weak point (薄弱): practise a specific point the AI analysis found weak. JSON `"weakPoint"`.
    case weakPoint
    /// A review type this version does not know, kept with its raw JSON string.
    case unknown(String)

    /// The four review types this version knows, in the order the app lists them.
    public static let knownCases: [ReviewType] = [.spacedRepetition, .feynman, .recall, .weakPoint]

    /// The value for a JSON string; ``unknown(_:)`` for a string this version does not know.
    public init(rawValue: String) {
        switch rawValue {
        case "spacedRepetition": self = .spacedRepetition
        case "feynman": self = .feynman
        case "recall": self = .recall
        case "weakPoint": self = .weakPoint
        default: self = .unknown(rawValue)
        }
    }

    /// The JSON string of this value.
    public var rawValue: String {
        switch self {
        case .spacedRepetition: "spacedRepetition"
        case .feynman: "feynman"
        case .recall: "recall"
        case .weakPoint: "weakPoint"
        case .unknown(let rawValue): rawValue
        }
    }

    /// The name shown to a learner: 间隔重复 / 费曼 / 回忆 / 薄弱 in Simplified Chinese,
    /// "Spaced repetition" / "Feynman" / "Recall" / "Weak point" in English; the raw
    /// string for an unknown type.
    public func displayName(language: AppLanguage) -> String {
        switch (ReviewType(rawValue: rawValue), language) {
        case (.spacedRepetition, .simplifiedChinese): "间隔重复"
        case (.spacedRepetition, .english): "Spaced repetition"
        case (.feynman, .simplifiedChinese): "费曼"
        case (.feynman, .english): "Feynman"
        case (.recall, .simplifiedChinese): "回忆"
        case (.recall, .english): "Recall"
        case (.weakPoint, .simplifiedChinese): "薄弱"
        case (.weakPoint, .english): "Weak point"
        case (.unknown(let rawValue), _): rawValue
        }
    }

    /// `true` unless this is a value this version does not know.
    public var isKnown: Bool {
        if case .unknown = ReviewType(rawValue: rawValue) { return false }
        return true
    }

    /// The raw JSON string.
    public var description: String { rawValue }

    /// Equal when the raw strings are equal.
    public static func == (lhs: ReviewType, rhs: ReviewType) -> Bool {
        switch (lhs, rhs) {
        case (.spacedRepetition, .spacedRepetition), (.feynman, .feynman), (.recall, .recall),
             (.weakPoint, .weakPoint): true
        case (.unknown, _), (_, .unknown): lhs.rawValue == rhs.rawValue
        default: false
        }
    }

    /// Hashes the raw string.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

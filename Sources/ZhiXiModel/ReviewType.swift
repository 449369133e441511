import ZhiXiLocalization

/// The kind of a review task: how the learner revisits a lesson. An ``OpenStringEnum``.
public enum ReviewType: OpenStringEnum {
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

    /// The name shown to a learner, from the language's files (`Common.strings`,
    /// `reviewType.<raw value>`): 间隔重复 / 费曼 / 回忆 / 薄弱 in Simplified Chinese (the default),
    /// "Spaced repetition" / "Feynman" / "Recall" / "Weak point" in English; the raw string for
    /// an unknown type.
    public func displayName(language: AppLanguage = .default) -> String {
        if case .unknown(let rawValue) = ReviewType(rawValue: rawValue) { return rawValue }
        return language.localization.text("reviewType." + rawValue, in: .common)
    }
}

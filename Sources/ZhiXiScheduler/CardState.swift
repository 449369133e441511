/// Where a card is in its life: never studied, being learnt in short steps, reviewed at
/// growing intervals of days, or relearnt in short steps after being forgotten.
///
/// The raw values are py-fsrs's and ts-fsrs's (1 learning, 2 review, 3 relearning; ts-fsrs
/// numbers new cards 0); `Codable` as that number.
public enum CardState: Int, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Never reviewed. Its first review treats it as a learning card at its first step.
    case new = 0
    /// Being learnt: shown again after the short learning steps, until it graduates.
    case learning = 1
    /// Graduated: shown again after an interval of whole days computed from its stability.
    case review = 2
    /// Forgotten after graduating: shown again after the short relearning steps.
    case relearning = 3

    /// `true` for ``learning`` and ``relearning``, the states with steps.
    @inlinable public var hasSteps: Bool { self == .learning || self == .relearning }

    /// The lower-case English name (`"new"`, `"learning"`, `"review"`, `"relearning"`).
    public var description: String {
        switch self {
        case .new: "new"
        case .learning: "learning"
        case .review: "review"
        case .relearning: "relearning"
        }
    }
}

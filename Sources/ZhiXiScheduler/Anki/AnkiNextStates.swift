import ZhiXiMemory

/// The four buttons of one card under Anki's rules (``AnkiScheduler``).
public struct AnkiNextStates: Sendable, Hashable {
    /// What Again does.
    public var again: AnkiButtonOutcome
    /// What Hard does.
    public var hard: AnkiButtonOutcome
    /// What Good does.
    public var good: AnkiButtonOutcome
    /// What Easy does.
    public var easy: AnkiButtonOutcome

    /// The four outcomes.
    /// - Complexity: O(1).
    public init(again: AnkiButtonOutcome, hard: AnkiButtonOutcome, good: AnkiButtonOutcome, easy: AnkiButtonOutcome) {
        self.again = again
        self.hard = hard
        self.good = good
        self.easy = easy
    }

    /// The outcome of `rating`.
    /// - Complexity: O(1).
    public subscript(rating: Rating) -> AnkiButtonOutcome {
        switch rating {
        case .again: again
        case .hard: hard
        case .good: good
        case .easy: easy
        }
    }
}

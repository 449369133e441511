import ZhiXiMemory

/// The four buttons of one card under Anki's rules (``AnkiScheduler``).
@usableFromInline package struct AnkiNextStates: Sendable, Hashable {
    /// What Again does.
    @usableFromInline package var again: AnkiButtonOutcome
    /// What Hard does.
    @usableFromInline package var hard: AnkiButtonOutcome
    /// What Good does.
    @usableFromInline package var good: AnkiButtonOutcome
    /// What Easy does.
    @usableFromInline package var easy: AnkiButtonOutcome

    /// The four outcomes.
    /// - Complexity: O(1).
    @usableFromInline package init(again: AnkiButtonOutcome, hard: AnkiButtonOutcome, good: AnkiButtonOutcome, easy: AnkiButtonOutcome) {
        self.again = again
        self.hard = hard
        self.good = good
        self.easy = easy
    }

    /// The outcome of `rating`.
    /// - Complexity: O(1).
    @usableFromInline package subscript(rating: Rating) -> AnkiButtonOutcome {
        switch rating {
        case .again: again
        case .hard: hard
        case .good: good
        case .easy: easy
        }
    }
}

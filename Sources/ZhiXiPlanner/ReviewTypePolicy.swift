import ZhiXiModel

/// Which kind of review a due item gets. Decided in this order:
///
/// 1. A weak point named by an analysis gets a **weak-point drill** (薄弱).
/// 2. A lesson whose latest mastery score is in ``partialUnderstanding`` (default 40–74) —
///    understood in part — gets a **Feynman** review (费曼): explain it in your own words, which
///    exposes the gaps.
/// 3. A lesson that is consolidated — stability of at least ``consolidatedStabilityDays``
///    (default 21 days) and latest score at least ``consolidatedScore`` (default 80) — gets a
///    light **spaced-repetition** review (间隔重复).
/// 4. Everything else gets **active recall** (回忆): write down what you remember. This includes
///    lessons that were not recalled at all (score below 40), which need retrieval practice
///    from the material before explanation makes sense.
public struct ReviewTypePolicy: Sendable, Hashable {
    /// Latest scores in this range mean partial understanding (Feynman).
    public var partialUnderstanding: ClosedRange<Int>
    /// Stability in days from which a lesson counts as consolidated.
    public var consolidatedStabilityDays: Double
    /// Latest score from which a lesson counts as consolidated.
    public var consolidatedScore: Int

    /// Creates a policy; the defaults are described on the type.
    /// - Complexity: O(1).
    public init(partialUnderstanding: ClosedRange<Int> = 40...74, consolidatedStabilityDays: Double = 21,
                consolidatedScore: Int = 80) {
        self.partialUnderstanding = partialUnderstanding
        self.consolidatedStabilityDays = consolidatedStabilityDays
        self.consolidatedScore = consolidatedScore
    }

    /// The review type of a lesson with this latest score (nil when never scored) and stability
    /// in days.
    /// - Complexity: O(1).
    public func lessonReviewType(latestScore: Int?, stability: Double) -> ReviewType {
        if let latestScore, partialUnderstanding.contains(latestScore) { return .feynman }
        if let latestScore, latestScore >= consolidatedScore, stability >= consolidatedStabilityDays {
            return .spacedRepetition
        }
        return .recall
    }
}

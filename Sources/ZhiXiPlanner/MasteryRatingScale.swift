import ZhiXiMemory

/// How the AI's mastery score (0–100) of a learning session becomes the FSRS rating of a
/// review of the lesson.
///
/// | score | rating |
/// | --- | --- |
/// | below ``hardFrom`` (default 60) | Again — not recalled |
/// | ``hardFrom`` ..< ``goodFrom`` (60–74) | Hard |
/// | ``goodFrom`` ..< ``easyFrom`` (75–89) | Good |
/// | ``easyFrom`` and above (90–100) | Easy |
public struct MasteryRatingScale: Sendable, Hashable {
    /// The lowest score rated Hard; lower scores are Again.
    public var hardFrom: Int
    /// The lowest score rated Good.
    public var goodFrom: Int
    /// The lowest score rated Easy.
    public var easyFrom: Int

    /// Creates a scale. The thresholds must rise: `hardFrom ≤ goodFrom ≤ easyFrom`.
    /// - Complexity: O(1).
    public init(hardFrom: Int = 60, goodFrom: Int = 75, easyFrom: Int = 90) {
        precondition(hardFrom <= goodFrom && goodFrom <= easyFrom, "rating thresholds must rise")
        self.hardFrom = hardFrom
        self.goodFrom = goodFrom
        self.easyFrom = easyFrom
    }

    /// The rating of a mastery score (0–100).
    /// - Complexity: O(1).
    @inlinable
    public func rating(forScore score: Int) -> Rating {
        if score >= easyFrom { return .easy }
        if score >= goodFrom { return .good }
        if score >= hardFrom { return .hard }
        return .again
    }
}

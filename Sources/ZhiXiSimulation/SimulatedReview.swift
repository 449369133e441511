import ZhiXiMemory

/// One card or task done in a simulation, recorded when a run is asked to
/// (`recordingReviews: true`): what was done, when it was due, and what it cost. For checking
/// a simulation's behaviour and exporting it, not needed for its results.
public struct SimulatedReview: Sendable, Hashable {
    /// What kind of work it was.
    public enum Kind: String, Sendable, Hashable {
        /// A new card learned, or a new lesson's first session.
        case learning
        /// A card review (cards mode).
        case review
        /// A lesson review of type spaced repetition (间隔重复).
        case spacedRepetition
        /// A lesson review of type Feynman (费曼).
        case feynman
        /// A lesson review of type recall (回忆).
        case recall
        /// A weak-point drill (薄弱).
        case weakPoint
    }

    /// The item: a card (in learning order), or a lesson (course order) or weak point (after
    /// the lessons) in ZhiXi mode.
    public var item: Int
    /// ZhiXi mode: the lesson the item belongs to (itself for a lesson); `nil` in cards mode.
    public var lesson: Int?
    /// The kind of work.
    public var kind: Kind
    /// The day it was done.
    public var day: Int
    /// The day it was due: the last review's day plus the interval it got (for learning, the
    /// day the item became available).
    public var dueDay: Int
    /// The day of the item's previous review; `nil` for learning.
    public var lastReviewDay: Int?
    /// The rating of the (first) answer: drawn in cards mode, from the mastery score in ZhiXi
    /// mode.
    public var rating: Rating
    /// Seconds it took, (re)learning steps included.
    public var seconds: Double
}

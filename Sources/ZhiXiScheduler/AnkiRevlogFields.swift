/// What an Anki revlog row keeps beyond the FSRS review-log CSV, and what Anki's rules for
/// FSRS read from it: the interval the answer gave, the one before it, and the factor.
///
/// - ``interval`` and ``lastInterval``: whole days when positive, seconds when negative (a
///   learning step of 10 minutes is -600), as Anki stores them.
/// - ``factor``: the ease in permille (2500 is 250 %); with FSRS on, the card's difficulty
///   written as 100–1100 (`(D − 1) / 9 + 0.1`, ×1000). It is 0 for an answer in a filtered
///   deck that does not reschedule (cramming) and for a Forget, which is how Anki tells those
///   from a review ahead of time and from Set Due Date.
public struct AnkiRevlogFields: Sendable, Hashable {
    /// The interval the row gave: days (> 0) or seconds (< 0).
    public var interval: Int32
    /// The interval before the row: days (> 0) or seconds (< 0).
    public var lastInterval: Int32
    /// The ease in permille, or the FSRS difficulty as 100–1100; 0 for cramming and Forget.
    public var factor: Int32

    /// Creates the fields of one revlog row.
    /// - Complexity: O(1).
    public init(interval: Int32, lastInterval: Int32, factor: Int32) {
        self.interval = interval
        self.lastInterval = lastInterval
        self.factor = factor
    }

    /// Whether the interval is at least a day (Anki's test for an answer that left the card
    /// for another day: `ivl >= 1 || ivl <= -86400`).
    @inlinable
    public var isInterday: Bool { interval >= 1 || interval <= -86_400 }
}

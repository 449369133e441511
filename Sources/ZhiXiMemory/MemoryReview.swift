/// One review in a memory history, as the memory model needs it: a rating and the number of
/// days since the previous review.
///
/// The first review of an item has `elapsedDays` 0. A later review with `elapsedDays` 0 is a
/// same-day review (a learning or relearning step), which FSRS treats with its short-term
/// stability formula.
@usableFromInline package struct MemoryReview: Sendable, Hashable {
    /// The learner's answer.
    @usableFromInline package var rating: Rating
    /// Days since the previous review of the same item (0 for the first review and for a
    /// review on the same day). Whole days in the FSRS ecosystem; fractions are accepted.
    @usableFromInline package var elapsedDays: Double

    /// Creates a review from a rating and the days elapsed since the previous review.
    /// - Complexity: O(1).
    @inlinable
    package init(rating: Rating, elapsedDays: Double) {
        self.rating = rating
        self.elapsedDays = elapsedDays
    }
}

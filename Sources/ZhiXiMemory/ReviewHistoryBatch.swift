/// Many items' review histories packed into three contiguous arrays, the input of the
/// memory model's batch replay (the hot path of the `states` command, evaluation and
/// optimisation).
///
/// History `i` occupies positions `historyStarts[i] ..< historyStarts[i + 1]` of ``ratings``
/// and ``elapsedDays``. Ratings are checked when appended, so replay needs no checks.
@usableFromInline package struct ReviewHistoryBatch: Sendable, Hashable {
    /// Ratings 1–4 of every review, history after history.
    @usableFromInline package private(set) var ratings: [UInt8] = []
    /// Days since the previous review of the same item, parallel to ``ratings``.
    @usableFromInline package private(set) var elapsedDays: [Double] = []
    /// Where each history starts in ``ratings``; one more entry than there are histories.
    @usableFromInline package private(set) var historyStarts: [Int] = [0]

    /// An empty batch, optionally with room for `reviewCapacity` reviews in
    /// `historyCapacity` histories.
    /// - Complexity: O(reviewCapacity + historyCapacity) for the reserved storage.
    package init(reviewCapacity: Int = 0, historyCapacity: Int = 0) {
        ratings.reserveCapacity(reviewCapacity)
        elapsedDays.reserveCapacity(reviewCapacity)
        historyStarts.reserveCapacity(historyCapacity + 1)
    }

    /// Creates a batch from histories.
    /// - Complexity: O(total reviews).
    package init<Histories: Sequence>(histories: Histories) where Histories.Element: Sequence<MemoryReview> {
        self.init()
        for history in histories { append(history: history) }
    }

    /// The number of histories.
    @inlinable package var historyCount: Int { historyStarts.count - 1 }
    /// The number of reviews in all histories.
    @inlinable package var reviewCount: Int { ratings.count }

    /// Appends one review to the history being built (the last one, started by
    /// ``startHistory()``).
    /// - Complexity: Amortised O(1).
    package mutating func append(_ review: MemoryReview) {
        ratings.append(UInt8(review.rating.rawValue))
        elapsedDays.append(review.elapsedDays)
        historyStarts[historyStarts.count - 1] = ratings.count
    }

    /// Starts a new, empty history; following ``append(_:)`` calls add to it.
    /// - Complexity: Amortised O(1).
    package mutating func startHistory() {
        historyStarts.append(ratings.count)
    }

    /// Appends a whole history.
    /// - Complexity: O(its length).
    package mutating func append<History: Sequence<MemoryReview>>(history: History) {
        startHistory()
        for review in history { append(review) }
    }

    /// The reviews of history `index`.
    /// - Complexity: O(its length).
    package func history(_ index: Int) -> [MemoryReview] {
        (historyStarts[index] ..< historyStarts[index + 1]).map {
            MemoryReview(rating: Rating(rawValue: Int(ratings[$0]))!, elapsedDays: elapsedDays[$0])
        }
    }
}

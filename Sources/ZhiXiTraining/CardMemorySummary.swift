import ZhiXiMemory
import ZhiXiScheduler

/// One card's memory at a moment, replayed from its review history: what `zhixi-review states`
/// prints for each card.
public struct CardMemorySummary: Sendable, Hashable {
    /// The card's id as written in the log.
    public var cardId: String
    /// How many reviews the history holds.
    public var reviewCount: Int
    /// The memory state after the last review.
    public var state: MemoryState
    /// When the card was last reviewed, in seconds since 1970.
    public var lastReviewSecondsSince1970: Double
    /// The probability of recall at the moment of the summary (0–1).
    public var retrievability: Double
    /// When the probability of recall falls to the desired retention: the start of the study
    /// day that many whole days after the last review, in seconds since 1970.
    public var dueSecondsSince1970: Double

    /// Creates a summary.
    public init(cardId: String, reviewCount: Int, state: MemoryState, lastReviewSecondsSince1970: Double,
                retrievability: Double, dueSecondsSince1970: Double) {
        self.cardId = cardId
        self.reviewCount = reviewCount
        self.state = state
        self.lastReviewSecondsSince1970 = lastReviewSecondsSince1970
        self.retrievability = retrievability
        self.dueSecondsSince1970 = dueSecondsSince1970
    }

    /// Replays every card of a log through the memory model, counting elapsed days on a study
    /// calendar. O(total reviews); the replay itself is the batch hot loop of ``MemoryModel``.
    ///
    /// - Parameters:
    ///   - histories: the log grouped by card.
    ///   - model: the memory model (parameters).
    ///   - calendar: where study days begin; elapsed days are differences of study days.
    ///   - desiredRetention: the probability of recall at which a card is due (0–1).
    ///   - maximumIntervalDays: the longest interval.
    ///   - nowSecondsSince1970: the moment at which retrievability is computed.
    public static func summaries(of histories: CardReviewHistories, model: MemoryModel, calendar: StudyCalendar,
                                 desiredRetention: Double, maximumIntervalDays: Int,
                                 nowSecondsSince1970: Double) -> [CardMemorySummary] {
        let states = model.finalStates(of: histories.memoryBatch(calendar: calendar))
        let today = calendar.dayNumber(ofSecondsSince1970: nowSecondsSince1970)
        return zip(histories.cardIds, zip(histories.reviews, states)).map { cardId, pair in
            let (reviews, state) = pair
            let last = reviews[reviews.count - 1].reviewedAtSecondsSince1970
            let lastDay = calendar.dayNumber(ofSecondsSince1970: last)
            let interval = model.roundedInterval(stability: state.stability, desiredRetention: desiredRetention,
                                                 maximumInterval: maximumIntervalDays)
            return CardMemorySummary(
                cardId: cardId, reviewCount: reviews.count, state: state, lastReviewSecondsSince1970: last,
                retrievability: model.retrievability(elapsedDays: Double(max(0, today - lastDay)), stability: state.stability),
                dueSecondsSince1970: calendar.startSecondsSince1970(ofDay: lastDay + interval))
        }
    }
}

import ZhiXiMemory
import ZhiXiScheduler

extension ReviewLogColumns {
    /// The log's cards and reviews as `scheduler` would have made them: every card's history
    /// under Anki's rules for memory states (`ReviewLogFilter.memoryState`: a reset card starts
    /// again, cramming and manual entries are left out, a history Anki counts as incomplete
    /// starts from the memory it infers), days counted on the scheduler's calendar (UTC from
    /// 04:00 for whole 24-hour days), replayed through the scheduler. What a service with a
    /// CSV log (`ReviewLogColumns(csv:)`) gives `DerivedSimulatorSettings` and
    /// `ExistingCard` (ZhiXiSimulation), as `zhixi-review simulate --revlog` does.
    /// - Parameters:
    ///   - scheduler: the scheduler the reviews are replayed through.
    ///   - historicalRetention: Anki's "historical retention", for histories that start from an
    ///     inferred memory.
    /// - Returns: each card after its last review, in order of first appearance, and the
    ///   scheduler's log of every replayed review (card by card, in time order; durations the
    ///   log's where it has them).
    /// - Complexity: O(*n* log *n*) for the log's *n* reviews.
    public func replay(through scheduler: CardScheduler, historicalRetention: Double = 0.9) -> (cards: [Card], reviews: [CardReview]) {
        ReviewTimelines(log: self, calendar: scheduler.configuration.calendar ?? .utc, filter: .memoryState)
            .replay(with: scheduler, historicalRetention: historicalRetention)
    }
}

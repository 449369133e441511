extension MemoryModel {
    /// The memory state after every review of a history, as fsrs-rs's
    /// `historical_memory_states`. O(n); allocates the result only.
    ///
    /// - Parameters:
    ///   - reviews: the item's reviews in order; the first has `elapsedDays` 0 unless
    ///     `start` is given.
    ///   - start: a state to start from (for a history whose beginning is missing, e.g. from
    ///     ``memoryState(fromSM2Ease:intervalDays:sm2Retention:)``); `nil` for a new item.
    public func states<Reviews: Sequence<MemoryReview>>(replaying reviews: Reviews, from start: MemoryState? = nil) -> [MemoryState] {
        var result: [MemoryState] = []
        result.reserveCapacity(reviews.underestimatedCount)
        var state = start
        for review in reviews {
            let next = nextState(after: state, elapsedDays: review.elapsedDays, rating: review.rating)
            result.append(next)
            state = next
        }
        return result
    }

    /// The memory state after a whole history, or `start` (which may be `nil`) when the history
    /// is empty, as fsrs-rs's `memory_state`. O(n), no allocation.
    @inlinable
    public func state<Reviews: Sequence<MemoryReview>>(replaying reviews: Reviews, from start: MemoryState? = nil) -> MemoryState? {
        var state = start
        for review in reviews {
            state = nextState(after: state, elapsedDays: review.elapsedDays, rating: review.rating)
        }
        return state
    }

    /// The final memory state of every history in a batch, as fsrs-rs's `memory_state_batch`
    /// (an empty history gives stability and difficulty 0). O(total reviews); allocates the
    /// result only.
    public func finalStates(of batch: ReviewHistoryBatch) -> [MemoryState] {
        [MemoryState](unsafeUninitializedCapacity: batch.historyCount) { buffer, initialized in
            replay(batch, histories: 0 ..< batch.historyCount, into: buffer)
            initialized = batch.historyCount
        }
    }

    /// Replays histories `histories` of a batch and writes their final states to
    /// `output[0 ..< histories.count]`. The batch's hot loop: plain `Double` arithmetic on the
    /// batch's contiguous arrays, no allocation, no existentials. Disjoint ranges may be
    /// replayed on different threads into disjoint buffers.
    ///
    /// - Precondition: `histories` lies within `0 ..< batch.historyCount` and `output` has room
    ///   for `histories.count` states.
    public func replay(_ batch: ReviewHistoryBatch, histories: Range<Int>, into output: UnsafeMutableBufferPointer<MemoryState>) {
        precondition(histories.lowerBound >= 0 && histories.upperBound <= batch.historyCount, "history range out of bounds")
        precondition(output.count >= histories.count, "output buffer too small")
        batch.ratings.withUnsafeBufferPointer { ratings in
            batch.elapsedDays.withUnsafeBufferPointer { elapsed in
                batch.historyStarts.withUnsafeBufferPointer { starts in
                    for (slot, history) in histories.enumerated() {
                        let start = starts[history], end = starts[history + 1]
                        guard start < end else {
                            output.initializeElement(at: slot, to: MemoryState(stability: 0, difficulty: 0))
                            continue
                        }
                        let first = Rating(rawValue: Int(ratings[start]))!
                        var state = initialState(rating: first)
                        var index = start + 1
                        while index < end {
                            state = nextState(after: state, elapsedDays: elapsed[index],
                                              rating: Rating(rawValue: Int(ratings[index]))!)
                            index += 1
                        }
                        output.initializeElement(at: slot, to: state)
                    }
                }
            }
        }
    }
}

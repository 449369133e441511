#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MemoryModel {
    /// The memory state after every review of a history, as fsrs-rs's
    /// `historical_memory_states`.
    ///
    /// - Parameters:
    ///   - reviews: the item's reviews in order; the first has `elapsedDays` 0 unless
    ///     `start` is given.
    ///   - start: a state to start from (for a history whose beginning is missing, e.g. from
    ///     ``memoryState(fromSM2Ease:intervalDays:sm2Retention:)``); `nil` for a new item.
    /// - Complexity: O(n); allocates the result only.
    package func states<Reviews: Sequence<MemoryReview>>(replaying reviews: Reviews, from start: MemoryState? = nil) -> [MemoryState] {
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
    /// is empty, as fsrs-rs's `memory_state`.
    /// - Complexity: O(n), no allocation.
    @inlinable
    package func state<Reviews: Sequence<MemoryReview>>(replaying reviews: Reviews, from start: MemoryState? = nil) -> MemoryState? {
        var state = start
        for review in reviews {
            state = nextState(after: state, elapsedDays: review.elapsedDays, rating: review.rating)
        }
        return state
    }

    /// The final memory state of every history in a batch, as fsrs-rs's `memory_state_batch`
    /// (an empty history gives stability and difficulty 0).
    /// - Complexity: O(total reviews); allocates the result only.
    package func finalStates(of batch: ReviewHistoryBatch) -> [MemoryState] {
        // Capacity 0 would write the count of the standard library's shared empty array, a
        // data race with every other thread reading an empty array.
        guard batch.historyCount > 0 else { return [] }
        return [MemoryState](unsafeUninitializedCapacity: batch.historyCount) { buffer, initialized in
            replay(batch, histories: 0 ..< batch.historyCount, into: buffer)
            initialized = batch.historyCount
        }
    }

    /// Replays histories `histories` of a batch and writes their final states to
    /// `output[0 ..< histories.count]`. The batch's hot loop: plain `Double` arithmetic on the
    /// batch's contiguous arrays, no allocation, no existentials. Disjoint ranges may be
    /// replayed on different threads into disjoint buffers.
    ///
    /// Every step computes exactly what ``nextState(after:elapsedDays:rating:)`` computes, in the
    /// same order (so the states are the same to the bit), with what depends only on the rating
    /// (the initial state, the difficulty step, the Hard/Easy factor, the same-day growth) looked
    /// up from a table made once per call, and the clamping of a state that is already clamped
    /// left out. Transcendental functions per step: one `pow` on the same day; otherwise the
    /// retrievability's `pow`, then `pow` and `exp` for a recall, two `pow` and an `exp` for a
    /// lapse — most of the time of a step. The step after a history's first review starts from
    /// one of four states, so its powers are taken from a table, and its retrievability and
    /// exponentials, for whole days up to 64, are computed once per call for each first rating
    /// and day count. Four histories are replayed side by side, a step of each in turn, so that
    /// the processor overlaps their independent arithmetic instead of waiting for one step's
    /// result before the next step can start (four measured about 4 % faster than two).
    ///
    /// - Precondition: `histories` lies within `0 ..< batch.historyCount` and `output` has room
    ///   for `histories.count` states.
    /// - Complexity: O(reviews of the histories replayed), no allocation.
    package func replay(_ batch: ReviewHistoryBatch, histories: Range<Int>, into output: UnsafeMutableBufferPointer<MemoryState>) {
        precondition(histories.lowerBound >= 0 && histories.upperBound <= batch.historyCount, "history range out of bounds")
        precondition(output.count >= histories.count, "output buffer too small")
        let step = ReplayStep(self)
        // The step after a history's first review starts from one of four states: its powers
        // come from the step's tables, and what depends on the days elapsed (whole days up to
        // ``ReplayStep/cachedDays``) is computed once per call and kept here.
        var afterFirst = FirstStepCache()
        batch.ratings.withUnsafeBufferPointer { ratings in
            batch.elapsedDays.withUnsafeBufferPointer { elapsed in
                batch.historyStarts.withUnsafeBufferPointer { starts in
                    /// One history being replayed: its next review, its end, and its state so far.
                    struct Lane {
                        var slot = -1
                        var index = 0
                        var end = 0
                        var stability = 0.0
                        var difficulty = 0.0
                        var isIdle: Bool { slot < 0 }
                    }
                    var next = histories.lowerBound
                    /// The next history with a review after its first, started; the ones
                    /// before it finished (empty histories give stability and difficulty 0).
                    func begin() -> Lane {
                        while next < histories.upperBound {
                            let history = next, slot = next - histories.lowerBound
                            next += 1
                            let start = starts[history], end = starts[history + 1]
                            guard start < end else {
                                output.initializeElement(at: slot, to: MemoryState(stability: 0, difficulty: 0))
                                continue
                            }
                            let first = Int(ratings[start]) &- 1
                            var lane = Lane(slot: slot, index: start + 1, end: end, stability: step.initialStability[first],
                                            difficulty: step.initialDifficulty[first])
                            if lane.index < end {
                                step.advanceFromFirstReview(first, stability: &lane.stability, difficulty: &lane.difficulty,
                                                            rating: Int(ratings[lane.index]) &- 1, elapsedDays: elapsed[lane.index],
                                                            cache: &afterFirst)
                                lane.index += 1
                            }
                            guard lane.index < end else {
                                output.initializeElement(at: slot, to: MemoryState(stability: lane.stability, difficulty: lane.difficulty))
                                continue
                            }
                            return lane
                        }
                        return Lane()
                    }
                    @inline(__always) func advance(_ lane: inout Lane) {
                        step.advance(stability: &lane.stability, difficulty: &lane.difficulty,
                                     rating: Int(ratings[lane.index]) &- 1, elapsedDays: elapsed[lane.index])
                        lane.index += 1
                    }
                    func finish(_ lane: inout Lane) {
                        output.initializeElement(at: lane.slot, to: MemoryState(stability: lane.stability, difficulty: lane.difficulty))
                        lane = Lane()
                    }
                    var lanes = (begin(), begin(), begin(), begin())
                    while !lanes.0.isIdle && !lanes.1.isIdle && !lanes.2.isIdle && !lanes.3.isIdle {
                        let together = min(min(lanes.0.end - lanes.0.index, lanes.1.end - lanes.1.index),
                                           min(lanes.2.end - lanes.2.index, lanes.3.end - lanes.3.index))
                        for _ in 0 ..< together {
                            advance(&lanes.0)
                            advance(&lanes.1)
                            advance(&lanes.2)
                            advance(&lanes.3)
                        }
                        if lanes.0.index == lanes.0.end { finish(&lanes.0); lanes.0 = begin() }
                        if lanes.1.index == lanes.1.end { finish(&lanes.1); lanes.1 = begin() }
                        if lanes.2.index == lanes.2.end { finish(&lanes.2); lanes.2 = begin() }
                        if lanes.3.index == lanes.3.end { finish(&lanes.3); lanes.3 = begin() }
                    }
                    // The last histories, one after the other.
                    for var lane in [lanes.0, lanes.1, lanes.2, lanes.3] where !lane.isIdle {
                        while lane.index < lane.end { advance(&lane) }
                        finish(&lane)
                    }
                }
            }
        }
    }
}

/// What the step after a first review computes from the days elapsed, by first rating and
/// whole days (1 … ``ReplayStep/cachedDays``), filled as it is first needed (`nan`: not yet).
struct FirstStepCache {
    /// The retrievability, then `e^((1 − R) · w10)` of a recall and `e^((1 − R) · w14)` of a lapse.
    var recall = [Double](repeating: .nan, count: 4 * (ReplayStep.cachedDays + 1))
    var recallGrowth = [Double](repeating: .nan, count: 4 * (ReplayStep.cachedDays + 1))
    var lapseGrowth = [Double](repeating: .nan, count: 4 * (ReplayStep.cachedDays + 1))
}

/// One step of the memory model as ``MemoryModel/replay(_:histories:into:)`` takes it: the
/// model's constants held in one place and what depends on the rating alone in tables by
/// rating (index 0 = Again … 3 = Easy), each computed as
/// ``MemoryModel/nextState(after:elapsedDays:rating:)`` and ``MemoryModel/initialState(rating:)``
/// compute it, so a step gives the same state to the bit.
struct ReplayStep {
    /// The clamped stability after a first review.
    var initialStability: SIMD4<Double> = .zero
    /// The difficulty after a first review.
    var initialDifficulty: SIMD4<Double> = .zero
    /// The difficulty step `−w6 · (G − 3)` before damping.
    var difficultyChange: SIMD4<Double> = .zero
    /// The factor of a recall: `w15` for Hard, `w16` for Easy, 1 otherwise.
    var recallFactor: SIMD4<Double> = .zero
    /// The same-day growth before the stability's power: `e^(w17 · (G − 3 + w18))`.
    var sameDayGrowth: SIMD4<Double> = .zero
    let factor: Double, decay: Double
    let recallGrowthScale: Double, recallStabilityExponent: Double, recallRetrievabilityGain: Double
    let lapseScale: Double, lapseDifficultyExponent: Double, lapseStabilityExponent: Double, lapseRetrievabilityGain: Double
    let lapseShortTermDivisor: Double, sameDayStabilityExponent: Double
    let meanReversionWeight: Double, meanReversionTarget: Double
    /// The powers of a first review's state, by its rating: `S^−w19`, `S^−w9`, `D^−w12`, `(S + 1)^w13`.
    var firstSameDayPower: SIMD4<Double> = .zero
    var firstRecallPower: SIMD4<Double> = .zero
    var firstLapseDifficultyPower: SIMD4<Double> = .zero
    var firstLapseStabilityPower: SIMD4<Double> = .zero
    /// The most whole days after a first review whose retrievability is kept in a ``FirstStepCache``.
    static let cachedDays = 64

    init(_ model: MemoryModel) {
        factor = model.factor
        decay = model.decay
        recallGrowthScale = model.recallGrowthScale
        recallStabilityExponent = model.recallStabilityExponent
        recallRetrievabilityGain = model.recallRetrievabilityGain
        lapseScale = model.lapseScale
        lapseDifficultyExponent = model.lapseDifficultyExponent
        lapseStabilityExponent = model.lapseStabilityExponent
        lapseRetrievabilityGain = model.lapseRetrievabilityGain
        lapseShortTermDivisor = model.lapseShortTermDivisor
        sameDayStabilityExponent = model.sameDayStabilityExponent
        meanReversionWeight = model.meanReversionWeight
        meanReversionTarget = model.meanReversionTarget
        for (index, rating) in Rating.allCases.enumerated() {
            let state = model.initialState(rating: rating)
            initialStability[index] = state.stability
            initialDifficulty[index] = state.difficulty
            difficultyChange[index] = -model.difficultyStep * Double(rating.rawValue - 3)
            recallFactor[index] = rating == .hard ? model.hardPenalty : (rating == .easy ? model.easyBonus : 1)
            firstSameDayPower[index] = pow(state.stability, model.sameDayStabilityExponent)
            firstRecallPower[index] = pow(state.stability, model.recallStabilityExponent)
            firstLapseDifficultyPower[index] = pow(state.difficulty, model.lapseDifficultyExponent)
            firstLapseStabilityPower[index] = pow(state.stability + 1, model.lapseStabilityExponent)
            switch rating {
            case .again: sameDayGrowth[index] = model.sameDayGrowthByRating.0
            case .hard: sameDayGrowth[index] = model.sameDayGrowthByRating.1
            case .good: sameDayGrowth[index] = model.sameDayGrowthByRating.2
            case .easy: sameDayGrowth[index] = model.sameDayGrowthByRating.3
            }
        }
    }

    /// ``advance(stability:difficulty:rating:elapsedDays:)`` from the state a first review with
    /// `first` (0 = Again … 3 = Easy) left: the same arithmetic in the same order, with that
    /// state's powers from the tables and, for whole days up to ``cachedDays``, the
    /// retrievability and its exponentials from `cache` (computed there the first time).
    @inline(__always)
    func advanceFromFirstReview(_ first: Int, stability: inout Double, difficulty: inout Double, rating: Int,
                                elapsedDays days: Double, cache: inout FirstStepCache) {
        let newStability: Double
        if days == 0 {
            let growth = sameDayGrowth[rating] * firstSameDayPower[first]
            newStability = stability * (rating == 0 ? growth : max(growth, 1))
        } else {
            let slot = days >= 1 && days <= Double(Self.cachedDays) && days.rounded(.down) == days
                ? first * (Self.cachedDays + 1) + Int(days) : -1
            let recall: Double
            if slot >= 0 {
                if cache.recall[slot].isNaN { cache.recall[slot] = pow(days / stability * factor + 1, decay) }
                recall = cache.recall[slot]
            } else {
                recall = pow(days / stability * factor + 1, decay)
            }
            if rating == 0 {
                let growth: Double
                if slot >= 0 {
                    if cache.lapseGrowth[slot].isNaN { cache.lapseGrowth[slot] = exp((1 - recall) * lapseRetrievabilityGain) }
                    growth = cache.lapseGrowth[slot]
                } else {
                    growth = exp((1 - recall) * lapseRetrievabilityGain)
                }
                let longTerm = lapseScale * firstLapseDifficultyPower[first] * (firstLapseStabilityPower[first] - 1) * growth
                newStability = min(longTerm, stability / lapseShortTermDivisor)
            } else {
                let growth: Double
                if slot >= 0 {
                    if cache.recallGrowth[slot].isNaN { cache.recallGrowth[slot] = exp((1 - recall) * recallRetrievabilityGain) }
                    growth = cache.recallGrowth[slot]
                } else {
                    growth = exp((1 - recall) * recallRetrievabilityGain)
                }
                newStability = stability * (recallGrowthScale * (11 - difficulty) * firstRecallPower[first]
                    * (growth - 1) * recallFactor[rating] + 1)
            }
        }
        let damped = difficulty + (10 - difficulty) * difficultyChange[rating] / 9
        difficulty = min(max(meanReversionWeight * (meanReversionTarget - damped) + damped, FSRSParameters.minimumDifficulty),
                         FSRSParameters.maximumDifficulty)
        stability = min(max(newStability, FSRSParameters.minimumStability), FSRSParameters.maximumStability)
    }

    /// The state after a review with `rating` (0 = Again … 3 = Easy) `elapsedDays` after the
    /// previous one, from a state that is already clamped (as every state of a replay is).
    @inline(__always)
    func advance(stability: inout Double, difficulty: inout Double, rating: Int, elapsedDays days: Double) {
        let newStability: Double
        if days == 0 {
            let growth = sameDayGrowth[rating] * pow(stability, sameDayStabilityExponent)
            newStability = stability * (rating == 0 ? growth : max(growth, 1))
        } else {
            let recall = pow(days / stability * factor + 1, decay)
            if rating == 0 {
                let longTerm = lapseScale * pow(difficulty, lapseDifficultyExponent)
                    * (pow(stability + 1, lapseStabilityExponent) - 1)
                    * exp((1 - recall) * lapseRetrievabilityGain)
                newStability = min(longTerm, stability / lapseShortTermDivisor)
            } else {
                newStability = stability * (recallGrowthScale * (11 - difficulty) * pow(stability, recallStabilityExponent)
                    * (exp((1 - recall) * recallRetrievabilityGain) - 1) * recallFactor[rating] + 1)
            }
        }
        let damped = difficulty + (10 - difficulty) * difficultyChange[rating] / 9
        difficulty = min(max(meanReversionWeight * (meanReversionTarget - damped) + damped, FSRSParameters.minimumDifficulty),
                         FSRSParameters.maximumDifficulty)
        stability = min(max(newStability, FSRSParameters.minimumStability), FSRSParameters.maximumStability)
    }
}

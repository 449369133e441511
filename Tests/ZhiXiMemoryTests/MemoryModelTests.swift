import Foundation
import Testing
import ZhiXiMemory

/// Expected values in this file were computed with fsrs-rs 0.9.3 through fsrs-rs-python
/// (f32 arithmetic), so they are compared with a relative tolerance of 1e-4.
private func expectClose(_ actual: Double, _ expected: Double, tolerance: Double = 1e-4,
                         _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(relativeError(actual, expected) < tolerance, comment ?? "\(actual) vs \(expected)", sourceLocation: sourceLocation)
}

private func reviews(_ pairs: [(Rating, Double)]) -> [MemoryReview] {
    pairs.map { MemoryReview(rating: $0.0, elapsedDays: $0.1) }
}

@Suite("FSRS parameters")
struct FSRSParametersTests {
    @Test("the defaults are fsrs-rs's FSRS-6 defaults")
    func defaults() throws {
        #expect(FSRSParameters.default.weights.count == 21)
        #expect(FSRSParameters.default.weights == FSRSParameters.defaultWeights)
        #expect(try FSRSParameters([]) == .default)
        #expect(FSRSParameters.default[20] == 0.1542)
    }

    @Test("wrong lengths are rejected with the count", arguments: [1, 16, 18, 20, 22])
    func wrongCount(count: Int) {
        #expect(throws: ParameterError.wrongCount(count)) { try FSRSParameters(Array(repeating: 1, count: count)) }
    }

    @Test("non-finite values are rejected with their index")
    func notFinite() {
        var weights = FSRSParameters.defaultWeights
        weights[9] = .nan
        #expect(throws: ParameterError.self) { try FSRSParameters(weights) }
        weights[9] = .infinity
        #expect(throws: ParameterError.notFinite(index: 9, value: .infinity)) { try FSRSParameters(weights) }
    }

    @Test("FSRS-4.5 vectors are converted as fsrs-rs converts them")
    func fillsSeventeen() throws {
        let fsrs45 = [0.4, 0.6, 2.4, 5.8, 4.93, 0.94, 0.86, 0.01, 1.49, 0.14, 0.94, 2.18, 0.05, 0.34, 1.26, 0.29, 2.61]
        let filled = try FSRSParameters.filled(fsrs45)
        #expect(filled.count == 21)
        expectClose(filled[4], 6.81)
        expectClose(filled[5], 0.44675013)
        expectClose(filled[6], 1.36)
        #expect(Array(filled[17...]) == [0, 0, 0, 0.5])
        // Replaying with the converted vector matches fsrs-rs.
        let model = try MemoryModel(weights: fsrs45)
        let states = model.states(replaying: reviews([(.good, 0), (.good, 3), (.again, 10), (.good, 0), (.easy, 5)]))
        let expected = [(2.4000001, 5.366332), (8.773206, 5.3525686), (2.7016785, 6.7294545), (2.7016785, 6.7020597), (22.326862, 6.1815672)]
        for (state, (stability, difficulty)) in zip(states, expected) {
            expectClose(state.stability, stability)
            expectClose(state.difficulty, difficulty)
        }
    }

    @Test("FSRS-5 vectors get w19 = 0 and decay 0.5")
    func fillsNineteen() throws {
        let fsrs5 = Array(FSRSParameters.defaultWeights.prefix(19))
        #expect(try Array(FSRSParameters.filled(fsrs5)[19...]) == [0, 0.5])
        let model = try MemoryModel(weights: fsrs5)
        let states = model.states(replaying: reviews([(.good, 0), (.good, 3), (.again, 10), (.good, 0), (.easy, 5)]))
        let expected = [(2.3065, 2.118104), (14.39655, 2.1112142), (1.6803833, 7.3922377), (1.765613, 7.380074), (15.642878, 6.4898453)]
        for (state, (stability, difficulty)) in zip(states, expected) {
            expectClose(state.stability, stability)
            expectClose(state.difficulty, difficulty)
        }
    }

    @Test("a weight outside its range is refused, naming the index and the range")
    func refusesOutOfRange() throws {
        var weights = FSRSParameters.defaultWeights
        weights[7] = 0.9
        #expect(throws: ParameterError.outOfRange(index: 7, value: 0.9, allowed: 0.001 ... 0.75)) { try FSRSParameters(weights) }
        weights = FSRSParameters.defaultWeights
        weights[0] = 0
        #expect(throws: ParameterError.outOfRange(index: 0, value: 0, allowed: 0.001 ... 100)) { try FSRSParameters(weights) }
        let message = ParameterError.outOfRange(index: 7, value: 0.9, allowed: 0.001 ... 0.75).description
        #expect(message.contains("w[7]") && message.contains("0.001…0.75"))
    }

    @Test("bounds are valid values: 0 and 1 where the range holds them, and f32 rounding of a bound")
    func boundsAreValid() throws {
        var weights = FSRSParameters.defaultWeights
        weights[8] = 0           // 0 … 4.5
        weights[15] = 1          // 0 … 1
        weights[16] = 1          // 1 … 6
        weights[20] = 0.800000011920929   // 0.8 exported as a 32-bit float
        let parameters = try FSRSParameters(weights)
        #expect(parameters[8] == 0 && parameters[15] == 1 && parameters[16] == 1)
        #expect(parameters[20] == 0.8)
        #expect(try FSRSParameters(FSRSParameters.lowerBounds).weights == FSRSParameters.lowerBounds)
        #expect(try FSRSParameters(FSRSParameters.upperBounds()).weights == FSRSParameters.upperBounds())
    }

    @Test("clamping, when asked for, moves out-of-range weights into fsrs-rs's bounds")
    func clamps() throws {
        let huge = try FSRSParameters(clamping: Array(repeating: 1000, count: 21))
        #expect(huge.weights == FSRSParameters.upperBounds())
        let tiny = try FSRSParameters(clamping: Array(repeating: -1000, count: 21))
        #expect(tiny.weights == FSRSParameters.lowerBounds)
        let model = MemoryModel(parameters: huge)
        let states = model.states(replaying: reviews([(.good, 0), (.good, 3), (.again, 10), (.good, 0), (.easy, 5)]))
        let expected = [(100.0, 1.0), (126.79248, 1.0), (2.3222854, 1.0), (64.61912, 1.0), (445.82248, 1.0)]
        for (state, (stability, difficulty)) in zip(states, expected) {
            expectClose(state.stability, stability)
            expectClose(state.difficulty, difficulty)
        }
    }

    @Test("more relearning steps lower the ceiling of the short-term weights")
    func relearningStepsCeiling() throws {
        let two = try FSRSParameters(FSRSParameters.defaultWeights, relearningStepCount: 2)
        expectClose(two[17], 0.5425)
        expectClose(two[18], 0.0912)
        let bounds = FSRSParameters.upperBounds(relearningStepCount: 5, weights: FSRSParameters.defaultWeights)
        #expect(bounds[17] < 2)
    }
}

@Suite("Memory model formulas")
struct MemoryModelTests {
    let model = MemoryModel()

    @Test("the forgetting curve is 1 at t = 0 and 0.9 at t = S")
    func forgettingCurve() {
        #expect(model.retrievability(elapsedDays: 0, stability: 7) == 1)
        expectClose(model.retrievability(elapsedDays: 7, stability: 7), 0.9, tolerance: 1e-12)
        #expect(model.retrievability(elapsedDays: 30, stability: 7) < model.retrievability(elapsedDays: 10, stability: 7))
    }

    @Test("the interval at 90 % equals the stability; higher retention means shorter intervals")
    func intervals() {
        expectClose(model.interval(stability: 12.5, desiredRetention: 0.9), 12.5, tolerance: 1e-12)
        #expect(model.interval(stability: 12.5, desiredRetention: 0.95) < 12.5)
        #expect(model.interval(stability: 12.5, desiredRetention: 0.8) > 12.5)
        #expect(model.roundedInterval(stability: 0.2, desiredRetention: 0.9) == 1)
        #expect(model.roundedInterval(stability: 500, desiredRetention: 0.9, maximumInterval: 365) == 365)
        #expect(model.roundedInterval(stability: 2.5, desiredRetention: 0.9) == 2, "ties round to even, like py-fsrs")
        #expect(model.roundedInterval(stability: 3.5, desiredRetention: 0.9) == 4)
    }

    @Test("a first review sets w[rating − 1] and the initial difficulty")
    func initialState() {
        let w = FSRSParameters.defaultWeights
        for rating in Rating.allCases {
            let state = model.initialState(rating: rating)
            #expect(state.stability == w[rating.rawValue - 1])
            expectClose(state.difficulty, min(max(w[4] - exp(w[5] * Double(rating.rawValue - 1)) + 1, 1), 10), tolerance: 1e-12)
        }
        #expect(model.nextState(after: nil, elapsedDays: 5, rating: .good) == model.initialState(rating: .good))
    }

    @Test("same-day reviews: Again shrinks stability, a successful review never lowers it")
    func sameDay() {
        let start = MemoryState(stability: 5, difficulty: 5)
        let expected: [Rating: (Double, Double)] = [
            .again: (1.596818, 8.3417625), .hard: (5.0, 6.6659956), .good: (5.0, 4.990228), .easy: (8.12961, 3.3144615),
        ]
        for (rating, (stability, difficulty)) in expected {
            let next = model.nextState(after: start, elapsedDays: 0, rating: rating)
            expectClose(next.stability, stability, "\(rating) stability")
            expectClose(next.difficulty, difficulty, "\(rating) difficulty")
        }
        let strong = MemoryState(stability: 100, difficulty: 5)
        #expect(model.nextState(after: strong, elapsedDays: 0, rating: .hard).stability == 100)
        #expect(model.nextState(after: strong, elapsedDays: 0, rating: .good).stability == 100)
    }

    @Test("reviews on a later day: recall grows stability (Hard < Good < Easy), a lapse shrinks it")
    func laterDay() {
        let outcomes = model.outcomes(after: MemoryState(stability: 5, difficulty: 5), elapsedDays: 4, desiredRetention: 0.9)
        let expected: [Rating: (Double, Double)] = [
            .again: (0.93085146, 8.3417625), .hard: (11.312664, 6.6659956), .good: (15.496613, 4.990228), .easy: (24.659107, 3.3144615),
        ]
        for (rating, (stability, difficulty)) in expected {
            expectClose(outcomes[rating].state.stability, stability, "\(rating) stability")
            expectClose(outcomes[rating].state.difficulty, difficulty, "\(rating) difficulty")
            expectClose(outcomes[rating].intervalDays, stability, "\(rating) interval at 90 %")
        }
    }

    @Test("stability and difficulty stay inside their clamps")
    func clampsStates() {
        var state: MemoryState? = nil
        for _ in 0..<50 { state = model.nextState(after: state, elapsedDays: 1, rating: .again) }
        #expect(state!.stability >= FSRSParameters.minimumStability)
        #expect(state!.difficulty > 9.9 && state!.difficulty <= 10, "mean reversion keeps it just under 10")
        state = nil
        for day in 1...60 { state = model.nextState(after: state, elapsedDays: Double(day * 400), rating: .easy) }
        #expect(state!.stability <= FSRSParameters.maximumStability)
        #expect(state!.difficulty >= 1)
        let clampedInput = model.nextState(after: MemoryState(stability: 0.00001, difficulty: 42), elapsedDays: 3, rating: .again)
        #expect(clampedInput.stability == FSRSParameters.minimumStability)
    }

    @Test("an empty history in a batch gives a zero state, as fsrs-rs")
    func emptyBatchHistory() {
        var batch = ReviewHistoryBatch()
        batch.startHistory()
        batch.append(history: [MemoryReview(rating: .good, elapsedDays: 0)])
        #expect(batch.historyCount == 2)
        #expect(model.finalStates(of: batch) == [MemoryState(stability: 0, difficulty: 0), model.initialState(rating: .good)])
        #expect(batch.history(1) == [MemoryReview(rating: .good, elapsedDays: 0)])
    }
}

@Suite("SM-2 baseline and conversion")
struct SM2Tests {
    @Test("SM-2 states convert to FSRS states as fsrs-rs converts them",
          arguments: [(2.5, 10.0, 0.9, 10.0, 6.914056), (1.3, 1.0, 0.85, 0.52454203, 10.0),
                      (3.0, 100.0, 0.95, 248.411, 1.0), (2.0, 30.0, 0.8, 9.047159, 9.713833)])
    func conversion(ease: Double, interval: Double, retention: Double, stability: Double, difficulty: Double) throws {
        let state = try #require(MemoryModel().memoryState(fromSM2Ease: ease, intervalDays: interval, sm2Retention: retention))
        expectClose(state.stability, stability)
        expectClose(state.difficulty, difficulty)
    }

    @Test("a retention of 1 has no FSRS equivalent")
    func impossibleConversion() {
        #expect(MemoryModel().memoryState(fromSM2Ease: 2.5, intervalDays: 10, sm2Retention: 1) == nil)
    }

    @Test("new cards graduate with the graduating or easy interval")
    func newCards() {
        let sm2 = SM2Scheduler()
        #expect(sm2.review(nil, rating: .again).intervalDays == 0)
        #expect(sm2.review(nil, rating: .good) == SM2Card(easeFactor: 2.5, intervalDays: 1))
        #expect(sm2.review(nil, rating: .easy) == SM2Card(easeFactor: 2.5, intervalDays: 4))
    }

    @Test("review cards follow Anki's SM-2 rules")
    func reviewCards() {
        let sm2 = SM2Scheduler()
        let card = SM2Card(easeFactor: 2.5, intervalDays: 10)
        #expect(sm2.review(card, rating: .hard) == SM2Card(easeFactor: 2.35, intervalDays: 12))
        #expect(sm2.review(card, rating: .good) == SM2Card(easeFactor: 2.5, intervalDays: 25))
        #expect(sm2.review(card, rating: .good, daysLate: 4) == SM2Card(easeFactor: 2.5, intervalDays: 30))
        #expect(sm2.review(card, rating: .easy) == SM2Card(easeFactor: 2.65, intervalDays: 33))
        #expect(sm2.review(card, rating: .again) == SM2Card(easeFactor: 2.3, intervalDays: 1, lapses: 1))
        let floor = SM2Card(easeFactor: 1.35, intervalDays: 3)
        #expect(sm2.review(floor, rating: .again).easeFactor == 1.3)
        // Good is always at least one day more than Hard.
        let lowEase = SM2Card(easeFactor: 1.3, intervalDays: 2)
        #expect(sm2.review(lowEase, rating: .good).intervalDays > sm2.review(lowEase, rating: .hard).intervalDays)
    }
}

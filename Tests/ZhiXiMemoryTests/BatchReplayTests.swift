import Testing
@testable import ZhiXiMemory

@Suite("Batch replay: the same states to the bit as replaying one review at a time")
struct BatchReplayTests {
    /// Histories of every length from 0 to 40, mixing same-day steps, lapses and recalls of
    /// every rating, from a fixed pseudo-random sequence.
    static func histories(count: Int, seed: UInt64) -> [[MemoryReview]] {
        var generator = seed
        func next(_ bound: Int) -> Int {
            generator = generator &* 6364136223846793005 &+ 1442695040888963407
            return Int((generator >> 33) % UInt64(bound))
        }
        return (0 ..< count).map { _ in
            let length = next(41)
            return (0 ..< length).map { index in
                let days: Double = index == 0 || next(4) == 0 ? 0 : Double([1, 2, 3, 7, 30, 400, 5000][next(7)])
                return MemoryReview(rating: Rating(rawValue: next(4) + 1)!, elapsedDays: days)
            }
        }
    }

    @Test("histories of uneven lengths, empty and single ones among them, with the defaults and fitted-looking weights",
          arguments: [FSRSParameters.defaultWeights,
                      [0.4, 0.9, 3.1, 15.2, 7.1, 0.5, 1.4, 0.02, 1.6, 0.2, 1.1, 1.9, 0.1, 0.3, 1.8, 0.4, 2.6, 0.7, 0.2, 0.1, 0.3]])
    func sameAsOneByOne(weights: [Double]) throws {
        let model = try MemoryModel(weights: weights)
        let histories = Self.histories(count: 301, seed: 20)
        let batch = ReviewHistoryBatch(histories: histories)
        let finals = model.finalStates(of: batch)
        for (final, history) in zip(finals, histories) {
            let expected = model.state(replaying: history) ?? MemoryState(stability: 0, difficulty: 0)
            #expect(final.stability.bitPattern == expected.stability.bitPattern)
            #expect(final.difficulty.bitPattern == expected.difficulty.bitPattern)
        }
    }

    @Test("a range of the batch written to the start of the output, as two threads replay the halves")
    func range() throws {
        let model = MemoryModel()
        let histories = Self.histories(count: 57, seed: 3)
        let batch = ReviewHistoryBatch(histories: histories)
        for range in [0 ..< 0, 0 ..< 1, 5 ..< 6, 10 ..< 13, 20 ..< 57] {
            let states = [MemoryState](unsafeUninitializedCapacity: range.count) { buffer, initialized in
                model.replay(batch, histories: range, into: buffer)
                initialized = range.count
            }
            #expect(states == Array(model.finalStates(of: batch)[range]))
        }
    }
}

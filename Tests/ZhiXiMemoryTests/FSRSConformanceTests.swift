import Foundation
import Testing
import ZhiXiMemory

/// One case of `Fixtures/fsrs6-memory.json`, computed by fsrs-rs 0.9.3 (f32) through
/// fsrs-rs-python: parameters, a history of `[rating, elapsedDays]`, the state after every
/// review, and the unrounded next interval for a desired retention from the last state.
struct MemoryConformanceCase: Decodable, Sendable, CustomTestStringConvertible {
    let parameters: [Double]
    let history: [[Double]]
    let states: [[Double]]
    let desiredRetention: Double
    let nextIntervalGood: Double
    var index = 0

    enum CodingKeys: String, CodingKey { case parameters, history, states, desiredRetention, nextIntervalGood }

    var reviews: [MemoryReview] {
        history.map { MemoryReview(rating: Rating(rawValue: Int($0[0]))!, elapsedDays: $0[1]) }
    }

    var testDescription: String { "case \(index) (\(history.count) reviews)" }

    static let all: [MemoryConformanceCase] = {
        struct File: Decodable { let cases: [MemoryConformanceCase] }
        let url = Bundle.module.url(forResource: "fsrs6-memory", withExtension: "json", subdirectory: "Fixtures")!
        let file = try! JSONDecoder().decode(File.self, from: Data(contentsOf: url))
        return file.cases.enumerated().map { offset, element in
            var numbered = element
            numbered.index = offset
            return numbered
        }
    }()
}

/// Relative difference, with an absolute floor for values near zero.
func relativeError(_ actual: Double, _ expected: Double) -> Double {
    abs(actual - expected) / max(abs(expected), 1e-9)
}

@Suite("Conformance with fsrs-rs (fsrs6-memory.json)")
struct FSRSConformanceTests {
    static let tolerance = 1e-3

    @Test("the fixture holds 300 cases")
    func fixtureIsComplete() {
        #expect(MemoryConformanceCase.all.count == 300)
    }

    @Test("state after every review and next interval match fsrs-rs", arguments: MemoryConformanceCase.all)
    func matchesReference(_ reference: MemoryConformanceCase) throws {
        let model = try MemoryModel(weights: reference.parameters)
        let states = model.states(replaying: reference.reviews)
        #expect(states.count == reference.states.count)
        for (reviewIndex, (state, expected)) in zip(states, reference.states).enumerated() {
            #expect(relativeError(state.stability, expected[0]) < Self.tolerance,
                    "case \(reference.index) review \(reviewIndex): stability \(state.stability) vs \(expected[0])")
            #expect(relativeError(state.difficulty, expected[1]) < Self.tolerance,
                    "case \(reference.index) review \(reviewIndex): difficulty \(state.difficulty) vs \(expected[1])")
        }
        let last = try #require(states.last)
        let interval = model.interval(stability: last.stability, desiredRetention: reference.desiredRetention)
        #expect(relativeError(interval, reference.nextIntervalGood) < Self.tolerance,
                "case \(reference.index): interval \(interval) vs \(reference.nextIntervalGood)")
    }

    @Test("batch replay gives the same final states as one-by-one replay")
    func batchReplayAgrees() throws {
        let model = MemoryModel()
        let histories = MemoryConformanceCase.all.map(\.reviews)
        let batch = ReviewHistoryBatch(histories: histories)
        let finals = model.finalStates(of: batch)
        #expect(finals.count == histories.count)
        for (final, history) in zip(finals, histories) {
            #expect(final == model.state(replaying: history))
        }
    }
}

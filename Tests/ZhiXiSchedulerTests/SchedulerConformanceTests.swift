import Foundation
import Testing
import ZhiXiMemory
import ZhiXiScheduler

/// One case of `Fixtures/scheduler-pyfsrs.json`, computed by py-fsrs 6.3.2
/// `Scheduler(enable_fuzzing=False)` with the default FSRS-6 parameters: a scheduler
/// configuration, the reviews `[rating, ISO-8601 time]` of one card, and the card after each.
struct SchedulerConformanceCase: Decodable, Sendable, CustomTestStringConvertible {
    struct Review: Decodable, Sendable {
        let rating: Rating
        let date: Date

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            rating = Rating(rawValue: try container.decode(Int.self))!
            date = ZhiXiSchedulerTests.date(try container.decode(String.self))
        }
    }

    struct Expected: Decodable, Sendable {
        let state: Int
        let step: Int?
        let stability: Double
        let difficulty: Double
        let due: String
    }

    let desiredRetention: Double
    let learningStepsSeconds: [Double]
    let relearningStepsSeconds: [Double]
    let maximumIntervalDays: Int
    let reviews: [Review]
    let after: [Expected]
    var index = 0

    enum CodingKeys: String, CodingKey {
        case desiredRetention, learningStepsSeconds, relearningStepsSeconds, maximumIntervalDays, reviews, after
    }

    var testDescription: String { "case \(index) (\(reviews.count) reviews)" }

    var configuration: SchedulerConfiguration {
        SchedulerConfiguration(desiredRetention: desiredRetention, learningSteps: learningStepsSeconds,
                               relearningSteps: relearningStepsSeconds, maximumIntervalDays: maximumIntervalDays,
                               fuzz: .off, elapsedDays: .twentyFourHourPeriods)
    }

    static let all: [SchedulerConformanceCase] = {
        struct File: Decodable { let cases: [SchedulerConformanceCase] }
        let url = Bundle.module.url(forResource: "scheduler-pyfsrs", withExtension: "json", subdirectory: "Fixtures")!
        let file = try! JSONDecoder().decode(File.self, from: Data(contentsOf: url))
        return file.cases.enumerated().map { offset, element in
            var numbered = element
            numbered.index = offset
            return numbered
        }
    }()
}

@Suite("Conformance with py-fsrs (scheduler-pyfsrs.json)")
struct SchedulerConformanceTests {
    static let tolerance = 1e-6

    @Test("the fixture holds 300 cases")
    func fixtureIsComplete() {
        #expect(SchedulerConformanceCase.all.count == 300)
    }

    @Test("without fuzz and with 24-hour days, every card after every review matches py-fsrs",
          arguments: SchedulerConformanceCase.all)
    func matchesPyFSRS(_ reference: SchedulerConformanceCase) throws {
        let scheduler = try CardScheduler(reference.configuration)
        var card = Card(id: 1, due: reference.reviews[0].date)
        #expect(reference.reviews.count == reference.after.count)
        for (reviewIndex, (review, expected)) in zip(reference.reviews, reference.after).enumerated() {
            card = scheduler.review(card, rating: review.rating, at: review.date).card
            let place = "case \(reference.index) review \(reviewIndex) (\(review.rating))"
            #expect(card.state.rawValue == expected.state, "\(place): state \(card.state) vs \(expected.state)")
            #expect(card.step == expected.step, "\(place): step \(String(describing: card.step)) vs \(String(describing: expected.step))")
            let memory = try #require(card.memoryState, "\(place): no memory state")
            #expect(relativeError(memory.stability, expected.stability) < Self.tolerance,
                    "\(place): stability \(memory.stability) vs \(expected.stability)")
            #expect(relativeError(memory.difficulty, expected.difficulty) < Self.tolerance,
                    "\(place): difficulty \(memory.difficulty) vs \(expected.difficulty)")
            let dueSecond = card.due.timeIntervalSince1970.rounded(.down)
            let expectedSecond = date(expected.due).timeIntervalSince1970.rounded(.down)
            #expect(dueSecond == expectedSecond, "\(place): due \(card.due) vs \(expected.due)")
        }
    }
}

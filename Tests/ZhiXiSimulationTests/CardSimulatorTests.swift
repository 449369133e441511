import Foundation
import Testing
import ZhiXiMemory
@testable import ZhiXiSimulation

/// A small deck that exercises every limit in a fraction of a second.
func smallConfiguration(_ adjust: (inout SimulatorConfiguration) -> Void = { _ in }) -> SimulatorConfiguration {
    var configuration = SimulatorConfiguration(deckSize: 300, learnSpanDays: 60, maximumCostPerDaySeconds: 600, learnLimitPerDay: 15)
    adjust(&configuration)
    return configuration
}

/// One case of `Fixtures/fsrs-rs-simulations.json`: fsrs-rs's mean totals over 40 seeds for
/// a configuration given in fsrs-rs's JSON form.
struct FSRSSimulationCase: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let retention: Double
    let config: [String: JSONValue]
    let seeds: Int
    let mean: [String: Double]
    let standardDeviation: [String: Double]

    var testDescription: String { name }

    static let all: [FSRSSimulationCase] = {
        struct File: Decodable { let cases: [FSRSSimulationCase] }
        let url = Bundle.module.url(forResource: "fsrs-rs-simulations", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases
    }()

    /// The configuration as fsrs-rs JSON.
    var configJSON: Data { try! JSONEncoder().encode(config) }
}

/// A JSON scalar of a fixture's configuration.
enum JSONValue: Codable, Sendable {
    case number(Double), bool(Bool)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) { self = .bool(value) } else { self = .number(try container.decode(Double.self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        }
    }
}

@Suite("Card simulator")
struct CardSimulatorTests {
    @Test("the fixture holds fsrs-rs's 3 simulations (the test below is not vacuous)")
    func fixtureIsComplete() {
        #expect(FSRSSimulationCase.all.count == 3)
    }

    @Test("means over 40 seeds agree with fsrs-rs's simulator", arguments: FSRSSimulationCase.all)
    func agreesWithFSRSRS(_ reference: FSRSSimulationCase) throws {
        var configuration = try SimulatorConfiguration(fsrsJSON: reference.configJSON)
        // fsrs-rs checks its max_cost_perday before each card; the comparison uses its rule.
        configuration.costCapRule = .startWhileUnder
        let simulator = try CardSimulator(configuration: configuration)
        let runs = try (0 ..< reference.seeds).map { try simulator.run(desiredRetention: reference.retention, seed: UInt64(1000 + $0)) }
        let metrics: [(String, SummaryMetric)] = [("memorizedAtEnd", .memorizedAtEnd), ("totalReviews", .totalReviews),
                                                  ("totalLearned", .totalLearned), ("correctReviews", .correctReviews),
                                                  ("totalSeconds", .totalMinutes)]
        for (key, metric) in metrics {
            let ours = MeanAndDeviation(runs.map { metric.value(in: $0.summary) })
            // fsrs-rs reports seconds; ``SummaryMetric/totalMinutes`` is in minutes.
            let scale = key == "totalSeconds" ? 1.0 / 60 : 1
            let theirs = reference.mean[key]! * scale, theirDeviation = reference.standardDeviation[key]! * scale
            // Two independent means of n runs: four standard errors of their difference, and
            // never less than 1 % (the two compute in Double and f32 respectively).
            let standardError = ((ours.standardDeviation * ours.standardDeviation + theirDeviation * theirDeviation)
                / Double(reference.seeds)).squareRoot()
            let tolerance = max(4 * standardError, 0.01 * theirs)
            #expect(abs(ours.mean - theirs) <= tolerance, "\(key): ours \(ours.mean), fsrs-rs \(theirs) ± \(tolerance)")
        }
    }

    @Test("no card is reviewed before its due day, nor twice in a day")
    func noEarlyReview() throws {
        let result = try CardSimulator(configuration: smallConfiguration()).run(desiredRetention: 0.9, seed: 7, recordingReviews: true)
        let reviews = result.reviewLog.filter { $0.kind == .review }
        #expect(reviews.count == result.summary.totalReviews)
        #expect(reviews.count > 500)
        for review in reviews {
            #expect(review.day >= review.dueDay, "card \(review.item) reviewed on day \(review.day), due \(review.dueDay)")
            #expect(review.day > review.lastReviewDay!, "card \(review.item) reviewed twice on day \(review.day)")
        }
    }

    @Test("no card is started once the day's cost exceeds the cap, so a day ends within one card of it",
          arguments: [60.0, 300.0, 600.0])
    func dailyCostCap(cap: Double) throws {
        let simulator = try CardSimulator(configuration: smallConfiguration { $0.maximumCostPerDaySeconds = cap })
        let result = try simulator.run(desiredRetention: 0.9, seed: 11, recordingReviews: true)
        var spent = [Double](repeating: 0, count: result.days.count)
        var longest = 0.0
        for entry in result.reviewLog {
            #expect(spent[entry.day] <= cap, "day \(entry.day): a card started after \(spent[entry.day]) s (cap \(cap))")
            spent[entry.day] += entry.seconds
            longest = max(longest, entry.seconds)
        }
        for (day, seconds) in result.days.seconds.enumerated() {
            #expect(abs(seconds - spent[day]) < 1e-6)
            #expect(seconds <= cap + longest)
        }
    }

    @Test("review and learn limits hold every day, with and without new cards counting against the review limit",
          arguments: [true, false])
    func countLimits(newCardsIgnoreReviewLimit: Bool) throws {
        let configuration = smallConfiguration {
            $0.maximumCostPerDaySeconds = 10_000
            $0.learnLimitPerDay = 12
            $0.reviewLimitPerDay = 25
            $0.newCardsIgnoreReviewLimit = newCardsIgnoreReviewLimit
        }
        let result = try CardSimulator(configuration: configuration).run(desiredRetention: 0.9, seed: 3)
        for day in 0 ..< result.days.count {
            #expect(result.days.learned[day] <= 12)
            #expect(result.days.reviews[day] <= 25)
            if !newCardsIgnoreReviewLimit { #expect(result.days.learned[day] + result.days.reviews[day] <= 25) }
        }
        #expect(result.days.reviews.contains(25), "the review limit was reached on some day")
    }

    @Test("a card is not reviewed again once it has as many lapses as suspend_after_lapses")
    func suspension() throws {
        let simulator = try CardSimulator(configuration: smallConfiguration { $0.suspendAfterLapses = 1 })
        let result = try simulator.run(desiredRetention: 0.8, seed: 5, recordingReviews: true)
        var lapses: [Int: Int] = [:]
        for review in result.reviewLog where review.kind == .review {
            #expect(lapses[review.item, default: 0] < 1, "card \(review.item) reviewed after its lapse")
            if review.rating == .again { lapses[review.item, default: 0] += 1 }
        }
        #expect(!lapses.isEmpty)
    }

    @Test("the same seed gives the same result; another seed a different one")
    func determinism() throws {
        let simulator = try CardSimulator(configuration: smallConfiguration())
        let first = try simulator.run(desiredRetention: 0.9, seed: 42, recordingReviews: true)
        let again = try simulator.run(desiredRetention: 0.9, seed: 42, recordingReviews: true)
        let other = try simulator.run(desiredRetention: 0.9, seed: 43, recordingReviews: true)
        #expect(first == again)
        #expect(first.days != other.days)
        #expect(first.summary.memorizedAtEnd != other.summary.memorizedAtEnd)
    }

    @Test("memorized counts every learned card once: 1 on its first day, never more than the cards learned so far")
    func memorizedIsASumOfRecall() throws {
        let result = try CardSimulator(configuration: smallConfiguration()).run(desiredRetention: 0.9, seed: 9)
        #expect(abs(result.days.memorized[0] - Double(result.days.learned[0])) < 1e-9)
        var learned = 0
        for day in 0 ..< result.days.count {
            learned += result.days.learned[day]
            #expect(result.days.memorized[day] <= Double(learned) + 1e-9)
            #expect(result.days.memorized[day] >= 0.5 * Double(learned))
        }
        #expect(result.summary.notStarted + result.summary.totalLearned == 300)
    }

    @Test("a higher desired retention gives more reviews and more memorized")
    func retentionTradeOff() throws {
        let simulator = try CardSimulator(configuration: smallConfiguration { $0.maximumCostPerDaySeconds = 100_000 })
        let low = try simulator.run(desiredRetention: 0.75, seed: 1).summary
        let high = try simulator.run(desiredRetention: 0.95, seed: 1).summary
        #expect(high.totalReviews > low.totalReviews)
        #expect(high.memorizedAtEnd > low.memorizedAtEnd)
    }

    @Test("fuzz spreads intervals within the fuzz range and keeps every review on or after its due day")
    func fuzz() throws {
        let simulator = try CardSimulator(configuration: smallConfiguration { $0.fuzz = true })
        let result = try simulator.run(desiredRetention: 0.9, seed: 2, recordingReviews: true)
        let plain = try CardSimulator(configuration: smallConfiguration()).run(desiredRetention: 0.9, seed: 2)
        #expect(result.days != plain.days)
        for review in result.reviewLog where review.kind == .review { #expect(review.day >= review.dueDay) }
    }

    @Test("a desired retention outside 0…1 is refused", arguments: [0.0, 1.0, -0.5, .nan])
    func retentionRange(retention: Double) throws {
        let simulator = try CardSimulator(configuration: smallConfiguration())
        #expect(throws: SimulationConfigurationError.self) { try simulator.run(desiredRetention: retention, seed: 1) }
    }
}

import Foundation
import Testing
import ZhiXiCore

// The code of docs/EMBEDDING.md's "A weekly refit from the scheduler's own log" section, compiled and
// run here. The test below checks that docs/EMBEDDING.md shows exactly these lines.
// README-BEGIN
import Foundation
import ZhiXiScheduler
import ZhiXiTraining

/// A learner as a service stores them: scheduler settings, cards, and the review log as a
/// compact archive (`CardReviewArchive.encode(reviews)` after each session).
struct StoredLearner: Sendable {
    var id: String
    var configuration: SchedulerConfiguration
    var cards: [Card]
    var archivedLog: Data
}

/// Every learner's parameters fitted to their own log, and their cards rescheduled with them.
/// The fits run on the library's worker threads: the tasks hold no thread while they wait.
func weeklyRefit(_ learners: [StoredLearner]) async throws -> [StoredLearner] {
    try await withThrowingTaskGroup(of: StoredLearner.self) { group in
        for learner in learners {
            group.addTask {
                let log = try CardReviewArchive.decode(learner.archivedLog)
                let dataset = TrainingDataset(reviews: log, calendar: learner.configuration.calendar ?? .utc)
                let fit = await ParameterOptimizer().optimize(dataset)
                guard fit.outcome == .fitted else { return learner }   // too little data: keep the parameters
                var refitted = learner
                refitted.configuration.parameters = fit.parameters
                refitted.cards = try CardScheduler(refitted.configuration).reschedule(learner.cards, from: log)
                return refitted
            }
        }
        return try await group.reduce(into: []) { $0.append($1) }
    }
}
// README-END

/// A learner who studied `cardCount` cards for four months with the scheduler.
private func simulatedLearner(_ index: Int, cardCount: Int) throws -> StoredLearner {
    let configuration = SchedulerConfiguration.anki(calendar: try StudyCalendar(timeZoneIdentifier: "Asia/Shanghai"))
    let scheduler = try CardScheduler(configuration)
    let model = MemoryModel(parameters: try FSRSParameters([0.4, 1.8, 4.0, 12.0, 6.8, 0.6, 2.5, 0.02, 1.6, 0.2, 0.9, 1.7, 0.08,
                                                            0.35, 1.9, 0.5, 2.2, 0.4, 0.2, 0.1, 0.3]))
    var generator = SplitMix64(seed: 500 + UInt64(index))
    let start = Date(timeIntervalSince1970: 1_764_400_000)
    var cards: [Card] = []
    var log: [CardReview] = []
    for number in 0 ..< cardCount {
        var card = Card(id: 1_764_000_000_000 + Int64(index * 10_000 + number), due: start)
        var moment = start.addingTimeInterval(Double(number / 10) * 86_400 + Double(generator.next() % 3_600))
        while moment.timeIntervalSince(start) < 120 * 86_400 {
            let recall = card.memoryState.map {
                model.retrievability(elapsedDays: Double(scheduler.configuration.elapsedDays.daysBetween(card.lastReview!, moment)),
                                     stability: $0.stability)
            } ?? 0.7
            let rating: Rating = generator.nextUnitInterval() < recall ? (generator.nextUnitInterval() < 0.15 ? .hard : .good) : .again
            let result = scheduler.review(card, rating: rating, at: moment, reviewDurationMilliseconds: 4_000)
            log.append(result.review)
            card = result.card
            moment = card.due.addingTimeInterval(Double(generator.next() % 30_000))
        }
        cards.append(card)
    }
    return StoredLearner(id: "learner-\(index)", configuration: configuration, cards: cards, archivedLog: CardReviewArchive.encode(log))
}

@Suite("docs/EMBEDDING.md: the weekly refit")
struct TrainingReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("docs/EMBEDDING.md's weekly refit is this file's code, and it runs: fitted learners get their parameters and rescheduled cards")
    func weeklyRefitIsCurrentAndRuns() async throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("docs/EMBEDDING.md"), encoding: .utf8)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let example = try #require(source.components(separatedBy: "// README-BEGIN\n").last?.components(separatedBy: "// README-END").first)
        let section = try #require(readme.components(separatedBy: "### A weekly refit from the scheduler's own log").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(block == example, "update the code block of docs/EMBEDDING.md from Tests/ZhiXiTrainingTests/ReadmeExampleTests.swift")

        let learners = try (0 ..< 6).map { try simulatedLearner($0, cardCount: $0 == 5 ? 3 : 120) }
        let refitted = try await weeklyRefit(learners)
        #expect(refitted.count == learners.count)
        for learner in learners {
            let after = try #require(refitted.first { $0.id == learner.id })
            let log = try CardReviewArchive.decode(learner.archivedLog)
            let dataset = TrainingDataset(reviews: log, calendar: try #require(learner.configuration.calendar))
            let fit = await ParameterOptimizer().optimize(dataset)
            if learner.cards.count == 3 {
                #expect(after.configuration == learner.configuration, "too little data: unchanged")
                continue
            }
            #expect(fit.outcome == .fitted)
            #expect(after.configuration.parameters == fit.parameters)
            #expect(after.configuration.parameters != learner.configuration.parameters)
            let answers = try log.map {
                CardReview(cardID: $0.cardID, rating: try #require($0.rating), reviewedAt: $0.reviewedAt, elapsedDays: 0,
                           scheduledDays: 0, cardBefore: Card(id: $0.cardID, due: $0.reviewedAt))
            }
            #expect(after.cards == (try CardScheduler(after.configuration)).reschedule(learner.cards, from: answers))
        }
    }
}

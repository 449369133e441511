// A service outside this package, on its products and public API only (built by .ci/outside):
// it stores and sends the model's JSON with the contract's own coder, plans a learner, fits the
// memory model to a log (the scheduler's, a CSV's; blocking, async, cancelled) and simulates.
import Foundation
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiSimulation
import ZhiXiTraining

/// Checks `condition`, else stops the run saying what was expected.
func check(_ condition: Bool, _ expected: String) {
    guard condition else {
        FileHandle.standardError.write(Data("ServiceUse: expected \(expected)\n".utf8))
        exit(1)
    }
    print("ok: \(expected)")
}

/// The blocking fit (from synchronous code, where it is the one chosen).
func blockingFit(_ log: [CardReview], calendar: StudyCalendar) -> OptimizationResult {
    ParameterOptimizer().optimize(log, calendar: calendar)
}

/// Every use, in an async function as a service has them (where the async fits are the ones chosen).
func run() async throws {
    // The model's JSON: a session stamped with Date() is equal after the contract's coder.
    let now = Date()
    let session = LearningSession(id: "s1", userID: "u1", lessonID: "lesson-1", startedAt: now.addingTimeInterval(-3 * 86_400),
                                  userInput: "链式法则把梯度一层层传回去……", masteryScore: 72, weakPoints: ["链式法则的应用"])
    var stamped = session
    stamped.startedAt = now
    let json = try ZhiXiJSON.makeEncoder().encode(stamped)
    check(try ZhiXiJSON.makeDecoder().decode(LearningSession.self, from: json) == stamped, "a Date()-stamped session round-trips")
    check(String(decoding: json, as: UTF8.self).contains("\"startedAt\":\""), "the contract's keys and ISO-8601 dates")

    // Plan a learner.
    let lesson = Lesson(id: "lesson-1", knowledgeBaseID: "kb", title: "反向传播", estimatedMinutes: 20)
    let input = PlannerInput(userID: "u1", profile: UserLearningProfile(userID: "u1", timeZone: "Asia/Shanghai", dailyMinutes: 30),
                             lessons: [lesson], sessions: [session])
    let plan = try ReviewPlanner().plan(input, now: now).plan
    check(!(plan.today + plan.tomorrow + plan.thisWeek + plan.later).isEmpty, "the planner plans the learner's reviews")

    // A log the scheduler wrote: 300 cards, each reviewed as it falls due for a year.
    let calendar = try StudyCalendar(timeZoneIdentifier: "Asia/Shanghai", dayStartHour: 4)
    let scheduler = try CardScheduler(.anki(calendar: calendar))
    let start = now.addingTimeInterval(-365 * 86_400)
    var cards: [Card] = []
    var log: [CardReview] = []
    for id in 1 ... 300 {
        var card = Card(id: Int64(id), due: start.addingTimeInterval(Double(id) * 600))
        var answer = id
        while card.due < now, log.count < 20_000 {
            answer = (answer &* 1_103_515_245 &+ 12_345) & 0x7fff_ffff
            let rating: Rating = answer % 10 == 0 ? .again : answer % 10 == 1 ? .hard : .good
            let result = scheduler.review(card, rating: rating, at: card.due)
            var review = result.review
            review.reviewDurationMilliseconds = 4_000 + answer % 8_000
            log.append(review)
            card = result.card
        }
        cards.append(card)
    }

    // Fit: blocking, async (the same to the last bit), from a CSV, and cancelled.
    let blocking = blockingFit(log, calendar: calendar)
    check(blocking.outcome == .fitted, "the blocking fit of \(log.count) reviews")
    let fitted = try await ParameterOptimizer().optimize(log, calendar: calendar)
    check(fitted.parameters == blocking.parameters, "the async fit equals the blocking one")
    let columns = try ReviewLogColumns(csv: CardReviewArchive.encode(log))
    let fromCSV = try await ParameterOptimizer().optimize(columns, calendar: calendar)
    check(fromCSV.parameters == blocking.parameters, "a CSV of the same log fits the same")
    let metrics = try await ModelEvaluator.evaluate(fitted.parameters, on: log, calendar: calendar)
    check(metrics.logLoss > 0 && metrics.logLoss < 1, "the async evaluation scores the fit (log loss \(metrics.logLoss))")
    let cancelledFit = Task {
        withUnsafeCurrentTask { $0?.cancel() }  // cancelled before the fit starts: it must not run
        return try await ParameterOptimizer().optimize(log, calendar: calendar)
    }
    switch await cancelledFit.result {
    case .success: check(false, "a cancelled fit throws")
    case .failure(let error): check(error is CancellationError, "a cancelled fit throws CancellationError")
    }

    // Simulate this learner: their habits, their cards, the fitted parameters.
    let replayed = columns.replay(through: scheduler)
    check(replayed.cards.count == cards.count, "the CSV replays into the learner's cards")
    let habits = DerivedSimulatorSettings(reviews: log, calendar: calendar)
    let existing = try ExistingCard.cards(from: cards, startingAt: now, calendar: calendar)
    var configuration = habits.configuration(existingCardCount: existing.count, spanDays: 60)
    configuration.maximumCostPerDaySeconds = 30 * 60
    let simulator = try CardSimulator(configuration: configuration, parameters: fitted.parameters, existingCards: existing)
    let sweep = try RetentionSweep(retentions: [0.8, 0.85, 0.9], seeds: [42, 43])
    let result = await sweep.run(simulator)
    check(result.points.count == 3, "the sweep simulates three retentions")
    _ = SimulationWarning.warnings(for: result, parameters: fitted.parameters)
}

try await run()
print("ServiceUse: ok")

import Foundation
import ZhiXiMemory
@testable import ZhiXiScheduler

/// An instant from an ISO-8601 string with a UTC offset, e.g. `"2026-03-08T04:00:00-04:00"`.
func date(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let parsed = formatter.date(from: text) else { fatalError("not an ISO-8601 date: \(text)") }
    return parsed
}

/// Relative difference, with an absolute floor for values near zero.
func relativeError(_ actual: Double, _ expected: Double) -> Double {
    abs(actual - expected) / max(abs(expected), 1e-12)
}

/// A scheduler that cannot fail to build (the configurations in tests are valid).
func makeScheduler(
    learningSteps: [Double] = [60, 600],
    relearningSteps: [Double] = [600],
    maximumIntervalDays: Int = 36_500,
    desiredRetention: Double = 0.9,
    fuzz: FuzzMode = .off,
    elapsedDays: ElapsedDaysPolicy = .twentyFourHourPeriods
) -> CardScheduler {
    try! CardScheduler(SchedulerConfiguration(
        desiredRetention: desiredRetention, learningSteps: learningSteps, relearningSteps: relearningSteps,
        maximumIntervalDays: maximumIntervalDays, fuzz: fuzz, elapsedDays: elapsedDays))
}

/// Reviews a card with each rating in turn, `gapSeconds[i]` after the previous review (the
/// first at `start`), returning every result.
func reviewSequence(_ scheduler: CardScheduler, card: Card, start: Date,
                    steps: [(rating: Rating, gapSeconds: Double)]) -> [CardReviewResult] {
    var results: [CardReviewResult] = []
    var current = card
    var moment = start
    for (index, step) in steps.enumerated() {
        if index > 0 { moment = moment.addingTimeInterval(step.gapSeconds) }
        let result = scheduler.review(current, rating: step.rating, at: moment)
        results.append(result)
        current = result.card
    }
    return results
}

/// A review card with the given memory, last reviewed at `lastReview` and due `dueDays` later.
func reviewCard(id: Int64 = 7, stability: Double, difficulty: Double = 5, lastReview: Date,
                dueDays: Double, reviewCount: Int = 3) -> Card {
    Card(id: id, state: .review, step: nil, memoryState: MemoryState(stability: stability, difficulty: difficulty),
         due: lastReview.addingTimeInterval(dueDays * 86_400), lastReview: lastReview, reviewCount: reviewCount, lapses: 0)
}

let day = 86_400.0

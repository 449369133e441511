import Foundation
import Testing
import ZhiXiMemory
import ZhiXiScheduler

/// One row of a step-transition table: a card at a step, a rating, and where the card goes.
struct StepTransition: Sendable, CustomTestStringConvertible {
    /// Where the card starts: a new card, or a (re)learning card at a step.
    enum Start: Sendable {
        case new
        case learning(step: Int)
        case relearning(step: Int)
        case review
    }

    let steps: [Double]
    let start: Start
    let rating: Rating
    let state: CardState
    let step: Int?
    /// Seconds until due, or `nil` when the card graduates to review (due after its interval).
    let waitSeconds: Double?

    var testDescription: String {
        "steps \(steps.map { Int($0) }) \(start) \(rating) → \(state) \(step.map(String.init) ?? "-") "
            + (waitSeconds.map { "after \(Int($0)) s" } ?? "after the interval")
    }

    /// The card this row starts from, last reviewed a minute before `now`.
    func card(at now: Date) -> Card {
        let memory = MemoryState(stability: 2.3065, difficulty: 5)
        let last = now.addingTimeInterval(-60)
        switch start {
        case .new:
            return Card(id: 11, due: now)
        case .learning(let step):
            return Card(id: 11, state: .learning, step: step, memoryState: memory, due: now, lastReview: last,
                        reviewCount: 1, lapses: 0)
        case .relearning(let step):
            return Card(id: 11, state: .relearning, step: step, memoryState: memory, due: now, lastReview: last,
                        reviewCount: 6, lapses: 1)
        case .review:
            return Card(id: 11, state: .review, step: nil, memoryState: MemoryState(stability: 20, difficulty: 5),
                        due: now, lastReview: now.addingTimeInterval(-20 * day), reviewCount: 5, lapses: 0)
        }
    }
}

@Suite("Learning and relearning steps")
struct StepTransitionTests {
    static let learning: [StepTransition] = [
        // Two steps, 1 min and 10 min (py-fsrs's default).
        .init(steps: [60, 600], start: .new, rating: .again, state: .learning, step: 0, waitSeconds: 60),
        .init(steps: [60, 600], start: .new, rating: .hard, state: .learning, step: 0, waitSeconds: 330),
        .init(steps: [60, 600], start: .new, rating: .good, state: .learning, step: 1, waitSeconds: 600),
        .init(steps: [60, 600], start: .new, rating: .easy, state: .review, step: nil, waitSeconds: nil),
        .init(steps: [60, 600], start: .learning(step: 0), rating: .again, state: .learning, step: 0, waitSeconds: 60),
        .init(steps: [60, 600], start: .learning(step: 0), rating: .hard, state: .learning, step: 0, waitSeconds: 330),
        .init(steps: [60, 600], start: .learning(step: 0), rating: .good, state: .learning, step: 1, waitSeconds: 600),
        .init(steps: [60, 600], start: .learning(step: 0), rating: .easy, state: .review, step: nil, waitSeconds: nil),
        .init(steps: [60, 600], start: .learning(step: 1), rating: .again, state: .learning, step: 0, waitSeconds: 60),
        .init(steps: [60, 600], start: .learning(step: 1), rating: .hard, state: .learning, step: 1, waitSeconds: 600),
        .init(steps: [60, 600], start: .learning(step: 1), rating: .good, state: .review, step: nil, waitSeconds: nil),
        .init(steps: [60, 600], start: .learning(step: 1), rating: .easy, state: .review, step: nil, waitSeconds: nil),
        // One step: Hard at step 0 waits 1.5 × the step; Good graduates.
        .init(steps: [60], start: .new, rating: .again, state: .learning, step: 0, waitSeconds: 60),
        .init(steps: [60], start: .new, rating: .hard, state: .learning, step: 0, waitSeconds: 90),
        .init(steps: [60], start: .new, rating: .good, state: .review, step: nil, waitSeconds: nil),
        .init(steps: [60], start: .learning(step: 0), rating: .hard, state: .learning, step: 0, waitSeconds: 90),
        // Three steps: Hard at step 0 waits the mean of the first two; later, the step itself.
        .init(steps: [300, 1800, 3600], start: .learning(step: 0), rating: .hard, state: .learning, step: 0, waitSeconds: 1050),
        .init(steps: [300, 1800, 3600], start: .learning(step: 1), rating: .hard, state: .learning, step: 1, waitSeconds: 1800),
        .init(steps: [300, 1800, 3600], start: .learning(step: 1), rating: .good, state: .learning, step: 2, waitSeconds: 3600),
        .init(steps: [300, 1800, 3600], start: .learning(step: 2), rating: .good, state: .review, step: nil, waitSeconds: nil),
        // A step beyond the configured steps (they were shortened): Again restarts, others graduate.
        .init(steps: [60, 600], start: .learning(step: 5), rating: .again, state: .learning, step: 0, waitSeconds: 60),
        .init(steps: [60, 600], start: .learning(step: 5), rating: .hard, state: .review, step: nil, waitSeconds: nil),
        .init(steps: [60, 600], start: .learning(step: 5), rating: .good, state: .review, step: nil, waitSeconds: nil),
        // No learning steps: every first review graduates.
        .init(steps: [], start: .new, rating: .again, state: .review, step: nil, waitSeconds: nil),
        .init(steps: [], start: .new, rating: .good, state: .review, step: nil, waitSeconds: nil),
        .init(steps: [], start: .learning(step: 0), rating: .again, state: .review, step: nil, waitSeconds: nil),
    ]

    static let relearning: [StepTransition] = [
        // One relearning step of 10 min (py-fsrs's default).
        .init(steps: [600], start: .review, rating: .again, state: .relearning, step: 0, waitSeconds: 600),
        .init(steps: [600], start: .relearning(step: 0), rating: .again, state: .relearning, step: 0, waitSeconds: 600),
        .init(steps: [600], start: .relearning(step: 0), rating: .hard, state: .relearning, step: 0, waitSeconds: 900),
        .init(steps: [600], start: .relearning(step: 0), rating: .good, state: .review, step: nil, waitSeconds: nil),
        .init(steps: [600], start: .relearning(step: 0), rating: .easy, state: .review, step: nil, waitSeconds: nil),
        // Two relearning steps.
        .init(steps: [300, 3600], start: .review, rating: .again, state: .relearning, step: 0, waitSeconds: 300),
        .init(steps: [300, 3600], start: .relearning(step: 0), rating: .hard, state: .relearning, step: 0, waitSeconds: 1950),
        .init(steps: [300, 3600], start: .relearning(step: 0), rating: .good, state: .relearning, step: 1, waitSeconds: 3600),
        .init(steps: [300, 3600], start: .relearning(step: 1), rating: .hard, state: .relearning, step: 1, waitSeconds: 3600),
        .init(steps: [300, 3600], start: .relearning(step: 1), rating: .again, state: .relearning, step: 0, waitSeconds: 300),
        .init(steps: [300, 3600], start: .relearning(step: 1), rating: .good, state: .review, step: nil, waitSeconds: nil),
        // No relearning steps: a lapse stays in review with an interval in days.
        .init(steps: [], start: .review, rating: .again, state: .review, step: nil, waitSeconds: nil),
        .init(steps: [], start: .relearning(step: 0), rating: .good, state: .review, step: nil, waitSeconds: nil),
        // Review cards that are recalled stay in review.
        .init(steps: [600], start: .review, rating: .hard, state: .review, step: nil, waitSeconds: nil),
        .init(steps: [600], start: .review, rating: .good, state: .review, step: nil, waitSeconds: nil),
        .init(steps: [600], start: .review, rating: .easy, state: .review, step: nil, waitSeconds: nil),
    ]

    static let now = date("2026-05-04T09:00:00Z")

    func check(_ row: StepTransition, _ scheduler: CardScheduler) throws {
        let before = row.card(at: Self.now)
        let result = scheduler.review(before, rating: row.rating, at: Self.now)
        let after = result.card
        #expect(after.state == row.state)
        #expect(after.step == row.step)
        #expect(after.reviewCount == before.reviewCount + 1)
        #expect(after.lastReview == Self.now)
        if let wait = row.waitSeconds {
            #expect(after.due == Self.now.addingTimeInterval(wait))
            #expect(result.review.scheduledDays == 0)
        } else {
            let memory = try #require(after.memoryState)
            let days = scheduler.model.roundedInterval(stability: memory.stability, desiredRetention: 0.9)
            #expect(result.review.scheduledDays == days)
            #expect(after.due == Self.now.addingTimeInterval(Double(days) * day))
        }
    }

    @Test("a new or learning card moves through the learning steps", arguments: learning)
    func learningSteps(_ row: StepTransition) throws {
        try check(row, makeScheduler(learningSteps: row.steps))
    }

    @Test("a forgotten review card moves through the relearning steps", arguments: relearning)
    func relearningSteps(_ row: StepTransition) throws {
        try check(row, makeScheduler(relearningSteps: row.steps))
    }

    @Test("a lapse counts only when a review card is rated Again",
          arguments: [(StepTransition.Start.review, Rating.again, 1), (.review, .good, 0),
                      (.relearning(step: 0), .again, 0), (.learning(step: 0), .again, 0)])
    func lapses(start: StepTransition.Start, rating: Rating, added: Int) {
        let row = StepTransition(steps: [600], start: start, rating: rating, state: .review, step: nil, waitSeconds: nil)
        let before = row.card(at: Self.now)
        let after = makeScheduler().review(before, rating: rating, at: Self.now).card
        #expect(after.lapses == before.lapses + added)
    }

    @Test("the first review of a new card starts its memory at the model's initial state", arguments: Rating.allCases)
    func firstReviewMemory(rating: Rating) {
        let scheduler = makeScheduler()
        let card = scheduler.review(Card(id: 3, due: Self.now), rating: rating, at: Self.now).card
        #expect(card.memoryState == scheduler.model.initialState(rating: rating))
        #expect(card.lastReview == Self.now)
    }
}

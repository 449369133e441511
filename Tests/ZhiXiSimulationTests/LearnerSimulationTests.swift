import Foundation
import Testing
import ZhiXiCore
import ZhiXiMemory
import ZhiXiScheduler
@testable import ZhiXiSimulation

/// A review of the scheduler's own log, built by hand: card, rating, time (seconds after a
/// fixed UTC midnight + 6 h, so that every review of a day falls on one study day), state
/// before, duration.
private func review(_ card: Int64, _ rating: Rating, day: Int, minute: Int = 0, state: CardState,
                    milliseconds: Int? = 10_000) -> CardReview {
    let base = 1_700_006_400.0 - 1_700_006_400.0.truncatingRemainder(dividingBy: 86_400) + 6 * 3_600
    let card = Card(id: card, state: state, step: nil, memoryState: state == .new ? nil : MemoryState(stability: 3, difficulty: 5),
                    due: Date(timeIntervalSince1970: base), lastReview: nil, reviewCount: 0, lapses: 0)
    return CardReview(cardID: card.id, rating: rating, reviewedAt: Date(timeIntervalSince1970: base + Double(day) * 86_400 + Double(minute) * 60),
                      reviewDurationMilliseconds: milliseconds, elapsedDays: 0, scheduledDays: 0, cardBefore: card)
}

@Suite("A learner's habits and cards in a card simulation (fsrs-rs's extract_simulator_config and existing_cards)")
struct LearnerSimulationTests {
    /// Three cards: card 1 learned Again, Good, Good on day 0 (4 s, 6 s, 8 s), reviewed Good on
    /// day 3 (12 s); card 2 learned Good, Good on day 0, forgotten on day 5 (Again 20 s, then
    /// Good 9 s, relearning); card 3 learned Again, Again, Good on day 1.
    static let log: [CardReview] = [
        review(1, .again, day: 0, state: .new, milliseconds: 4_000),
        review(1, .good, day: 0, minute: 1, state: .learning, milliseconds: 6_000),
        review(1, .good, day: 0, minute: 11, state: .learning, milliseconds: 8_000),
        review(1, .good, day: 3, state: .review, milliseconds: 12_000),
        review(2, .good, day: 0, minute: 2, state: .new, milliseconds: 5_000),
        review(2, .good, day: 0, minute: 12, state: .learning, milliseconds: 7_000),
        review(2, .again, day: 5, state: .review, milliseconds: 20_000),
        review(2, .good, day: 5, minute: 10, state: .relearning, milliseconds: 9_000),
        review(3, .again, day: 1, state: .new, milliseconds: 3_000),
        review(3, .again, day: 1, minute: 1, state: .learning, milliseconds: nil),
        review(3, .good, day: 1, minute: 11, state: .learning, milliseconds: 1_500_000),   // 25 minutes: left out
    ]

    @Test("without smoothing the figures are the log's own counts, grouped by card and study day as fsrs-rs groups them")
    func unsmoothed() throws {
        let habits = DerivedSimulatorSettings(reviews: Self.log, calendar: .utc, smoothing: false)
        // First days of cards 1, 2, 3 begin with Again, Good, Again.
        #expect(habits.firstRatingCounts == [2, 0, 1, 0])
        let firstRatings: [Double] = [2.0 / 3, 0, 1.0 / 3, 0]
        #expect(habits.firstRatingProbabilities == firstRatings)
        // Review days: card 1 Good, card 2 Again; Again is not a review rating.
        #expect(habits.reviewRatingCounts == [1, 0, 1, 0])
        #expect(habits.reviewRatingProbabilities == [0, 1, 0])
        // Learning sequences: [Again, Good, Good], [Good, Good], [Again, Again] (the 25-minute answer is left out).
        #expect(habits.learningTransitionCounts == [[1, 0, 1, 0], [0, 0, 0, 0], [0, 0, 2, 0]])
        let afterAgain: [Double] = [2.0 / 6, 1.0 / 6, 2.0 / 6, 1.0 / 6]
        #expect(habits.learningStepTransitions[0] == afterAgain, "counts plus one, normalised")
        #expect(habits.learningStepTransitions[1] == [0.25, 0.25, 0.25, 0.25])
        // Relearning: card 2's day 5, Again then Good.
        #expect(habits.relearningTransitionCounts == [[0, 0, 1, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
        // Costs: mean seconds per state and rating; the unknown duration and the 25-minute one are not counted.
        let learningCosts: [Double] = [(4 + 3) / 2.0, 0, (6 + 8 + 5 + 7) / 4.0, 0]
        #expect(habits.stateRatingCosts[0] == learningCosts)
        #expect(habits.stateRatingCosts[1] == [20, 0, 12, 0])
        #expect(habits.stateRatingCosts[2] == [0, 0, 9, 0])
        #expect(habits.costSampleCounts == [[2, 0, 4, 0], [1, 0, 1, 0], [0, 0, 1, 0]])
        #expect(habits.reviewsWithUnusableDuration == 1)
        // Three cards started over study days 0 … 5.
        #expect(habits.newCardCount == 3 && habits.dayCount == 6)
        #expect(habits.newCardsPerDay == 0.5)
        #expect(habits.learnLimitPerDay == 1, "rounded, at least 1 when the learner started new cards")
    }

    @Test("smoothing pulls each figure towards fsrs-rs's default by n / (n + 50) of its evidence, as Anki calls it")
    func smoothed() throws {
        let raw = DerivedSimulatorSettings(reviews: Self.log, calendar: .utc, smoothing: false)
        let habits = DerivedSimulatorSettings(reviews: Self.log, calendar: .utc)
        let defaults = SimulatorConfiguration()
        let firstWeight = 3.0 / 53
        for rating in 0 ..< 4 {
            let expected = firstWeight * raw.firstRatingProbabilities[rating] + (1 - firstWeight) * defaults.firstRatingProbabilities[rating]
            #expect(abs(habits.firstRatingProbabilities[rating] - expected) < 1e-12)
        }
        // Transitions: the evidence counts the smoothing's four ones.
        let rowWeight = (2.0 + 4) / 56
        #expect(abs(habits.learningStepTransitions[0][2] - (rowWeight * 2 / 6 + (1 - rowWeight) * defaults.learningStepTransitions[0][2])) < 1e-12)
        // Costs: rounded to 0.01 s; no evidence gives the default.
        #expect(habits.stateRatingCosts[0][1] == defaults.stateRatingCosts[0][1])
        let reviewGood = (1.0 / 51) * 12 + (50.0 / 51) * defaults.stateRatingCosts[1][2]
        #expect(habits.stateRatingCosts[1][2] == (reviewGood * 100).rounded() / 100)
        var configuration = habits.configuration(existingCardCount: 2, spanDays: 30)
        try configuration.validate()
        #expect(configuration.deckSize == 2 + 30, "the existing cards and one new card for every day")
        #expect(configuration.learnLimitPerDay == 1)
        configuration = SimulatorConfiguration()
        habits.apply(to: &configuration)
        #expect(configuration.firstRatingProbabilities == habits.firstRatingProbabilities)
        #expect(configuration.stateRatingCosts == habits.stateRatingCosts)
    }

    @Test("a learner who only ever pressed Again and Good gets a small Hard and Easy, not zero, and the configuration validates")
    func onlyAgainAndGood() throws {
        var log: [CardReview] = []
        for card in 0 ..< 400 {
            log.append(review(Int64(card), card % 4 == 0 ? .good : .again, day: card / 20, state: .new))
            log.append(review(Int64(card), .good, day: card / 20 + 4, state: .review))
        }
        let habits = DerivedSimulatorSettings(reviews: log, calendar: .utc)
        let weight = 400.0 / 450
        #expect(abs(habits.firstRatingProbabilities[0] - (weight * 0.75 + (1 - weight) * 0.24)) < 1e-12)
        #expect(habits.firstRatingProbabilities[1] > 0)
        #expect(habits.reviewRatingProbabilities[1] > 0.88 && habits.reviewRatingProbabilities[0] > 0)
        try habits.configuration(existingCardCount: 0).validate()
    }

    @Test("existing cards: reviewed when due, an overdue one on day 0, learned cards fill the rest of the deck (fsrs-rs's test)")
    func existingCards() throws {
        // fsrs-rs's simulate_with_existing_cards: learn span 30, learn limit 60, review limit
        // 200, no cost limit; four cards, three due on day 0 or before. fsrs-rs: 3 reviews and
        // 60 cards learned on day 0, 63.9 items memorized.
        let configuration = SimulatorConfiguration(learnSpanDays: 30, maximumCostPerDaySeconds: 0, learnLimitPerDay: 60, reviewLimitPerDay: 200)
        let cards = [
            ExistingCard(memory: MemoryState(stability: 5, difficulty: 5), lastReviewDay: -5, dueDay: 0),
            ExistingCard(memory: MemoryState(stability: 2, difficulty: 5), lastReviewDay: -2, dueDay: 0),
            ExistingCard(memory: MemoryState(stability: 2, difficulty: 5), lastReviewDay: -2, dueDay: 1),
            ExistingCard(memory: MemoryState(stability: 2, difficulty: 5), lastReviewDay: -8, dueDay: -1),
        ]
        let simulator = try CardSimulator(configuration: configuration, existingCards: cards)
        for seed in UInt64(1) ... 5 {
            let result = try simulator.run(desiredRetention: 0.9, seed: seed)
            #expect(result.days.reviews[0] == 3)
            #expect(result.days.learned[0] == 60)
            #expect(abs(result.days.memorized[0] - 63.9) < 0.6, "memorized on day 0: \(result.days.memorized[0])")
            let model = MemoryModel(parameters: .default)
            let start = cards.reduce(0.0) { $0 + model.retrievability(elapsedDays: Double(-$1.lastReviewDay), stability: $1.memory.stability) }
            #expect(abs(result.summary.memorizedAtStart - start) < 1e-12)
            #expect(result.summary.totalLearned + result.summary.notStarted == configuration.deckSize - cards.count)
        }
    }

    @Test("a deck too small for the existing cards is refused; an existing card's review costs a review (fsrs-rs's tests)")
    func deckAndCosts() throws {
        let card = ExistingCard(memory: MemoryState(stability: 5, difficulty: 5), lastReviewDay: -5, dueDay: 0)
        #expect(throws: SimulationConfigurationError.self) {
            try CardSimulator(configuration: SimulatorConfiguration(deckSize: 1), existingCards: [card, card])
        }
        let configuration = SimulatorConfiguration(deckSize: 1, learnSpanDays: 1, firstRatingProbabilities: [0, 0, 1, 0],
                                                   stateRatingCosts: [[42, 42, 42, 42], [43, 43, 43, 43], [0, 0, 0, 0]],
                                                   learningStepCount: 1)
        let learning = try CardSimulator(configuration: configuration).run(desiredRetention: 0.9, seed: 1)
        #expect(learning.days.seconds[0] == 42)
        let reviewing = try CardSimulator(configuration: configuration, existingCards: [card]).run(desiredRetention: 0.9, seed: 1)
        #expect(reviewing.days.seconds[0] == 43, "the deck is full: the existing card's review, no new card")
        #expect(throws: SimulationConfigurationError.self) {
            try CardSimulator(existingCards: [ExistingCard(memory: MemoryState(stability: 5, difficulty: 5), lastReviewDay: 2, dueDay: 4)])
        }
    }

    @Test("the scheduler's cards become existing cards counted from the start's study day; new cards are left out")
    func fromSchedulerCards() throws {
        let scheduler = try CardScheduler(SchedulerConfiguration(elapsedDays: .studyDays(.utc)))
        let start = Date(timeIntervalSince1970: 1_700_006_400)
        var learned = Card(id: 1, due: start.addingTimeInterval(-10 * 86_400))
        learned = scheduler.review(learned, rating: .good, at: learned.due).card
        learned = scheduler.review(learned, rating: .good, at: learned.due).card
        let fresh = Card(id: 2, due: start)
        let existing = try ExistingCard.cards(from: [learned, fresh], startingAt: start, calendar: .utc)
        #expect(existing.count == 1)
        let today = StudyCalendar.utc.dayNumber(of: start)
        #expect(existing[0].lastReviewDay == StudyCalendar.utc.dayNumber(of: learned.lastReview!) - today)
        #expect(existing[0].dueDay == StudyCalendar.utc.dayNumber(of: learned.due) - today)
        #expect(existing[0].memory == learned.memoryState)
        #expect(throws: SimulationConfigurationError.self) {
            try ExistingCard.cards(from: [learned], startingAt: start.addingTimeInterval(-30 * 86_400), calendar: .utc)
        }
    }

    @Test("a service simulates a learner from its own log and cards, with no CLI: habits, existing cards, a sweep")
    func service() async throws {
        // A learner reviewed with the scheduler for 60 days: 10 new cards a day, Again at first
        // sight half the time, Good otherwise, 8 s an answer.
        let calendar = try StudyCalendar(timeZoneIdentifier: "Asia/Shanghai", dayStartHour: 4)
        let scheduler = try CardScheduler(SchedulerConfiguration(elapsedDays: .studyDays(calendar)))
        var generator = SplitMix64(seed: 9)
        let first = Date(timeIntervalSince1970: 1_767_225_600)   // 2026-01-01
        var cards: [Card] = []
        var log: [CardReview] = []
        for day in 0 ..< 60 {
            let morning = calendar.start(ofDay: calendar.dayNumber(of: first) + day).addingTimeInterval(4 * 3_600)
            for index in cards.indices where cards[index].due <= morning.addingTimeInterval(12 * 3_600) {
                let at = max(morning, cards[index].due)
                let result = scheduler.review(cards[index], rating: generator.nextUnitInterval() < 0.85 ? .good : .again, at: at)
                var review = result.review
                review.reviewDurationMilliseconds = 8_000
                log.append(review)
                cards[index] = result.card
            }
            for _ in 0 ..< 10 {
                var card = Card(id: Int64(cards.count + 1), due: morning)
                var at = morning
                repeat {
                    let result = scheduler.review(card, rating: generator.nextUnitInterval() < 0.5 ? .again : .good, at: at)
                    var review = result.review
                    review.reviewDurationMilliseconds = 8_000
                    log.append(review)
                    card = result.card
                    at = max(at, card.due)
                } while card.state != .review
                cards.append(card)
            }
        }
        let now = calendar.start(ofDay: calendar.dayNumber(of: first) + 60)
        let habits = DerivedSimulatorSettings(reviews: log, calendar: calendar)
        let existing = try ExistingCard.cards(from: cards, startingAt: now, calendar: calendar)
        #expect(existing.count == 600)
        #expect(habits.learnLimitPerDay == 10)
        #expect(abs(habits.firstRatingProbabilities[0] - 0.5) < 0.1)
        #expect(habits.stateRatingCosts[1][2] > 8 && habits.stateRatingCosts[1][2] < 12.38, "8 s observed, pulled towards 12.38")
        let configuration = habits.configuration(existingCardCount: existing.count, spanDays: 60)
        let simulator = try CardSimulator(configuration: configuration, existingCards: existing)
        let sweep = try RetentionSweep(retentions: [0.8, 0.85, 0.9], seeds: [1, 2])
        let result = await sweep.run(simulator)
        #expect(result.points.count == 3)
        for point in result.points {
            let summary = point.runs[0].summary
            #expect(summary.memorizedAtStart > 400, "the 600 existing cards are remembered from day 0")
            #expect(summary.totalLearned <= 600)
            #expect(summary.totalReviews > 0)
        }
    }
}

import ZhiXiCore
import ZhiXiMemory
import ZhiXiScheduler

/// Simulates a learner studying a deck of flashcards day by day, with the semantics of
/// fsrs-rs's `simulate` and the configuration of its `SimulatorConfig`
/// (``SimulatorConfiguration``), so that the two can be compared on the same input.
///
/// Each day:
/// 1. The cards due that day are reviewed, lowest difficulty first (fsrs-rs's default
///    priority, `⌊difficulty × 100⌋`). Whether the learner recalls a card is drawn from the
///    memory model's retrievability after the days elapsed since its last review; if so,
///    Hard, Good or Easy is drawn from ``SimulatorConfiguration/reviewRatingProbabilities``;
///    if not, the card lapses and goes through relearning steps drawn from
///    ``SimulatorConfiguration/relearningStepTransitions`` until it has
///    ``SimulatorConfiguration/relearningStepCount`` Good or Easy answers in a row (at most
///    five steps).
/// 2. New cards are learned: a first rating drawn from
///    ``SimulatorConfiguration/firstRatingProbabilities``, then learning steps drawn as above.
/// 3. The day's limits: a count limit reached, or the daily cap on seconds
///    (``SimulatorConfiguration/maximumCostPerDaySeconds``): by default a card whose work,
///    steps included, would take the day past the cap is not done, and it and every card after
///    it wait for the next day, so the cap is never passed (but by a single card longer than
///    the whole cap, done alone on an otherwise empty day, as the planner does); with
///    ``CostCapRule/startWhileUnder`` (fsrs-rs's rule) the cap is checked before each card
///    and the last card of a day may pass it. A waiting review card keeps its last review
///    date, so its recall keeps falling; waits are counted (``SimulationDays/deferredReviews``,
///    ``SimulationDays/capReached``). A card due with
///    ``SimulatorConfiguration/suspendAfterLapses`` lapses is suspended.
///
/// A simulation may start from the learner's existing cards (``ExistingCard``, fsrs-rs's
/// `existing_cards`): they take the first places of the deck, are reviewed when due (an
/// overdue card on day 0, its recall read at the days really elapsed, where fsrs-rs reads it
/// at the original due day) and count in the items memorized from day 0
/// (``SimulationSummary/memorizedAtStart`` before any study).
///
/// Memory states follow `MemoryModel` (long-term recall and lapse formulas at the drawn
/// retrievability, the same-day formula for steps, whose growth fsrs-rs's simulator floors at
/// 1 for Good and Easy but not for Hard), intervals its
/// `MemoryModel.interval(stability:desiredRetention:)` rounded to whole days (1 …
/// maximum), or with ``SimulatorConfiguration/fuzz`` a day of ZhiXiScheduler's `FuzzRange`.
/// Memorized items are counted as fsrs-rs counts them: each day, the sum over learned cards
/// of their probability of recall that day.
///
/// Random numbers come from ZhiXiScheduler's `SplitMix64`: the same seed gives the same
/// result on every run and platform. fsrs-rs draws from another generator, so the two agree
/// in distribution (means over seeds), not run for run.
///
/// Complexity: O(reviews · log(cards due a day) + learned cards · days) time; the state lives
/// in contiguous arrays of plain values allocated once per run (O(deck size + days)), and a
/// review allocates nothing.
///
/// ```swift
/// let simulator = try CardSimulator()                       // fsrs-rs defaults
/// let result = try simulator.run(desiredRetention: 0.9, seed: 42)
/// print(result.summary.memorizedAtEnd, result.summary.totalReviews)
/// ```
public struct CardSimulator: Sendable {
    /// The configuration, validated.
    public let configuration: SimulatorConfiguration
    /// The FSRS-6 memory model that draws recall and updates memory.
    public let model: MemoryModel

    private let firstRatings: RatingDistribution
    private let reviewRatings: RatingDistribution
    private let learningTransitions: StepTransitions
    private let relearningTransitions: StepTransitions
    private let learningCosts: RatingCosts
    private let reviewCosts: RatingCosts
    private let relearningCosts: RatingCosts
    /// The learner's cards at the start, the first places of the deck.
    public let existingCards: [ExistingCard]

    /// A simulator for a configuration and the memory model's parameters, starting from
    /// `existingCards` (none: a deck of new cards, as fsrs-rs's default). The deck holds
    /// ``SimulatorConfiguration/deckSize`` cards in all, the existing ones included.
    /// - Throws: ``SimulationConfigurationError`` for a configuration that fails
    ///   ``SimulatorConfiguration/validate()``, more existing cards than the deck holds
    ///   (`deck_size`), or an existing card that is not valid (a stability that is not a
    ///   positive number of days, a difficulty outside 1–10, a last review after day 0).
    /// - Complexity: O(existing cards) to check them.
    public init(configuration: SimulatorConfiguration = SimulatorConfiguration(),
                parameters: FSRSParameters = .default, existingCards: [ExistingCard] = []) throws(SimulationConfigurationError) {
        try configuration.validate()
        guard existingCards.count <= configuration.deckSize else {
            throw .outOfRange(field: SimulatorConfiguration.Field.deckSize.rawValue, value: "\(configuration.deckSize)",
                              allowed: "at least the \(existingCards.count) existing cards (the deck holds them and the new ones)")
        }
        for (index, card) in existingCards.enumerated() { try card.validate(index: index) }
        self.existingCards = existingCards
        self.configuration = configuration
        model = MemoryModel(parameters: parameters)
        firstRatings = RatingDistribution(configuration.firstRatingProbabilities)
        reviewRatings = RatingDistribution(configuration.reviewRatingProbabilities, firstRating: .hard)
        learningTransitions = StepTransitions(configuration.learningStepTransitions)
        relearningTransitions = StepTransitions(configuration.relearningStepTransitions)
        learningCosts = RatingCosts(configuration.stateRatingCosts[0])
        reviewCosts = RatingCosts(configuration.stateRatingCosts[1])
        relearningCosts = RatingCosts(configuration.stateRatingCosts[2])
    }

    /// Simulates ``SimulatorConfiguration/learnSpanDays`` days of study with intervals aiming
    /// at `desiredRetention`, drawing random numbers from `seed`. With `recordingReviews`, the
    /// result's ``SimulationResult/reviewLog`` lists every card learned or reviewed.
    /// - Throws: ``SimulationConfigurationError/desiredRetentionOutOfRange(_:)`` unless
    ///   `desiredRetention` is strictly between 0 and 1.
    /// - Complexity: O(reviews · log(cards due a day) + learned cards · days), arrays allocated once per run
    ///   (see the type).
    public func run(desiredRetention: Double, seed: UInt64, recordingReviews: Bool = false) throws(SimulationConfigurationError) -> SimulationResult {
        guard desiredRetention > 0, desiredRetention < 1 else { throw .desiredRetentionOutOfRange(desiredRetention) }
        return simulate(desiredRetention: desiredRetention, seed: seed, recordingReviews: recordingReviews)
    }

    /// ``run(desiredRetention:seed:recordingReviews:)`` for a desired retention already checked.
    func simulate(desiredRetention: Double, seed: UInt64, recordingReviews: Bool = false) -> SimulationResult {
        let span = configuration.learnSpanDays
        let deckSize = configuration.deckSize
        let cap = configuration.effectiveCostCapSeconds
        let neverExceed = configuration.costCapRule == .neverExceeded
        let learnLimit = configuration.learnLimitPerDay
        let reviewLimit = configuration.reviewLimitPerDay
        let newCardsIgnoreReviewLimit = configuration.newCardsIgnoreReviewLimit
        let suspendAfterLapses = configuration.suspendAfterLapses.map { Int32(clamping: $0) } ?? .max
        let existingCount = existingCards.count
        let newCount = deckSize - existingCount

        var days = SimulationDays(dayCount: span, mode: .cards)
        var generator = SplitMix64(seed: seed)
        // The deck: the existing cards first, then the new ones in the order they are learned.
        var stability = [Double](repeating: 0, count: deckSize)
        var difficulty = [Double](repeating: 0, count: deckSize)
        var lastDay = [Int32](repeating: 0, count: deckSize)
        var lapses = [Int32](repeating: 0, count: deckSize)
        var dueDay = [Int32](repeating: 0, count: deckSize)
        var reviewLog: [SimulatedReview] = []
        var buckets = DueBuckets(dayCount: span, capacity: deckSize)
        var dueToday: [UInt64] = []
        dueToday.reserveCapacity(min(deckSize, 1 << 14))
        var learnedCount = 0

        /// Counts the card's recall from its last review to the end of the span.
        func retire(_ card: Int) {
            let last = Int(lastDay[card])
            model.addRetrievability(to: &days.memorized, days: last ..< span, lastDay: last, stability: stability[card])
        }

        /// Stores the card's new memory and puts it on its next due day.
        func schedule(_ card: Int, day: Int, stability newStability: Double, difficulty newDifficulty: Double) {
            stability[card] = newStability
            difficulty[card] = newDifficulty
            lastDay[card] = Int32(truncatingIfNeeded: day)
            let due = day + intervalDays(stability: newStability, desiredRetention: desiredRetention, generator: &generator)
            dueDay[card] = Int32(clamping: due)
            if due < span { buckets.add(card, onDay: due) } else { retire(card) }
        }

        /// Moves a due card that waits to the next day (or out of the span).
        func postpone(_ card: Int, from day: Int) {
            days.deferredReviews[day] += 1
            if day + 1 < span { buckets.add(card, onDay: day + 1) } else { retire(card) }
        }

        var memorizedAtStart = 0.0
        for (card, existing) in existingCards.enumerated() {
            stability[card] = existing.memory.stability
            difficulty[card] = existing.memory.difficulty
            lastDay[card] = Int32(clamping: existing.lastReviewDay)
            lapses[card] = Int32(clamping: existing.lapses)
            let due = max(0, existing.dueDay)
            dueDay[card] = Int32(clamping: due)
            memorizedAtStart += model.retrievability(elapsedDays: Double(-existing.lastReviewDay), stability: existing.memory.stability)
            if due < span { buckets.add(card, onDay: due) } else { retire(card) }
        }

        for day in 0 ..< span {
            // 1. Reviews, lowest difficulty first (ties: the card first in the deck).
            dueToday.removeAll(keepingCapacity: true)
            buckets.drain(day: day) { card in
                let priority = UInt64(UInt32(truncatingIfNeeded: Int32(difficulty[card] * 100)))
                dueToday.append(priority << 32 | UInt64(card))
            }
            dueToday.sort()
            var reviewsToday = 0
            // Whether the cap closed the day (never-exceeded rule): every card after waits.
            var dayFull = false
            for key in dueToday {
                let card = Int(key & 0xFFFF_FFFF)
                if lapses[card] >= suspendAfterLapses {
                    retire(card)
                    continue
                }
                if dayFull || reviewsToday + 1 > reviewLimit {
                    postpone(card, from: day)
                    continue
                }
                if !neverExceed, days.seconds[day] > cap {
                    days.capReached[day] = true
                    postpone(card, from: day)
                    continue
                }
                let last = Int(lastDay[card])
                let oldStability = stability[card], oldDifficulty = difficulty[card]
                let recall = model.retrievability(elapsedDays: Double(day - last), stability: oldStability)
                let newStability: Double, newDifficulty: Double, cost: Double, rating: Rating
                let recalled = generator.nextUnitInterval() < recall
                if recalled {
                    rating = reviewRatings.rating(unit: generator.nextUnitInterval())
                    newStability = MemoryModel.clampedStability(model.stabilityAfterRecall(
                        stability: oldStability, difficulty: oldDifficulty, retrievability: recall, rating: rating))
                    newDifficulty = model.nextDifficulty(oldDifficulty, rating: rating)
                    cost = reviewCosts[rating]
                } else {
                    rating = .again
                    let lapsed = MemoryModel.clampedStability(model.stabilityAfterLapse(
                        stability: oldStability, difficulty: oldDifficulty, retrievability: recall))
                    let steps = shortTermSteps(stability: lapsed, difficulty: model.nextDifficulty(oldDifficulty, rating: .again),
                                               firstRating: nil, costs: relearningCosts, transitions: relearningTransitions,
                                               stepCount: configuration.relearningStepCount, generator: &generator)
                    newStability = steps.stability
                    newDifficulty = steps.difficulty
                    cost = reviewCosts[.again] + steps.seconds
                }
                if neverExceed, days.seconds[day] > 0, days.seconds[day] + cost > cap {
                    // This review would pass the cap: it and every card after it wait. (A card
                    // longer than the whole cap is done alone on an otherwise empty day, as the
                    // planner does with a task longer than the budget.)
                    dayFull = true
                    days.capReached[day] = true
                    postpone(card, from: day)
                    continue
                }
                if recalled { days.correctReviews[day] += 1 } else { lapses[card] += 1 }
                model.addRetrievability(to: &days.memorized, days: last ..< day, lastDay: last, stability: oldStability)
                reviewsToday += 1
                days.reviews[day] += 1
                days.seconds[day] += cost
                if recordingReviews {
                    reviewLog.append(SimulatedReview(item: card, kind: .review, day: day, dueDay: Int(dueDay[card]),
                                                     lastReviewDay: last, rating: rating, seconds: cost))
                }
                schedule(card, day: day, stability: newStability, difficulty: newDifficulty)
            }

            // 2. New cards: the i-th new card is available from day i / learnLimit.
            let (released, overflow) = learnLimit.multipliedReportingOverflow(by: day + 1)
            let releasedCount = learnLimit > 0 ? (overflow ? newCount : min(newCount, released)) : 0
            defer { days.newWaiting[day] = releasedCount - learnedCount }
            guard learnLimit > 0, learnedCount < newCount else { continue }
            let available = releasedCount - learnedCount
            var learnedToday = 0
            while learnedToday < available, !dayFull {
                if learnedToday + 1 > learnLimit { break }
                if !newCardsIgnoreReviewLimit && learnedToday + reviewsToday + 1 > reviewLimit { break }
                if !neverExceed, days.seconds[day] > cap {
                    days.capReached[day] = true
                    break
                }
                let rating = firstRatings.rating(unit: generator.nextUnitInterval())
                let steps = shortTermSteps(stability: model.initialStability(rating: rating),
                                           difficulty: model.initialDifficulty(rating: rating), firstRating: rating,
                                           costs: learningCosts, transitions: learningTransitions,
                                           stepCount: configuration.learningStepCount, generator: &generator)
                if neverExceed, days.seconds[day] > 0, days.seconds[day] + steps.seconds > cap {
                    dayFull = true
                    days.capReached[day] = true
                    break
                }
                let card = existingCount + learnedCount
                learnedCount += 1
                learnedToday += 1
                days.learned[day] += 1
                days.seconds[day] += steps.seconds
                if recordingReviews {
                    reviewLog.append(SimulatedReview(item: card, kind: .learning, day: day, dueDay: (learnedCount - 1) / learnLimit,
                                                     lastReviewDay: nil, rating: rating, seconds: steps.seconds))
                }
                schedule(card, day: day, stability: steps.stability, difficulty: steps.difficulty)
            }
        }

        var summary = SimulationSummary(days: days)
        summary.notStarted = newCount - learnedCount
        summary.memorizedAtStart = memorizedAtStart
        return SimulationResult(mode: .cards, desiredRetention: desiredRetention, seed: seed, days: days, summary: summary,
                                reviewLog: reviewLog)
    }

    /// A card's (re)learning steps on one day, as fsrs-rs's `memory_state_short_term`: from
    /// `firstRating` (a new card's first answer; `nil` after a lapse, which counts as Again
    /// and costs nothing here), ratings are drawn from `transitions` until `stepCount` Good or
    /// Easy answers in a row (one fewer when the first answer was Good or Easy), an Easy, or
    /// five steps; each step applies the same-day stability formula and the difficulty update.
    /// Returns the memory after the steps and their seconds.
    @inline(__always)
    private func shortTermSteps(stability: Double, difficulty: Double, firstRating: Rating?, costs: RatingCosts,
                                transitions: StepTransitions, stepCount: Int,
                                generator: inout SplitMix64) -> (stability: Double, difficulty: Double, seconds: Double) {
        var rating = firstRating ?? .again
        var seconds = firstRating.map { costs[$0] } ?? 0
        var stability = stability, difficulty = difficulty
        let needed = rating.rawValue > 2 ? max(stepCount - 1, 0) : stepCount
        var consecutive = 0
        for _ in 0 ..< Self.maximumSteps {
            if consecutive >= needed || rating == .easy { break }
            rating = transitions.next(after: rating, unit: generator.nextUnitInterval())
            // fsrs-rs's simulator floors the growth at 1 for Good and Easy only (its model also
            // floors Hard), so a Hard step may lower stability here.
            let growth = model.sameDayGrowth(stability: stability, rating: rating)
            stability = MemoryModel.clampedStability(stability * (rating.rawValue >= 3 ? max(growth, 1) : growth))
            difficulty = model.nextDifficulty(difficulty, rating: rating)
            seconds += costs[rating]
            if rating.rawValue > 2 { consecutive += 1 } else if rating == .again { consecutive = 0 }
        }
        return (MemoryModel.clampedStability(stability), difficulty, seconds)
    }

    /// The most (re)learning steps a card takes in one day (fsrs-rs's `MAX_STEPS`).
    static let maximumSteps = 5

    /// The whole-day interval after which recall falls to `desiredRetention`: rounded, 1 …
    /// maximum interval, or with fuzz a day of the `FuzzRange` drawn from `generator`.
    @inline(__always)
    private func intervalDays(stability: Double, desiredRetention: Double, generator: inout SplitMix64) -> Int {
        let exact = model.interval(stability: stability, desiredRetention: desiredRetention)
        guard configuration.fuzz else {
            return MemoryModel.roundedInterval(exact, maximumInterval: configuration.maximumIntervalDays)
        }
        return FuzzRange(intervalDays: exact, maximumIntervalDays: configuration.maximumIntervalDays)
            .interval(unitValue: generator.nextUnitInterval())
    }
}

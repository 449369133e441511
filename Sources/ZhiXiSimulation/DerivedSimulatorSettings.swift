import ZhiXiMemory
import ZhiXiScheduler

/// A learner's habits read from their review log, in the card simulator's terms (fsrs-rs's
/// `extract_simulator_config`, with its smoothing as Anki calls it): how they rate a new card
/// and a review, how their (re)learning steps go, how long each answer takes, and how many
/// new cards they start a day. With ``ExistingCard`` it lets a simulation answer *this*
/// learner's question instead of fsrs-rs's average learner's.
///
/// The log is the scheduler's own (`CardReview`, with `cardBefore.state` the state the card
/// was in and `reviewDurationMilliseconds` the time taken); a CSV log replayed through a
/// `CardScheduler` gives the same. What is read, as fsrs-rs reads it:
///
/// - A review's *state* is the card's state before it: new and learning count as learning.
///   Reviews whose duration is known but not between 0 and 20 minutes (exclusive) are left
///   out of everything, as fsrs-rs leaves them out; reviews of unknown duration count for the
///   probabilities but not for the costs (fsrs-rs has no such reviews).
/// - Reviews are grouped by card and study day (on `calendar`). A day whose first review is a
///   learning one gives a first rating (``firstRatingProbabilities``) and a sequence of
///   learning steps; a day whose first review is a review gives a review rating (Hard, Good
///   or Easy: ``reviewRatingProbabilities``), and when that is Again, a sequence of
///   relearning steps.
/// - Step transitions count each rating following another within a day's sequence, plus one
///   (Laplace smoothing), each row normalised; ``stateRatingCosts`` are mean seconds per state
///   and rating.
/// - Smoothing (on by default): every figure is pulled towards fsrs-rs's default by the weight
///   `n / (n + 50)` of its evidence `n`, costs rounded to 0.01 s; a figure without evidence is
///   the default. A learner who never pressed Hard gets a small Hard probability, not zero.
/// - ``newCardsPerDay``: cards first learned in the log divided by the study days from its
///   first to its last review (not an fsrs-rs figure: its simulator takes `learn_limit` as
///   given).
///
/// ```swift
/// let habits = DerivedSimulatorSettings(reviews: log, calendar: calendar)        // [CardReview]
/// let existing = try ExistingCard.cards(from: cards, startingAt: now, calendar: calendar)
/// let configuration = habits.configuration(existingCardCount: existing.count)
/// let simulator = try CardSimulator(configuration: configuration, parameters: parameters, existingCards: existing)
/// ```
public struct DerivedSimulatorSettings: Sendable, Hashable {
    /// First rating of a new card: Again, Hard, Good, Easy (fsrs-rs `first_rating_prob`).
    public var firstRatingProbabilities: [Double]
    /// Rating of a recalled review: Hard, Good, Easy (fsrs-rs `review_rating_prob`).
    public var reviewRatingProbabilities: [Double]
    /// Next rating within a learning day given the previous one (rows after Again, Hard, Good)
    /// (fsrs-rs `learning_step_transitions`).
    public var learningStepTransitions: [[Double]]
    /// As ``learningStepTransitions`` after a lapse (fsrs-rs `relearning_step_transitions`).
    public var relearningStepTransitions: [[Double]]
    /// Seconds an answer takes: rows learning, review, relearning; columns Again … Easy
    /// (fsrs-rs `state_rating_costs`).
    public var stateRatingCosts: [[Double]]
    /// New cards started a day on average over the log's span (0 or more).
    public var newCardsPerDay: Double

    /// The evidence behind each figure: how many days gave a first rating, per rating.
    public var firstRatingCounts: [Int]
    /// Days whose first review was a review, per rating (Again, Hard, Good, Easy).
    public var reviewRatingCounts: [Int]
    /// Ratings observed after each rating in learning sequences (3 × 4, before smoothing).
    public var learningTransitionCounts: [[Int]]
    /// Ratings observed after each rating in relearning sequences (3 × 4, before smoothing).
    public var relearningTransitionCounts: [[Int]]
    /// Answers of known duration per state and rating (3 × 4).
    public var costSampleCounts: [[Int]]
    /// Reviews read, cards, cards first learned in the log, and the study days from the first
    /// review to the last (inclusive).
    public var reviewCount: Int, cardCount: Int, newCardCount: Int, dayCount: Int
    /// Reviews left out for a duration of 0 or of 20 minutes or more.
    public var reviewsWithUnusableDuration: Int

    /// The weight of fsrs-rs's smoothing: evidence `n` counts `n / (n + 50)` against the default.
    public static let smoothingEvidence = 50.0
    /// Durations from this many milliseconds up are left out (20 minutes, as fsrs-rs).
    public static let longestDurationMilliseconds = 1_200_000

    /// Reads a learner's habits from their review log.
    ///
    /// - Parameters:
    ///   - reviews: the log, in any order.
    ///   - calendar: the learner's study days (time zone and day-start hour).
    ///   - smoothing: pull each figure towards fsrs-rs's default by its evidence, as Anki does
    ///     (default `true`); without it, a figure with no evidence is 0 (costs) or uniform.
    /// - Complexity: O(reviews · log(reviews)) for the grouping by card and day.
    public init(reviews: [CardReview], calendar: StudyCalendar, smoothing: Bool = true) {
        let defaults = SimulatorConfiguration()
        var costTotals = [[Double]](repeating: [0, 0, 0, 0], count: 3)
        var costCounts = [[Int]](repeating: [0, 0, 0, 0], count: 3)
        var unusable = 0
        // (card, day, time, index) for the grouping, of the reviews kept.
        var keys: [(card: Int64, day: Int, second: Double, index: Int)] = []
        keys.reserveCapacity(reviews.count)
        var cards = Set<Int64>(), newCards = Set<Int64>()
        var firstDay = Int.max, lastDay = Int.min
        for (index, review) in reviews.enumerated() {
            let state = Self.stateRow(review.cardBefore.state)
            let day = calendar.dayNumber(of: review.reviewedAt)
            cards.insert(review.cardID)
            if review.cardBefore.state == .new { newCards.insert(review.cardID) }
            firstDay = min(firstDay, day)
            lastDay = max(lastDay, day)
            if let duration = review.reviewDurationMilliseconds {
                guard duration > 0, duration < Self.longestDurationMilliseconds else {
                    unusable += 1
                    continue
                }
                costTotals[state][review.rating.rawValue - 1] += Double(duration) / 1_000
                costCounts[state][review.rating.rawValue - 1] += 1
            }
            keys.append((review.cardID, day, review.reviewedAt.timeIntervalSince1970, index))
        }
        keys.sort { ($0.card, $0.day, $0.second, $0.index) < ($1.card, $1.day, $1.second, $1.index) }

        var firstCounts = [0, 0, 0, 0], reviewCounts = [0, 0, 0, 0]
        var learning = [[Int]](repeating: [0, 0, 0, 0], count: 4)
        var relearning = [[Int]](repeating: [0, 0, 0, 0], count: 4)
        var start = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count, keys[end].card == keys[start].card, keys[end].day == keys[start].day { end += 1 }
            let first = reviews[keys[start].index]
            let firstRating = first.rating.rawValue - 1
            let sequence: Bool
            if Self.stateRow(first.cardBefore.state) == 0 {
                firstCounts[firstRating] += 1
                sequence = true
            } else if first.cardBefore.state == .review {
                reviewCounts[firstRating] += 1
                sequence = firstRating == 0
            } else {
                sequence = false
            }
            if sequence, end - start > 1 {
                for position in start ..< end - 1 {
                    let from = reviews[keys[position].index].rating.rawValue - 1
                    let to = reviews[keys[position + 1].index].rating.rawValue - 1
                    if Self.stateRow(first.cardBefore.state) == 0 { learning[from][to] += 1 } else { relearning[from][to] += 1 }
                }
            }
            start = end
        }

        // No evidence at all: uniform, as fsrs-rs.
        let firstButtons = firstCounts.allSatisfy({ $0 == 0 }) ? [1, 1, 1, 1] : firstCounts
        var reviewButtons = Array(reviewCounts[1...])
        if reviewButtons.allSatisfy({ $0 == 0 }) { reviewButtons = [1, 1, 1] }
        let firstTotal = Double(firstButtons.reduce(0, +)), reviewTotal = Double(reviewButtons.reduce(0, +))
        var first = firstButtons.map { Double($0) / firstTotal }
        var review = reviewButtons.map { Double($0) / reviewTotal }
        var learningRows = Self.transitionRows(learning), relearningRows = Self.transitionRows(relearning)
        var costs = (0 ..< 3).map { state in
            (0 ..< 4).map { rating in costCounts[state][rating] > 0 ? costTotals[state][rating] / Double(costCounts[state][rating]) : 0 }
        }
        if smoothing {
            first = Self.blend(first, defaults.firstRatingProbabilities, evidence: firstTotal)
            review = Self.blend(review, defaults.reviewRatingProbabilities, evidence: reviewTotal)
            for row in 0 ..< 3 {
                learningRows[row] = Self.blend(learningRows[row], defaults.learningStepTransitions[row],
                                               evidence: Double(learning[row].reduce(0, +) + 4))
                relearningRows[row] = Self.blend(relearningRows[row], defaults.relearningStepTransitions[row],
                                                 evidence: Double(relearning[row].reduce(0, +) + 4))
                for rating in 0 ..< 4 {
                    let blended = Self.blend([costs[row][rating]], [defaults.stateRatingCosts[row][rating]],
                                             evidence: Double(costCounts[row][rating]))[0]
                    costs[row][rating] = (blended * 100).rounded() / 100
                }
            }
        }
        firstRatingProbabilities = first
        reviewRatingProbabilities = review
        learningStepTransitions = learningRows
        relearningStepTransitions = relearningRows
        stateRatingCosts = costs
        firstRatingCounts = firstCounts
        reviewRatingCounts = reviewCounts
        learningTransitionCounts = Array(learning.prefix(3))
        relearningTransitionCounts = Array(relearning.prefix(3))
        costSampleCounts = costCounts
        reviewCount = reviews.count
        cardCount = cards.count
        newCardCount = newCards.count
        dayCount = reviews.isEmpty ? 0 : lastDay - firstDay + 1
        reviewsWithUnusableDuration = unusable
        newCardsPerDay = dayCount > 0 ? Double(newCards.count) / Double(dayCount) : 0
    }

    /// ``newCardsPerDay`` as the card simulator's whole daily limit: rounded, at least 1 when
    /// the learner started any new card.
    public var learnLimitPerDay: Int {
        newCardCount == 0 ? 0 : max(1, Int(newCardsPerDay.rounded()))
    }

    /// Sets the derived fields of a configuration: the five fsrs-rs fields and the learn limit
    /// (``learnLimitPerDay``). Other fields are left as they are.
    /// - Complexity: O(1).
    public func apply(to configuration: inout SimulatorConfiguration) {
        configuration.firstRatingProbabilities = firstRatingProbabilities
        configuration.reviewRatingProbabilities = reviewRatingProbabilities
        configuration.learningStepTransitions = learningStepTransitions
        configuration.relearningStepTransitions = relearningStepTransitions
        configuration.stateRatingCosts = stateRatingCosts
        configuration.learnLimitPerDay = learnLimitPerDay
    }

    /// fsrs-rs's default configuration with the learner's habits, for a simulation of
    /// `spanDays` days that starts from `existingCardCount` existing cards: the deck holds them
    /// and ``learnLimitPerDay`` new cards for every day of the span.
    /// - Complexity: O(1).
    public func configuration(existingCardCount: Int, spanDays: Int = 365) -> SimulatorConfiguration {
        var configuration = SimulatorConfiguration()
        apply(to: &configuration)
        configuration.learnSpanDays = spanDays
        configuration.deckSize = SimulatorConfiguration.learnerDeckSize(existingCardCount: existingCardCount,
                                                                        learnLimitPerDay: learnLimitPerDay, spanDays: spanDays)
        return configuration
    }

    /// Learning and relearning share rows: new and learning are row 0, review 1, relearning 2.
    private static func stateRow(_ state: CardState) -> Int {
        switch state {
        case .new, .learning: 0
        case .review: 1
        case .relearning: 2
        }
    }

    /// The first three rows of transition counts plus one each, normalised.
    private static func transitionRows(_ counts: [[Int]]) -> [[Double]] {
        (0 ..< 3).map { row in
            let smoothed = counts[row].map { Double($0) + 1 }
            let total = smoothed.reduce(0, +)
            return smoothed.map { $0 / total }
        }
    }

    /// `observed` weighed `n / (n + 50)` against `fallback`.
    private static func blend(_ observed: [Double], _ fallback: [Double], evidence: Double) -> [Double] {
        let weight = evidence / (evidence + smoothingEvidence)
        return zip(observed, fallback).map { weight * $0 + (1 - weight) * $1 }
    }
}

/// Everything that shapes a card simulation, with the fields, meanings and defaults of
/// fsrs-rs's `SimulatorConfig` (`default_simulator_config()`), so that a simulation here and
/// one in fsrs-rs can be run on the same input.
///
/// The simulated learner studies a deck of cards for ``learnSpanDays`` days. Each day, cards
/// due for review are reviewed first (lowest difficulty first), then new cards are learned,
/// until a limit stops the day: ``maximumCostPerDaySeconds`` (by default never passed, see
/// ``costCapRule``; 0 or infinity means no limit), ``reviewLimitPerDay`` and
/// ``learnLimitPerDay``. What is left waits for the next day. A simulation may also start from
/// a learner's existing cards (``ExistingCard``, ``CardSimulator/init(configuration:parameters:existingCards:)``),
/// and a learner's own habits can be read from their review log
/// (`DerivedSimulatorSettings`).
///
/// Ratings are drawn from the probabilities here; recall at a review is drawn from the memory
/// model's retrievability. Time is counted with the costs of ``stateRatingCosts``.
///
/// ```swift
/// var configuration = SimulatorConfiguration()   // fsrs-rs's defaults: 10,000 cards, 365 days, 1,800 s a day
/// configuration.deckSize = 500
/// configuration.learnLimitPerDay = 20
/// let simulator = try CardSimulator(configuration: configuration)
/// ```
public struct SimulatorConfiguration: Sendable, Hashable {
    /// Cards in the deck, all new at the start (fsrs-rs `deck_size`, default 10,000).
    public var deckSize: Int
    /// Days simulated (fsrs-rs `learn_span`, default 365).
    public var learnSpanDays: Int
    /// The daily cap on seconds of study (fsrs-rs `max_cost_perday`, default 1,800); 0 or
    /// `.infinity` means no limit. What the cap means is ``costCapRule``'s.
    public var maximumCostPerDaySeconds: Double
    /// Whether the daily cap is never passed (the default) or, as fsrs-rs has it, only checked
    /// before each card. Not an fsrs-rs field.
    public var costCapRule: CostCapRule
    /// The longest interval in days (fsrs-rs `max_ivl`, default 36,500).
    public var maximumIntervalDays: Int
    /// Probabilities (0–1, summing to 1) of the first rating of a new card: Again, Hard, Good,
    /// Easy (fsrs-rs `first_rating_prob`, default 0.24, 0.094, 0.495, 0.171).
    public var firstRatingProbabilities: [Double]
    /// Probabilities (0–1, summing to 1) of Hard, Good and Easy when a review card is recalled
    /// (fsrs-rs `review_rating_prob`, default 0.224, 0.631, 0.145). Again is drawn from the
    /// retrievability.
    public var reviewRatingProbabilities: [Double]
    /// The next rating within a learning session given the previous one: three rows (after
    /// Again, Hard, Good) of four probabilities (Again, Hard, Good, Easy), each summing to 1
    /// (fsrs-rs `learning_step_transitions`).
    public var learningStepTransitions: [[Double]]
    /// As ``learningStepTransitions``, for the relearning steps after a lapse (fsrs-rs
    /// `relearning_step_transitions`).
    public var relearningStepTransitions: [[Double]]
    /// Seconds a rating takes in each state: three rows (learning, review, relearning) of four
    /// costs (Again, Hard, Good, Easy) (fsrs-rs `state_rating_costs`).
    public var stateRatingCosts: [[Double]]
    /// Good or Easy answers needed to leave learning (fsrs-rs `learning_step_count`, default 2).
    public var learningStepCount: Int
    /// Good or Easy answers needed to leave relearning (fsrs-rs `relearning_step_count`,
    /// default 1).
    public var relearningStepCount: Int
    /// New cards learned a day at most (fsrs-rs `learn_limit`, default unlimited: `Int.max`).
    /// New card `i` becomes available on day `i / learnLimitPerDay`; 0 means no new cards.
    public var learnLimitPerDay: Int
    /// Reviews a day at most (fsrs-rs `review_limit`, default unlimited: `Int.max`).
    public var reviewLimitPerDay: Int
    /// Whether new cards may be learned after ``reviewLimitPerDay`` is reached (fsrs-rs
    /// `new_cards_ignore_review_limit`, default true). When false, learned and reviewed cards
    /// together count against the review limit.
    public var newCardsIgnoreReviewLimit: Bool
    /// A card is suspended (no more reviews; its memory still counts, fading) when it comes due
    /// with this many lapses (fsrs-rs `suspend_after_lapses`, default `nil`: never).
    public var suspendAfterLapses: Int?
    /// Spread review intervals within Anki's fuzz range (`FuzzRange` of ZhiXiScheduler),
    /// drawn from the simulation's generator. Not an fsrs-rs field (fsrs-rs does this only
    /// through a custom `post_scheduling_fn`); default false, as fsrs-rs.
    public var fuzz: Bool

    /// The fsrs-rs defaults (`default_simulator_config()`); any argument overrides one.
    /// - Complexity: O(1) beyond the arrays given.
    public init(
        deckSize: Int = 10_000,
        learnSpanDays: Int = 365,
        maximumCostPerDaySeconds: Double = 1_800,
        maximumIntervalDays: Int = 36_500,
        firstRatingProbabilities: [Double] = [0.24, 0.094, 0.495, 0.171],
        reviewRatingProbabilities: [Double] = [0.224, 0.631, 0.145],
        learningStepTransitions: [[Double]] = [
            [0.3686, 0.0628, 0.5108, 0.0577],
            [0.0442, 0.4553, 0.4457, 0.0549],
            [0.0519, 0.047, 0.8462, 0.055],
        ],
        relearningStepTransitions: [[Double]] = [
            [0.2157, 0.0643, 0.6595, 0.0604],
            [0.05, 0.4638, 0.4475, 0.0387],
            [0.1057, 0.1434, 0.7266, 0.0244],
        ],
        stateRatingCosts: [[Double]] = [
            [19.58, 18.79, 13.78, 10.71],
            [19.38, 17.59, 12.38, 8.94],
            [16.44, 15.25, 12.32, 8.03],
        ],
        learningStepCount: Int = 2,
        relearningStepCount: Int = 1,
        learnLimitPerDay: Int = .max,
        reviewLimitPerDay: Int = .max,
        newCardsIgnoreReviewLimit: Bool = true,
        suspendAfterLapses: Int? = nil,
        fuzz: Bool = false,
        costCapRule: CostCapRule = .neverExceeded
    ) {
        self.deckSize = deckSize
        self.learnSpanDays = learnSpanDays
        self.maximumCostPerDaySeconds = maximumCostPerDaySeconds
        self.maximumIntervalDays = maximumIntervalDays
        self.firstRatingProbabilities = firstRatingProbabilities
        self.reviewRatingProbabilities = reviewRatingProbabilities
        self.learningStepTransitions = learningStepTransitions
        self.relearningStepTransitions = relearningStepTransitions
        self.stateRatingCosts = stateRatingCosts
        self.learningStepCount = learningStepCount
        self.relearningStepCount = relearningStepCount
        self.learnLimitPerDay = learnLimitPerDay
        self.reviewLimitPerDay = reviewLimitPerDay
        self.newCardsIgnoreReviewLimit = newCardsIgnoreReviewLimit
        self.suspendAfterLapses = suspendAfterLapses
        self.fuzz = fuzz
        self.costCapRule = costCapRule
    }

    /// The daily cap in seconds as the simulator applies it: `.infinity` when there is none
    /// (``maximumCostPerDaySeconds`` 0 or infinite).
    public var effectiveCostCapSeconds: Double {
        maximumCostPerDaySeconds == 0 ? .infinity : maximumCostPerDaySeconds
    }

    /// Whether a daily cap on seconds applies (``maximumCostPerDaySeconds`` is neither 0 nor
    /// infinite).
    public var hasCostCap: Bool { effectiveCostCapSeconds.isFinite }

    /// The deck of a learner's simulation: their `existingCardCount` cards and the
    /// `learnLimitPerDay` new ones they would learn on each of `spanDays` days, from 1 to
    /// ``maximumDeckSize``.
    ///
    /// - Complexity: O(1).
    /// - Parameters:
    ///   - existingCardCount: the learner's cards at the start.
    ///   - learnLimitPerDay: new cards a day.
    ///   - spanDays: days simulated.
    /// - Returns: the deck size.
    public static func learnerDeckSize(existingCardCount: Int, learnLimitPerDay: Int, spanDays: Int) -> Int {
        let (new, overflow) = learnLimitPerDay.multipliedReportingOverflow(by: spanDays)
        let (total, overflowTotal) = existingCardCount.addingReportingOverflow(new)
        return max(1, overflow || overflowTotal ? maximumDeckSize : min(maximumDeckSize, total))
    }

    /// The largest deck a simulation takes (its state is about 40 bytes a card).
    public static let maximumDeckSize = 100_000_000
    /// The longest span a simulation takes, in days (about 270 years).
    public static let maximumSpanDays = 100_000

    /// How far (absolute) a probability row may sum from 1 and still be accepted: fsrs-rs's
    /// own default rows, written to four decimals, sum to 0.9999–1.0001. Rows are normalised
    /// by their sum before use, as fsrs-rs's `WeightedIndex` does.
    public static let probabilitySumTolerance = 0.001

    /// Checks every field; ``CardSimulator/init(configuration:parameters:existingCards:)`` calls it.
    /// - Throws: ``SimulationConfigurationError`` naming the first bad field by its fsrs-rs
    ///   name (e.g. `first_rating_prob`) and saying what is allowed.
    /// - Complexity: O(size of the configuration's tables).
    public func validate() throws(SimulationConfigurationError) {
        try Self.require(deckSize >= 1 && deckSize <= Self.maximumDeckSize, .deckSize, "\(deckSize)",
                         "from 1 to \(Self.maximumDeckSize) cards")
        try Self.require(learnSpanDays >= 1 && learnSpanDays <= Self.maximumSpanDays, .learnSpan, "\(learnSpanDays)",
                         "from 1 to \(Self.maximumSpanDays) days")
        try Self.require(maximumCostPerDaySeconds >= 0 && !maximumCostPerDaySeconds.isNaN, .maxCostPerDay,
                         "\(maximumCostPerDaySeconds)", "0 or more seconds (0: no limit)")
        try Self.require(maximumIntervalDays >= 1, .maxInterval, "\(maximumIntervalDays)", "at least 1 day")
        try Self.checkRow(firstRatingProbabilities, field: .firstRatingProbabilities, row: nil, count: 4)
        try Self.checkRow(reviewRatingProbabilities, field: .reviewRatingProbabilities, row: nil, count: 3)
        for (field, rows) in [(Field.learningStepTransitions, learningStepTransitions),
                              (Field.relearningStepTransitions, relearningStepTransitions)] {
            guard rows.count == 3 else { throw .wrongCount(field: field.rawValue, expected: 3, actual: rows.count) }
            for (index, row) in rows.enumerated() {
                try Self.checkRow(row, field: field, row: index, count: 4)
            }
        }
        guard stateRatingCosts.count == 3 else {
            throw .wrongCount(field: Field.stateRatingCosts.rawValue, expected: 3, actual: stateRatingCosts.count)
        }
        for (index, row) in stateRatingCosts.enumerated() {
            guard row.count == 4 else {
                throw .wrongCount(field: "\(Field.stateRatingCosts.rawValue)[\(index)]", expected: 4, actual: row.count)
            }
            if let bad = row.firstIndex(where: { !($0 >= 0 && $0.isFinite) }) {
                throw .outOfRange(field: "\(Field.stateRatingCosts.rawValue)[\(index)][\(bad)]", value: "\(row[bad])",
                                  allowed: "a finite number of seconds, 0 or more")
            }
        }
        try Self.require(learningStepCount >= 0, .learningStepCount, "\(learningStepCount)", "0 or more")
        try Self.require(relearningStepCount >= 0, .relearningStepCount, "\(relearningStepCount)", "0 or more")
        try Self.require(learnLimitPerDay >= 0, .learnLimit, "\(learnLimitPerDay)", "0 or more cards a day")
        try Self.require(reviewLimitPerDay >= 0, .reviewLimit, "\(reviewLimitPerDay)", "0 or more reviews a day")
        if let lapses = suspendAfterLapses {
            try Self.require(lapses >= 0, .suspendAfterLapses, "\(lapses)", "0 or more lapses, or null for never")
        }
    }

    private static func require(_ condition: Bool, _ field: Field, _ value: String, _ allowed: String) throws(SimulationConfigurationError) {
        guard condition else { throw .outOfRange(field: field.rawValue, value: value, allowed: allowed) }
    }

    private static func checkRow(_ row: [Double], field: Field, row index: Int?, count: Int) throws(SimulationConfigurationError) {
        let name = index.map { "\(field.rawValue)[\($0)]" } ?? field.rawValue
        guard row.count == count else { throw .wrongCount(field: name, expected: count, actual: row.count) }
        if let bad = row.firstIndex(where: { !($0 >= 0 && $0 <= 1) }) {
            throw .outOfRange(field: "\(name)[\(bad)]", value: "\(row[bad])", allowed: "a probability from 0 to 1")
        }
        let sum = row.reduce(0, +)
        guard abs(sum - 1) <= probabilitySumTolerance else { throw .probabilitiesDoNotSumToOne(field: name, sum: sum) }
    }
}

extension SimulatorConfiguration {
    /// The fields by their fsrs-rs (`SimulatorConfig`) names, the keys of its JSON form.
    package enum Field: String, Sendable, CaseIterable {
        /// ``SimulatorConfiguration/deckSize``.
        case deckSize = "deck_size"
        /// ``SimulatorConfiguration/learnSpanDays``.
        case learnSpan = "learn_span"
        /// ``SimulatorConfiguration/maximumCostPerDaySeconds``.
        case maxCostPerDay = "max_cost_perday"
        /// ``SimulatorConfiguration/maximumIntervalDays``.
        case maxInterval = "max_ivl"
        /// ``SimulatorConfiguration/firstRatingProbabilities``.
        case firstRatingProbabilities = "first_rating_prob"
        /// ``SimulatorConfiguration/reviewRatingProbabilities``.
        case reviewRatingProbabilities = "review_rating_prob"
        /// ``SimulatorConfiguration/learningStepTransitions``.
        case learningStepTransitions = "learning_step_transitions"
        /// ``SimulatorConfiguration/relearningStepTransitions``.
        case relearningStepTransitions = "relearning_step_transitions"
        /// ``SimulatorConfiguration/stateRatingCosts``.
        case stateRatingCosts = "state_rating_costs"
        /// ``SimulatorConfiguration/learningStepCount``.
        case learningStepCount = "learning_step_count"
        /// ``SimulatorConfiguration/relearningStepCount``.
        case relearningStepCount = "relearning_step_count"
        /// ``SimulatorConfiguration/learnLimitPerDay``.
        case learnLimit = "learn_limit"
        /// ``SimulatorConfiguration/reviewLimitPerDay``.
        case reviewLimit = "review_limit"
        /// ``SimulatorConfiguration/newCardsIgnoreReviewLimit``.
        case newCardsIgnoreReviewLimit = "new_cards_ignore_review_limit"
        /// ``SimulatorConfiguration/suspendAfterLapses``.
        case suspendAfterLapses = "suspend_after_lapses"
    }
}

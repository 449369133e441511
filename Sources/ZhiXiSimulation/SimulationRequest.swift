import Foundation
import ZhiXiCore
import ZhiXiMemory
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiScheduler

/// A simulation as a person asks for it — the options of `zhixi-review simulate`, each `nil`
/// (or empty, or false) when not given — and every rule that turns it into simulators ready
/// to sweep: which mode, which defaults, the order in which fsrs-rs's defaults, a learner's
/// review log, a configuration file and the options override each other, the deck a review
/// log implies, the daily cap, a learner's workspace as a ZhiXi-mode start, and the most work
/// one request may take.
///
/// Two steps: ``validate()`` checks the options among themselves, before any file is read;
/// ``prepare(_:)`` takes what the files held (``Inputs``) and builds the simulation.
///
/// ```swift
/// var request = SimulationRequest()
/// request.spanDays = 90
/// request.itemCount = 500
/// let mode = try request.validate()              // .cards
/// let simulation = try request.prepare(SimulationRequest.Inputs(currentTime: Date()))
/// let result = await simulation.run()
/// ```
package struct SimulationRequest: Sendable, Hashable {
    /// The mode asked for; without one, ZhiXi mode for a workspace and cards mode otherwise.
    package var mode: SimulationMode?
    /// Whether the learner is a review log (cards mode: their habits and cards), which
    /// ``Inputs/reviewLog`` carries.
    package var hasReviewLog = false
    /// Whether the learner is a workspace (ZhiXi mode: their lessons and memory), which
    /// ``Inputs/workspace`` carries.
    package var hasWorkspace = false
    /// Whether a configuration file in fsrs-rs's JSON form is given (cards mode); its bytes
    /// are ``Inputs/configuration``.
    package var hasConfigurationFile = false
    /// Days simulated.
    package var spanDays: Int?
    /// Cards in the deck, existing ones included, or lessons in a new course.
    package var itemCount: Int?
    /// The one desired retention.
    package var desiredRetention: Double?
    /// The retentions of a sweep (at least two).
    package var sweepRetentions: [Double]?
    /// The memory model's parameters.
    package var parameters = FSRSParameters.default
    /// New cards (a whole number) or new lessons (fractions accumulate) a day at most.
    package var newPerDay: Double?
    /// The daily cap in minutes; 0 lifts it.
    package var maximumMinutesPerDay: Double?
    /// The budget question: minutes a day, simulated as the daily cap.
    package var budgetMinutes: Double?
    /// Runs per retention.
    package var seedCount: Int?
    /// The first seed.
    package var firstSeed: UInt64?
    /// ZhiXi mode: minutes on some days of the week.
    package var weekdayMinutes: WeekdayMinutes?
    /// ZhiXi mode: days away (replacing a workspace's breaks when not empty).
    package var breaks: [StudyBreak] = []
    /// ZhiXi mode: the probability that an assessment names a new weak point, one for every
    /// rating or four (Again, Hard, Good, Easy).
    package var weakPointRates: [Double]?
    /// The moment a simulation from a learner starts from, or whose UTC day is day 1 of a new
    /// course with a shaped week.
    package var now: Date?
    /// The learner's time zone, overriding the log's default or the workspace's profile.
    package var timeZoneIdentifier: String?
    /// The hour the learner's study day starts, overriding as ``timeZoneIdentifier`` does.
    package var dayStartHour: Int?
    /// Whether the settings derived from the review log are to be saved.
    package var savesDerivedSettings = false
    /// Whether a chart or the per-day series are to be written (their daily series are kept).
    package var writesChartOrSeries = false

    /// A request with nothing given: fsrs-rs's default card simulation, one seed.
    package init() {}

    /// Runs per retention without ``seedCount``: one, or five for a sweep.
    package static let defaultSeedCount = (single: 1, sweep: 5)
    /// The first seed without ``firstSeed``.
    package static let defaultFirstSeed: UInt64 = 42
    /// The desired retention of a simulation that has none from the learner: the scheduler's
    /// default (py-fsrs's and fsrs-rs's 0.9).
    package static var defaultDesiredRetention: Double { SchedulerConfiguration.pyFSRS.desiredRetention }
    /// A new ZhiXi course without ``itemCount``: 100 lessons.
    package static let defaultCourseLessons = 100
    /// The estimated minutes of each lesson of a new ZhiXi course.
    package static let courseLessonMinutes = 20

    /// The most simulated item-days one request may take — days × cards (or lessons) ×
    /// seeds × retentions: 10¹⁰, about a minute of a release build on two cores.
    package static let maximumItemDays = 10_000_000_000.0
    /// The most days of daily series one request keeps for its report, chart or series —
    /// days × seeds × retentions: 4,000,000 (a few hundred megabytes).
    package static let maximumSeriesDays = 4_000_000.0

    /// The mode simulated: ``mode``, else ZhiXi mode for a workspace, cards mode otherwise.
    package var resolvedMode: SimulationMode { mode ?? (hasWorkspace ? .zhiXi : .cards) }

    /// Whether the learner's week is shaped (ZhiXi mode with ``weekdayMinutes`` or ``breaks``).
    private var shapesWeek: Bool { resolvedMode == .zhiXi && (weekdayMinutes != nil || !breaks.isEmpty) }

    /// Checks the options among themselves, before any file is read.
    ///
    /// - Complexity: O(1).
    /// - Returns: the mode simulated (``resolvedMode``).
    /// - Throws: ``SimulationRequestError`` for the first option that does not go with the
    ///   others, in the order of its cases.
    package func validate() throws(SimulationRequestError) -> SimulationMode {
        let mode = resolvedMode
        if mode == .cards, hasWorkspace { throw .workspaceNeedsZhiXiMode }
        if mode == .zhiXi, hasConfigurationFile { throw .configurationNeedsCardsMode }
        if mode == .zhiXi, hasReviewLog { throw .reviewLogNeedsCardsMode }
        if mode == .cards, weekdayMinutes != nil || !breaks.isEmpty { throw .weekShapeNeedsZhiXiMode }
        if !hasReviewLog, !hasWorkspace {
            // --now places a new course's week; otherwise it and the calendar mean nothing without a learner.
            if now != nil, !shapesWeek { throw .learnerSettingWithoutLearner(.now) }
            if timeZoneIdentifier != nil { throw .learnerSettingWithoutLearner(.timeZone) }
            if dayStartHour != nil { throw .learnerSettingWithoutLearner(.dayStart) }
        }
        if !hasReviewLog, savesDerivedSettings { throw .savedSettingsNeedReviewLog }
        if mode == .cards, weakPointRates != nil { throw .weakPointRatesNeedZhiXiMode }
        if sweepRetentions != nil, desiredRetention != nil { throw .retentionAndSweep }
        if let retentions = sweepRetentions, retentions.count < 2 { throw .sweepOfOneRetention(retentions.first ?? 0) }
        switch mode {
        case .cards:
            if let value = newPerDay, value != value.rounded() { throw .fractionalNewCards(value) }
        case .zhiXi:
            if let value = maximumMinutesPerDay, value != value.rounded() { throw .fractionalDailyCap(value) }
            if let value = budgetMinutes, value != value.rounded() { throw .fractionalBudget(value) }
            if hasWorkspace, itemCount != nil { throw .courseSizeWithWorkspace }
        }
        if let budget = budgetMinutes, maximumMinutesPerDay != nil { throw .budgetAndDailyCap(budget) }
        return mode
    }

    /// The study calendar a review log is read on: ``timeZoneIdentifier`` and
    /// ``dayStartHour``, else a profile's defaults (UTC, 04:00).
    ///
    /// - Complexity: O(1).
    /// - Returns: the calendar.
    /// - Throws: ``SimulationRequestError/calendar(_:)`` for an unknown time zone or an hour
    ///   outside 0–23.
    package func reviewLogCalendar() throws(SimulationRequestError) -> StudyCalendar {
        do {
            return try StudyCalendar(timeZoneIdentifier: timeZoneIdentifier ?? UserLearningProfile.defaultTimeZone,
                                     dayStartHour: dayStartHour ?? UserLearningProfile.defaultDayStartHour)
        } catch {
            throw .calendar(error)
        }
    }

    /// The seeds of every retention: ``firstSeed`` (default 42) and the ones after it.
    package var seeds: [UInt64] {
        let count = seedCount ?? (sweepRetentions == nil ? Self.defaultSeedCount.single : Self.defaultSeedCount.sweep)
        let first = firstSeed ?? Self.defaultFirstSeed
        return (0 ..< UInt64(max(0, count))).map { first &+ $0 }
    }

    /// Whether the runs keep their daily series: for what shows them — one retention's report,
    /// a chart, the series, the budget question.
    package var keepsDailySeries: Bool { sweepRetentions == nil || writesChartOrSeries || budgetMinutes != nil }

    /// Builds the simulation from the options and `inputs`: in cards mode fsrs-rs's defaults,
    /// then what the review log derived, then the configuration file, then the options; in
    /// ZhiXi mode the defaults or the workspace's learner, then the options. Checks the work
    /// against ``maximumItemDays`` and ``maximumSeriesDays`` before anything runs.
    ///
    /// - Complexity: O(cards) in cards mode; in ZhiXi mode from a workspace, the planner's
    ///   replay (O(n log n) in sessions and analyses).
    /// - Parameter inputs: what the request's files held, and the current time.
    /// - Returns: the simulators, the sweep and what describes them.
    /// - Throws: ``SimulationRequestError``: the rules of ``validate()``, a configuration file
    ///   or workspace that cannot be read, a simulation its simulator refuses, too much work.
    package func prepare(_ inputs: Inputs) throws(SimulationRequestError) -> PreparedSimulation {
        let mode = try validate()
        let parts = mode == .cards ? try cardsSimulation(inputs) : try zhiXiSimulation(inputs)
        let retentions = sweepRetentions ?? [desiredRetention ?? parts.defaultRetention]
        let seeds = seeds
        try SimulationWorkLimit.check(mode: mode, spanDays: parts.spanDays, itemCount: parts.itemCount, seeds: seeds.count,
                                      retentions: retentions.count, keepingSeries: keepsDailySeries)
        do {
            return PreparedSimulation(parts, sweep: try RetentionSweep(retentions: retentions, seeds: seeds,
                                                                       keepsDailySeries: keepsDailySeries))
        } catch {
            throw .refused(error)
        }
    }

    /// The daily cap in minutes (`nil`: none): the budget question's minutes, which are
    /// simulated as the cap, or ``maximumMinutesPerDay`` (0 lifts the cap), or `defaultMinutes`.
    private func dailyCap(default defaultMinutes: Double?) -> Double? {
        if let budgetMinutes { return budgetMinutes }
        if let minutes = maximumMinutesPerDay { return minutes == 0 ? nil : minutes }
        return defaultMinutes
    }

    /// Cards mode: fsrs-rs's defaults, then what the review log derives, then the
    /// configuration file, then the options.
    private func cardsSimulation(_ inputs: Inputs) throws(SimulationRequestError) -> PreparedSimulation.Parts {
        var configuration = SimulatorConfiguration()
        var existing: [ExistingCard] = []
        var start: PreparedSimulation.Start?
        if hasReviewLog {
            guard let log = inputs.reviewLog else { throw .missingInput(.reviewLog) }
            log.derived.apply(to: &configuration)
            existing = log.existingCards
            let calendar = try reviewLogCalendar()
            start = .init(moment: log.start, source: now != nil ? .given : .dayAfterLastReview,
                          firstDate: CivilDate(daysSince1970: calendar.dayNumber(of: log.start)))
        }
        var deckGiven = false
        if hasConfigurationFile {
            guard let data = inputs.configuration else { throw .missingInput(.configuration) }
            if let duplicate = JSONDuplicateKeyScanner.firstDuplicate(inBytes: data) { throw .configurationDuplicateKey(duplicate) }
            do {
                let read = try SimulatorConfiguration.reading(fsrsJSON: data, base: configuration)
                configuration = read.configuration
                deckGiven = read.givenFields.contains(.deckSize)
            } catch {
                throw .configuration(error)
            }
        }
        if let spanDays { configuration.learnSpanDays = spanDays }
        if let newPerDay { configuration.learnLimitPerDay = Int(newPerDay) }
        if let itemCount {
            configuration.deckSize = itemCount
            deckGiven = true
        }
        if hasReviewLog, !deckGiven {
            // The learner's cards and the new ones they would learn at their pace over the span.
            configuration.deckSize = SimulatorConfiguration.learnerDeckSize(
                existingCardCount: existing.count, learnLimitPerDay: configuration.learnLimitPerDay, spanDays: configuration.learnSpanDays)
        }
        let capMinutes = dailyCap(default: configuration.hasCostCap ? configuration.maximumCostPerDaySeconds / 60 : nil)
        configuration.maximumCostPerDaySeconds = capMinutes.map { $0 * 60 } ?? 0
        let simulator: CardSimulator
        do {
            simulator = try CardSimulator(configuration: configuration, parameters: parameters, existingCards: existing)
        } catch {
            throw .refused(error)
        }
        return PreparedSimulation.Parts(simulator: .cards(simulator), defaultRetention: Self.defaultDesiredRetention,
                                        spanDays: configuration.learnSpanDays, itemCount: configuration.deckSize,
                                        existingCardCount: existing.count, dailyCapMinutes: capMinutes, start: start)
    }

    /// ZhiXi mode: a new course, or a learner's workspace as of ``now`` (else the current time).
    private func zhiXiSimulation(_ inputs: Inputs) throws(SimulationRequestError) -> PreparedSimulation.Parts {
        var configuration = ZhiXiSimulationConfiguration()
        configuration.planner.parameters = parameters
        if let spanDays { configuration.spanDays = spanDays }
        if let newPerDay { configuration.newLessonsPerDay = newPerDay }
        let startingState: ZhiXiStartingState
        var defaultRetention = Self.defaultDesiredRetention
        var defaultBudget = Double(configuration.dailyMinutes)
        var start: PreparedSimulation.Start?
        var weakPointSource = PreparedSimulation.WeakPointSource.defaults
        var workspaceFirstDate: CivilDate?
        let moment = now ?? inputs.currentTime
        if hasWorkspace {
            guard let workspace = inputs.workspace else { throw .missingInput(.workspace) }
            configuration.planner.timeZoneIdentifier = timeZoneIdentifier
            configuration.planner.dayStartHour = dayStartHour
            let snapshot: PlannerMemorySnapshot
            do {
                snapshot = try ReviewPlanner(configuration: configuration.planner).memorySnapshot(of: PlannerInput(workspace: workspace),
                                                                                                  now: moment)
            } catch {
                throw .workspace(error)
            }
            startingState = ZhiXiStartingState(snapshot: snapshot, maximumWeakPointsPerLesson: configuration.weakPoints.maximumPerLesson)
            defaultRetention = snapshot.desiredRetention
            defaultBudget = Double(snapshot.dailyMinutes)
            configuration.weakPoints = WeakPointBehaviour(history: snapshot.weakPointHistory,
                                                          maximumPerLesson: configuration.weakPoints.maximumPerLesson)
            weakPointSource = .history(snapshot.weakPointHistory)
            configuration.weekdayMinutes = workspace.profile.weekdayMinutes
            configuration.breaks = workspace.profile.breaks ?? []
            configuration.startDate = CivilDate(daysSince1970: snapshot.today)
            workspaceFirstDate = configuration.startDate
            start = .init(moment: moment, source: now != nil ? .given : .currentTime, firstDate: workspaceFirstDate)
        } else {
            startingState = .newCourse(lessons: itemCount ?? Self.defaultCourseLessons, minutes: Self.courseLessonMinutes)
            configuration.startDate = CivilDate(daysSince1970: StudyCalendar.utc.dayNumber(of: moment))
            if now != nil {
                start = .init(moment: moment, source: .givenPlacingWeek, firstDate: configuration.startDate)
            }
        }
        if let weekdayMinutes { configuration.weekdayMinutes = weekdayMinutes }
        if !breaks.isEmpty { configuration.breaks = breaks }
        if configuration.weekdayMinutes == nil, configuration.breaks.isEmpty { configuration.startDate = nil }
        if let rates = weakPointRates {
            configuration.weakPoints.newWeakPointProbabilities = rates.count == 1 ? [Double](repeating: rates[0], count: 4) : rates
            weakPointSource = .given
        }
        let capMinutes = dailyCap(default: defaultBudget == 0 ? nil : defaultBudget)
        configuration.dailyMinutes = capMinutes.map { Int($0) } ?? 0
        let simulator: ZhiXiSimulator
        do {
            simulator = try ZhiXiSimulator(configuration: configuration, start: startingState)
        } catch {
            throw .refused(error)
        }
        return PreparedSimulation.Parts(
            simulator: .zhiXi(simulator), defaultRetention: defaultRetention, spanDays: configuration.spanDays,
            itemCount: startingState.lessons.count, studiedAtStart: startingState.studiedCount,
            dailyCapMinutes: configuration.dailyMinutes > 0 ? Double(configuration.dailyMinutes) : nil, start: start,
            weakPointSource: weakPointSource)
    }
}

extension SimulationRequest {
    /// What the request's files held, as the caller read them, and the current time.
    package struct Inputs: Sendable {
        /// The configuration file's bytes (fsrs-rs's JSON form), with ``SimulationRequest/hasConfigurationFile``.
        package var configuration: Data?
        /// The learner's review log, read (``SimulationRequest/hasReviewLog``).
        package var reviewLog: ReviewLogStart?
        /// The learner's workspace (``SimulationRequest/hasWorkspace``).
        package var workspace: LearnerWorkspace?
        /// The current time: the start of a workspace's simulation without a given moment, and
        /// the moment whose UTC day places a new course's week.
        package var currentTime: Date

        /// Inputs of these files at `currentTime`.
        /// - Parameters:
        ///   - configuration: the configuration file's bytes.
        ///   - reviewLog: the learner's review log, read.
        ///   - workspace: the learner's workspace.
        ///   - currentTime: the current time.
        package init(configuration: Data? = nil, reviewLog: ReviewLogStart? = nil, workspace: LearnerWorkspace? = nil,
                    currentTime: Date) {
            self.configuration = configuration
            self.reviewLog = reviewLog
            self.workspace = workspace
            self.currentTime = currentTime
        }
    }

    /// A learner's review log as a card simulation starts from it: their habits and their
    /// cards at the start.
    package struct ReviewLogStart: Sendable {
        /// The learner's habits.
        package var derived: DerivedSimulatorSettings
        /// Their cards at the start (cards never reviewed are left out).
        package var existingCards: [ExistingCard]
        /// The moment the simulation starts from.
        package var start: Date

        /// A start of these habits and cards at `start`.
        /// - Parameters:
        ///   - derived: the learner's habits.
        ///   - existingCards: their cards at the start.
        ///   - start: the moment the simulation starts from.
        package init(derived: DerivedSimulatorSettings, existingCards: [ExistingCard], start: Date) {
            self.derived = derived
            self.existingCards = existingCards
            self.start = start
        }

        /// The start of a learner whose log was replayed into `cards` and `reviews` on
        /// `calendar`: their habits derived from the reviews, at `start` or else the start of
        /// the study day after their last review.
        ///
        /// - Complexity: O(cards + reviews).
        /// - Parameters:
        ///   - cards: the learner's cards as the replay left them.
        ///   - reviews: the replay's reviews.
        ///   - calendar: the calendar the log was replayed on.
        ///   - start: the moment to start from; `nil` for the day after the last review.
        /// - Throws: ``SimulationRequestError/startBeforeLastReview(start:reason:)`` for a
        ///   `start` before a card's last review.
        package init(replayedCards cards: [Card], reviews: [CardReview], calendar: StudyCalendar,
                    start: Date?) throws(SimulationRequestError) {
            derived = DerivedSimulatorSettings(reviews: reviews, calendar: calendar)
            let lastDay = reviews.map { calendar.dayNumber(of: $0.reviewedAt) }.max() ?? 0
            let moment = start ?? calendar.start(ofDay: lastDay + 1)
            do {
                existingCards = try ExistingCard.cards(from: cards, startingAt: moment, calendar: calendar)
            } catch {
                throw .startBeforeLastReview(start: moment, reason: error)
            }
            self.start = moment
        }
    }
}

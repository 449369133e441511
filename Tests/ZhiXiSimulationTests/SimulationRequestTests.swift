import Foundation
import Testing
import ZhiXiCore
import ZhiXiMemory
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiScheduler
@testable import ZhiXiSimulation

/// Every rule of ``SimulationRequest``: the modes and which options go with them, the order of
/// defaults, review log, configuration file and options, the deck a review log implies, the
/// daily cap, a workspace as a ZhiXi start, seeds, and the work limits — without a process.
@Suite("Simulation requests")
struct SimulationRequestTests {
    static let now = ISO8601DateFormatter().date(from: "2026-11-29T01:00:00Z")!

    /// The error `body` throws, or `nil`.
    static func refusal(_ body: () throws(SimulationRequestError) -> Void) -> SimulationRequestError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    /// `request` validated: its error, or `nil` when it is valid.
    static func validation(_ request: SimulationRequest) -> SimulationRequestError? {
        refusal { () throws(SimulationRequestError) in _ = try request.validate() }
    }

    /// `request` prepared with `inputs`.
    static func prepared(_ request: SimulationRequest, _ inputs: SimulationRequest.Inputs = .init(currentTime: now))
        throws(SimulationRequestError) -> PreparedSimulation {
        try request.prepare(inputs)
    }

    /// A learner's review log: habits with `newCardsPerDay` new cards a day and `cards` cards.
    static func reviewLog(newCardsPerDay: Double, cards: Int) -> SimulationRequest.ReviewLogStart {
        var derived = DerivedSimulatorSettings(reviews: [], calendar: .utc)
        derived.newCardCount = 50
        derived.newCardsPerDay = newCardsPerDay
        derived.firstRatingProbabilities = [0.1, 0.2, 0.3, 0.4]
        let existing = (0 ..< cards).map { _ in
            ExistingCard(memory: MemoryState(stability: 10, difficulty: 5), lastReviewDay: -2, dueDay: 8)
        }
        return .init(derived: derived, existingCards: existing, start: now)
    }

    static func sampleWorkspace() throws -> LearnerWorkspace {
        try LearnerWorkspace(jsonData: Data(contentsOf: WorkspaceStartTests.workspaceURL))
    }

    @Test("the mode: cards without a learner or with a review log, ZhiXi mode with a workspace, unless one is asked for")
    func modes() throws {
        var request = SimulationRequest()
        #expect(try request.validate() == .cards)
        request.hasWorkspace = true
        #expect(try request.validate() == .zhiXi)
        request.mode = .cards
        #expect(Self.validation(request) == .workspaceNeedsZhiXiMode)
        request = SimulationRequest()
        request.hasReviewLog = true
        #expect(try request.validate() == .cards)
        request.mode = .zhiXi
        #expect(Self.validation(request) == .reviewLogNeedsCardsMode)
        // A workspace and a review log: ZhiXi mode, so the review log is the one refused.
        request.mode = nil
        request.hasWorkspace = true
        #expect(Self.validation(request) == .reviewLogNeedsCardsMode)
    }

    @Test("options of one mode are refused in the other")
    func optionsOfTheOtherMode() {
        var request = SimulationRequest()
        request.mode = .zhiXi
        request.hasConfigurationFile = true
        #expect(Self.validation(request) == .configurationNeedsCardsMode)
        request = SimulationRequest()
        request.breaks = [StudyBreak(from: CivilDate(year: 2026, month: 12, day: 3), to: CivilDate(year: 2026, month: 12, day: 5))]
        #expect(Self.validation(request) == .weekShapeNeedsZhiXiMode)
        request = SimulationRequest()
        request.weekdayMinutes = WeekdayMinutes(saturday: 15)
        #expect(Self.validation(request) == .weekShapeNeedsZhiXiMode)
        request = SimulationRequest()
        request.weakPointRates = [0.3]
        #expect(Self.validation(request) == .weakPointRatesNeedZhiXiMode)
        request = SimulationRequest()
        request.newPerDay = 2.5
        #expect(Self.validation(request) == .fractionalNewCards(2.5))
        request.mode = .zhiXi
        #expect(Self.validation(request) == nil)
        request.maximumMinutesPerDay = 20.5
        #expect(Self.validation(request) == .fractionalDailyCap(20.5))
        request.maximumMinutesPerDay = nil
        request.budgetMinutes = 12.5
        #expect(Self.validation(request) == .fractionalBudget(12.5))
        request.mode = .cards
        request.newPerDay = nil
        #expect(Self.validation(request) == nil)
    }

    @Test("a moment, a time zone or a day start needs a learner; a moment may place a new course's shaped week")
    func learnerSettings() {
        var request = SimulationRequest()
        request.now = Self.now
        #expect(Self.validation(request) == .learnerSettingWithoutLearner(.now))
        request.mode = .zhiXi
        #expect(Self.validation(request) != nil)
        request.weekdayMinutes = WeekdayMinutes(sunday: 0)
        #expect(Self.validation(request) == nil)
        request.timeZoneIdentifier = "Asia/Shanghai"
        #expect(Self.validation(request) == .learnerSettingWithoutLearner(.timeZone))
        request.timeZoneIdentifier = nil
        request.dayStartHour = 5
        #expect(Self.validation(request) == .learnerSettingWithoutLearner(.dayStart))
        request.hasWorkspace = true
        #expect(Self.validation(request) == nil)
        request = SimulationRequest()
        request.savesDerivedSettings = true
        #expect(Self.validation(request) == .savedSettingsNeedReviewLog)
        request.hasReviewLog = true
        #expect(Self.validation(request) == nil)
    }

    @Test("one retention or a sweep of at least two; the budget question or a daily cap; a course size or a workspace")
    func exclusiveOptions() {
        var request = SimulationRequest()
        request.desiredRetention = 0.85
        request.sweepRetentions = [0.8, 0.9]
        #expect(Self.validation(request) == .retentionAndSweep)
        request.desiredRetention = nil
        request.sweepRetentions = [0.8]
        #expect(Self.validation(request) == .sweepOfOneRetention(0.8))
        request.sweepRetentions = nil
        request.budgetMinutes = 20
        request.maximumMinutesPerDay = 30
        #expect(Self.validation(request) == .budgetAndDailyCap(20.0))
        request = SimulationRequest()
        request.hasWorkspace = true
        request.itemCount = 50
        #expect(Self.validation(request) == .courseSizeWithWorkspace)
    }

    @Test("seeds: one, or five for a sweep, from 42 unless given")
    func seeds() {
        var request = SimulationRequest()
        #expect(request.seeds == [42])
        request.sweepRetentions = [0.8, 0.9]
        #expect(request.seeds == [42, 43, 44, 45, 46])
        request.seedCount = 2
        request.firstSeed = UInt64.max
        #expect(request.seeds == [UInt64.max, 0])
    }

    @Test("cards mode: fsrs-rs's defaults, then the review log, then the configuration file, then the options")
    func precedence() throws {
        var request = SimulationRequest()
        var simulation = try Self.prepared(request)
        #expect(simulation.cardsConfiguration == SimulatorConfiguration(costCapRule: .neverExceeded))
        #expect(simulation.sweep.retentions == [0.9] && simulation.defaultRetention == 0.9)

        request.hasReviewLog = true
        let log = Self.reviewLog(newCardsPerDay: 7, cards: 3)
        simulation = try Self.prepared(request, .init(reviewLog: log, currentTime: Self.now))
        #expect(simulation.cardsConfiguration?.learnLimitPerDay == 7)
        #expect(simulation.cardsConfiguration?.firstRatingProbabilities == [0.1, 0.2, 0.3, 0.4])
        #expect(simulation.existingCardCount == 3)

        request.hasConfigurationFile = true
        let file = Data(#"{"learn_limit": 9, "learn_span": 30}"#.utf8)
        simulation = try Self.prepared(request, .init(configuration: file, reviewLog: log, currentTime: Self.now))
        #expect(simulation.cardsConfiguration?.learnLimitPerDay == 9)
        #expect(simulation.cardsConfiguration?.firstRatingProbabilities == [0.1, 0.2, 0.3, 0.4])
        #expect(simulation.spanDays == 30)

        request.newPerDay = 4
        request.spanDays = 20
        simulation = try Self.prepared(request, .init(configuration: file, reviewLog: log, currentTime: Self.now))
        #expect(simulation.cardsConfiguration?.learnLimitPerDay == 4)
        #expect(simulation.spanDays == 20)
    }

    @Test("with a review log the deck is the learner's cards and the new ones of every day, unless a deck size is given")
    func deckFromReviewLog() throws {
        var request = SimulationRequest()
        request.hasReviewLog = true
        request.spanDays = 10
        let log = Self.reviewLog(newCardsPerDay: 7, cards: 3)
        #expect(try Self.prepared(request, .init(reviewLog: log, currentTime: Self.now)).itemCount == 3 + 7 * 10)
        let none = Self.reviewLog(newCardsPerDay: 0, cards: 0)
        var empty = none
        empty.derived.newCardCount = 0
        #expect(try Self.prepared(request, .init(reviewLog: empty, currentTime: Self.now)).itemCount == 1)
        request.itemCount = 500
        #expect(try Self.prepared(request, .init(reviewLog: log, currentTime: Self.now)).itemCount == 500)
        request.itemCount = nil
        request.hasConfigurationFile = true
        // The key is read as JSON reads it, so an escape in it is still deck_size.
        let file = Data(#"{"deck\u005fsize": 250}"#.utf8)
        #expect(try Self.prepared(request, .init(configuration: file, reviewLog: log, currentTime: Self.now)).itemCount == 250)
        // A deck size of the default's value is still given.
        let defaultSize = Data(#"{"deck_size": 10000}"#.utf8)
        #expect(try Self.prepared(request, .init(configuration: defaultSize, reviewLog: log, currentTime: Self.now)).itemCount == 10_000)
        #expect(SimulatorConfiguration.learnerDeckSize(existingCardCount: 5, learnLimitPerDay: .max, spanDays: 2)
                    == SimulatorConfiguration.maximumDeckSize)
    }

    @Test("the configuration file: a key twice and a field fsrs-rs does not have are refused")
    func configurationFile() {
        var request = SimulationRequest()
        request.hasConfigurationFile = true
        let twice = Data(#"{"deck_size": 5, "deck_size": 6}"#.utf8)
        let duplicate = Self.refusal { () throws(SimulationRequestError) in
            _ = try Self.prepared(request, .init(configuration: twice, currentTime: Self.now))
        }
        if case .configurationDuplicateKey(let key)? = duplicate { #expect(key.key == "deck_size") } else { Issue.record("\(String(describing: duplicate))") }
        let unknown = Self.refusal { () throws(SimulationRequestError) in
            _ = try Self.prepared(request, .init(configuration: Data(#"{"decks": 5}"#.utf8), currentTime: Self.now))
        }
        #expect(unknown == .configuration(.unknownField("decks")))
        let missing = Self.refusal { () throws(SimulationRequestError) in _ = try Self.prepared(request) }
        #expect(missing == .missingInput(.configuration))
    }

    @Test("the daily cap: the budget question's minutes, else the cap given (0 lifts it), else the configuration's or the default")
    func dailyCap() throws {
        var request = SimulationRequest()
        #expect(try Self.prepared(request).dailyCapMinutes == 30)
        request.maximumMinutesPerDay = 0
        #expect(try Self.prepared(request).dailyCapMinutes == nil)
        #expect(try Self.prepared(request).cardsConfiguration?.hasCostCap == false)
        request.maximumMinutesPerDay = 12
        #expect(try Self.prepared(request).cardsConfiguration?.maximumCostPerDaySeconds == 720)
        request.maximumMinutesPerDay = nil
        request.budgetMinutes = 8
        #expect(try Self.prepared(request).dailyCapMinutes == 8)
        request.budgetMinutes = nil
        request.hasConfigurationFile = true
        let uncapped = Data(#"{"max_cost_perday": 0}"#.utf8)
        #expect(try Self.prepared(request, .init(configuration: uncapped, currentTime: Self.now)).dailyCapMinutes == nil)
        let capped = Data(#"{"max_cost_perday": 600}"#.utf8)
        #expect(try Self.prepared(request, .init(configuration: capped, currentTime: Self.now)).dailyCapMinutes == 10)

        var course = SimulationRequest()
        course.mode = .zhiXi
        #expect(try Self.prepared(course).dailyCapMinutes == 30)
        course.maximumMinutesPerDay = 0
        #expect(try Self.prepared(course).dailyCapMinutes == nil)
        #expect(try Self.prepared(course).zhiXiConfiguration?.dailyMinutes == 0)
        course.maximumMinutesPerDay = nil
        course.budgetMinutes = 45
        #expect(try Self.prepared(course).zhiXiConfiguration?.dailyMinutes == 45)
    }

    @Test("a new ZhiXi course: 100 lessons of 20 minutes, a lesson a day; a given moment's UTC day places a shaped week")
    func newCourse() throws {
        var request = SimulationRequest()
        request.mode = .zhiXi
        var simulation = try Self.prepared(request)
        #expect(simulation.itemCount == 100 && simulation.studiedAtStart == 0)
        #expect(simulation.zhiXiConfiguration?.newLessonsPerDay == 1 && simulation.zhiXiConfiguration?.spanDays == 365)
        #expect(simulation.zhiXiConfiguration?.startDate == nil && simulation.start == nil)
        #expect(simulation.weakPointSource == .defaults)
        guard case .zhiXi(let simulator) = simulation.simulator else { Issue.record("not ZhiXi mode"); return }
        #expect(simulator.start.lessons.allSatisfy { $0.estimatedMinutes == 20 && $0.memory == nil })

        request.itemCount = 12
        request.weekdayMinutes = WeekdayMinutes(sunday: 0)
        request.now = Self.now
        request.weakPointRates = [0.25]
        simulation = try Self.prepared(request)
        #expect(simulation.itemCount == 12)
        #expect(simulation.start?.source == .givenPlacingWeek)
        // 01:00 UTC is before 04:00, when the study day of the UTC calendar starts: still the 28th.
        #expect(simulation.start?.firstDate == CivilDate(year: 2026, month: 11, day: 28))
        #expect(simulation.zhiXiConfiguration?.startDate == CivilDate(year: 2026, month: 11, day: 28))
        #expect(simulation.zhiXiConfiguration?.weakPoints.newWeakPointProbabilities == [0.25, 0.25, 0.25, 0.25])
        #expect(simulation.weakPointSource == .given)
    }

    @Test("a workspace is a ZhiXi start: its lessons and memories, its retention, budget and week, as of the moment given or the current time")
    func workspaceStart() throws {
        let workspace = try Self.sampleWorkspace()
        var request = SimulationRequest()
        request.hasWorkspace = true
        let missing = Self.refusal { () throws(SimulationRequestError) in _ = try Self.prepared(request) }
        #expect(missing == .missingInput(.workspace))
        let simulation = try Self.prepared(request, .init(workspace: workspace, currentTime: WorkspaceStartTests.now))
        let snapshot = try ReviewPlanner().memorySnapshot(of: PlannerInput(workspace: workspace), now: WorkspaceStartTests.now)
        #expect(simulation.itemCount == snapshot.lessons.count)
        #expect(simulation.studiedAtStart == ZhiXiStartingState(snapshot: snapshot, maximumWeakPointsPerLesson: 3).studiedCount)
        #expect(simulation.studiedAtStart > 0)
        #expect(simulation.defaultRetention == snapshot.desiredRetention)
        #expect(simulation.dailyCapMinutes == Double(snapshot.dailyMinutes))
        #expect(simulation.start?.source == .currentTime && simulation.start?.moment == WorkspaceStartTests.now)
        #expect(simulation.start?.firstDate == CivilDate(daysSince1970: snapshot.today))
        #expect(simulation.weakPointSource == .history(snapshot.weakPointHistory))
        #expect(simulation.zhiXiConfiguration?.weekdayMinutes == workspace.profile.weekdayMinutes)

        request.now = WorkspaceStartTests.now.addingTimeInterval(86_400)
        request.desiredRetention = 0.8
        let away = StudyBreak(from: CivilDate(year: 2026, month: 12, day: 3), to: CivilDate(year: 2026, month: 12, day: 5))
        request.breaks = [away]
        let later = try Self.prepared(request, .init(workspace: workspace, currentTime: WorkspaceStartTests.now))
        #expect(later.start?.source == .given)
        #expect(later.sweep.retentions == [0.8])
        #expect(later.zhiXiConfiguration?.breaks == [away])

        var broken = workspace
        broken.profile.desiredRetention = 1.5
        let refused = Self.refusal { () throws(SimulationRequestError) in
            _ = try Self.prepared(request, .init(workspace: broken, currentTime: WorkspaceStartTests.now))
        }
        guard case .workspace? = refused else { Issue.record("\(String(describing: refused))"); return }
    }

    @Test("work limits: item-days always, days of series only when the series are kept")
    func workLimits() throws {
        var request = SimulationRequest()
        request.itemCount = 200_000
        request.spanDays = 60_000
        let work = Self.refusal { () throws(SimulationRequestError) in _ = try Self.prepared(request) }
        guard case .tooMuchWork(let limit)? = work else { Issue.record("\(String(describing: work))"); return }
        #expect(limit.itemDays == 12_000_000_000 && limit.mode == .cards)

        request = SimulationRequest()
        request.itemCount = 1
        request.spanDays = 100_000
        request.sweepRetentions = [0.8, 0.85, 0.9]
        request.seedCount = 14
        // 100,000 days × 14 seeds × 3 retentions = 4.2 million days of series: kept only for a chart or the budget.
        #expect(!request.keepsDailySeries)
        #expect(try Self.prepared(request).sweep.keepsDailySeries == false)
        request.writesChartOrSeries = true
        let series = Self.refusal { () throws(SimulationRequestError) in _ = try Self.prepared(request) }
        guard case .tooManySeriesDays(let kept)? = series else { Issue.record("\(String(describing: series))"); return }
        #expect(kept.seriesDays == 4_200_000)
    }

    @Test("a simulator's refusal is the request's: a retention outside 0–1 as the one to simulate")
    func refusedBySimulator() {
        var request = SimulationRequest()
        request.desiredRetention = 1.2
        let refused = Self.refusal { () throws(SimulationRequestError) in _ = try Self.prepared(request) }
        #expect(refused == .refused(.desiredRetentionOutOfRange(1.2)))
    }

    @Test("a review log's start: the day after its last review, or the moment given, never before a card's last review")
    func reviewLogStart() throws {
        let calendar = StudyCalendar.utc
        let reviewed = Self.now.addingTimeInterval(-3 * 86_400 + 3_600)
        let card = Card(id: 1, state: .review, step: nil, memoryState: MemoryState(stability: 4, difficulty: 5),
                        due: reviewed.addingTimeInterval(86_400 * 4), lastReview: reviewed, reviewCount: 1, lapses: 0)
        let review = CardReview(cardID: 1, rating: .good, reviewedAt: reviewed, elapsedDays: 0, scheduledDays: 4,
                                cardBefore: Card(id: 1, due: reviewed))
        let start = try SimulationRequest.ReviewLogStart(replayedCards: [card], reviews: [review], calendar: calendar, start: nil)
        #expect(start.start == calendar.start(ofDay: calendar.dayNumber(of: reviewed) + 1))
        #expect(start.existingCards.count == 1)
        let given = try SimulationRequest.ReviewLogStart(replayedCards: [card], reviews: [review], calendar: calendar, start: Self.now)
        #expect(given.start == Self.now)
        let early = Self.refusal { () throws(SimulationRequestError) in
            _ = try SimulationRequest.ReviewLogStart(replayedCards: [card], reviews: [review], calendar: calendar,
                                                     start: reviewed.addingTimeInterval(-86_400))
        }
        guard case .startBeforeLastReview? = early else { Issue.record("\(String(describing: early))"); return }
    }
}

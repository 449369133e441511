import Testing
import ZhiXiMemory
import ZhiXiPlanner
@testable import ZhiXiSimulation

/// What a retention needs without the cap, and the pace of new items at which it fits: each
/// figure checked against simulations run here, directly, without the cap.
@Suite("The budget's real need: the retention uncapped, and the pace at which it fits")
struct BudgetNeedTests {
    static let seeds: [UInt64] = [1, 2, 3]

    /// The uncapped card runs of `configuration` at `pace` new cards a day, one per seed.
    static func uncappedCards(_ configuration: SimulatorConfiguration, pace: Int? = nil,
                              existing: [ExistingCard] = []) throws -> [SimulationResult] {
        var configuration = configuration
        configuration.maximumCostPerDaySeconds = 0
        if let pace { configuration.learnLimitPerDay = pace }
        let simulator = try CardSimulator(configuration: configuration, existingCards: existing)
        return try seeds.map { try simulator.run(desiredRetention: 0.9, seed: $0) }
    }

    /// Whether no run passes `minutes` on any day.
    static func fits(_ runs: [SimulationResult], minutes: Double) -> Bool {
        runs.allSatisfy { run in run.days.seconds.allSatisfy { $0 / 60 - minutes <= 1e-3 / 60 } }
    }

    @Test("cards: the need is the retention without the cap; the pace found fits and one card more does not")
    func cards() async throws {
        let configuration = smallConfiguration { $0.maximumCostPerDaySeconds = 10 * 60 }
        let need = await BudgetNeed.measure(retention: 0.9, seeds: Self.seeds, simulator: .cards(try CardSimulator(configuration: configuration)),
                                            budgetMinutes: 10, dayAllowances: nil, searchingPace: true)
        let uncapped = try Self.uncappedCards(configuration)
        #expect(need.runs.runs.map(\.summary) == uncapped.map(\.summary))
        #expect(need.pace == 15 && need.paceStep == 1)
        let over = uncapped.map { run in Double(run.days.seconds.filter { $0 / 60 > 10 }.count) }
        #expect(need.compliance.daysOverBudget.mean == over.reduce(0, +) / 3)
        #expect(!need.compliance.fits, "15 new cards a day pass 10 minutes on some day")
        let fit = try #require(need.fittingPace)
        #expect(fit.reviewsAlone == nil && !fit.isLearnerPace, "no card exists at the start: without new cards nothing is due")
        let pace = fit.newPerDay
        #expect(pace >= 1 && pace < 15 && pace == pace.rounded())
        #expect(Self.fits(try Self.uncappedCards(configuration, pace: Int(pace)), minutes: 10), "at \(pace) a day no day passes 10 min")
        #expect(!Self.fits(try Self.uncappedCards(configuration, pace: Int(pace) + 1), minutes: 10), "at \(pace + 1) a day some day does")
    }

    @Test("cards: a budget the pace keeps is said so; one that the reviews alone pass is said so, with the pace that passes it on not clearly more days")
    func atPaceAndWithoutNewItems() async throws {
        let configuration = smallConfiguration { $0.maximumCostPerDaySeconds = 10 * 60 }
        let roomy = await BudgetNeed.measure(retention: 0.9, seeds: Self.seeds, simulator: .cards(try CardSimulator(configuration: configuration)),
                                             budgetMinutes: 1_000, dayAllowances: nil, searchingPace: true)
        #expect(roomy.fittingPace == BudgetNeed.PaceFit(newPerDay: 15, isLearnerPace: true, reviewsAlone: nil) && roomy.compliance.fits)
        let notAsked = await BudgetNeed.measure(retention: 0.9, seeds: Self.seeds, simulator: .cards(try CardSimulator(configuration: configuration)),
                                                budgetMinutes: 10, dayAllowances: nil, searchingPace: false)
        #expect(notAsked.fittingPace == nil)
        // 200 cards due on the first day take more than 5 minutes whatever the pace.
        let existing = (0 ..< 200).map { _ in ExistingCard(memory: MemoryState(stability: 3, difficulty: 5), lastReviewDay: -3, dueDay: 0) }
        let learner = try CardSimulator(configuration: configuration, existingCards: existing)
        let busy = await BudgetNeed.measure(retention: 0.9, seeds: Self.seeds, simulator: .cards(learner), budgetMinutes: 5,
                                            dayAllowances: nil, searchingPace: true)
        let fit = try #require(busy.fittingPace)
        let none = try #require(fit.reviewsAlone, "the reviews alone pass 5 minutes on the first day")
        let withoutNew = try Self.uncappedCards(configuration, pace: 0, existing: existing)
        #expect(!Self.fits(withoutNew, minutes: 5))
        #expect(none.daysOverBudget.mean == Double(withoutNew.map { run in run.days.seconds.filter { $0 / 60 > 5 }.count }.reduce(0, +)) / 3)
        // The pace found passes it on not clearly more days than the reviews alone, seed for seed; one card more does.
        func clearlyMore(_ runs: [SimulationResult]) -> Bool {
            let extra = zip(runs, withoutNew).map { pair in
                Double(pair.0.days.seconds.filter { $0 / 60 - 5 > 1e-3 / 60 }.count - pair.1.days.seconds.filter { $0 / 60 - 5 > 1e-3 / 60 }.count)
            }
            let days = MeanAndDeviation(extra)
            return days.mean > 2 * days.standardError
        }
        #expect(!clearlyMore(try Self.uncappedCards(configuration, pace: Int(fit.newPerDay), existing: existing)))
        if !fit.isLearnerPace {
            #expect(clearlyMore(try Self.uncappedCards(configuration, pace: Int(fit.newPerDay) + 1, existing: existing)))
        }
    }

    @Test("ZhiXi mode: the pace is searched in steps of 0.05 lessons a day, and what it names holds")
    func lessons() async throws {
        let configuration = ZhiXiSimulationConfiguration(spanDays: 60, newLessonsPerDay: 1, dailyMinutes: 30)
        let start = ZhiXiStartingState.newCourse(lessons: 40, minutes: 20)
        let simulator = try ZhiXiSimulator(configuration: configuration, start: start)
        let need = await BudgetNeed.measure(retention: 0.9, seeds: Self.seeds, simulator: .zhiXi(simulator), budgetMinutes: 30,
                                            dayAllowances: nil, searchingPace: true)
        func uncapped(_ pace: Double) throws -> [SimulationResult] {
            var open = configuration
            open.dailyMinutes = 0
            open.newLessonsPerDay = pace
            let simulator = try ZhiXiSimulator(configuration: open, start: start)
            return try Self.seeds.map { try simulator.run(desiredRetention: 0.9, seed: $0) }
        }
        #expect(need.runs.runs.map(\.summary) == (try uncapped(1)).map(\.summary))
        #expect(need.paceStep == BudgetNeed.lessonPaceStep)
        let fit = try #require(need.fittingPace)
        #expect(fit.reviewsAlone == nil, "a new course without new lessons does nothing")
        #expect(!fit.isLearnerPace, "a 20-minute lesson a day and its reviews pass 30 minutes on some day")
        let pace = fit.newPerDay, steps = pace / BudgetNeed.lessonPaceStep
        #expect(abs(steps - steps.rounded()) < 1e-9 && pace > 0 && pace < 1)
        #expect(Self.fits(try uncapped(pace), minutes: 30))
        #expect(!Self.fits(try uncapped(pace + BudgetNeed.lessonPaceStep), minutes: 30))
    }

    @Test("the new items that waited, day by day: released by the pace and not started; none without a cap")
    func newWaiting() throws {
        let capped = try CardSimulator(configuration: smallConfiguration { $0.maximumCostPerDaySeconds = 5 * 60 })
            .run(desiredRetention: 0.9, seed: 4)
        // 300 cards at 15 a day are all released by day 20 of 60: what is left at the end waited.
        #expect(capped.days.newWaiting.last == capped.summary.notStarted)
        #expect(capped.days.newWaiting.contains { $0 > 0 })
        for day in 0 ..< capped.days.count {
            let released = min(300, 15 * (day + 1)), learned = capped.days.learned[...day].reduce(0, +)
            #expect(capped.days.newWaiting[day] == released - learned)
        }
        let free = try Self.uncappedCards(smallConfiguration())
        #expect(free.allSatisfy { $0.days.newWaiting.allSatisfy { $0 == 0 } })
        // A deck larger than the pace reaches: the cards never released are not waiting.
        let slow = try CardSimulator(configuration: smallConfiguration {
            $0.maximumCostPerDaySeconds = 0
            $0.learnLimitPerDay = 2
        }).run(desiredRetention: 0.9, seed: 4)
        #expect(slow.days.newWaiting.last == 0 && slow.summary.notStarted == 300 - 120)
    }

    @Test("how sure the budget's pick is: the seeds' own picks, and the retentions not clearly fewer")
    func howSure() async throws {
        let sweep = try RetentionSweep(retentions: [0.8, 0.85, 0.9, 0.95], seeds: [1, 2, 3, 4])
        let result = await sweep.run(try CardSimulator(configuration: smallConfiguration { $0.maximumCostPerDaySeconds = 8 * 60 }))
        let answer = result.budgetAnswer(minutesPerDay: 8)
        let candidates = answer.somethingFits ? answer.compliance.indices.filter { answer.compliance[$0].fits } : Array(result.points.indices)
        let chosen = result.points[answer.chosenIndex]
        #expect(answer.plausible.contains(chosen.desiredRetention))
        for seed in 0 ..< 4 {
            let best = candidates.max { result.points[$0].runs[seed].summary.memorizedAtEnd <= result.points[$1].runs[seed].summary.memorizedAtEnd }!
            #expect(answer.seedChoiceRange.contains(result.points[best].desiredRetention))
        }
        for index in candidates where result.points[index].desiredRetention != chosen.desiredRetention {
            let shortfall = MeanAndDeviation(zip(chosen.runs, result.points[index].runs).map { $0.summary.memorizedAtEnd - $1.summary.memorizedAtEnd })
            let clearlyFewer = shortfall.mean > 2 * shortfall.standardError
            #expect(answer.plausible.contains(result.points[index].desiredRetention) == !clearlyFewer)
        }
        // One seed: the pick alone.
        let single = await (try RetentionSweep(retentions: [0.8, 0.9], seeds: [1])).run(try CardSimulator(configuration: smallConfiguration()))
        #expect(single.budgetAnswer(minutesPerDay: 1_000).plausible.count == 1)
    }
}

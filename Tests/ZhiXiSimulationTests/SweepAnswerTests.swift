import Testing
import ZhiXiMemory
import ZhiXiPlanner
@testable import ZhiXiSimulation

@Suite("A cap that is a cap, and a sweep that says when its answer is not one")
struct SweepAnswerTests {
    @Test("the daily cap is never passed: a card that would pass it waits, with every card after it, and the waits are counted",
          arguments: [300.0, 600.0, 900.0])
    func capNeverPassed(cap: Double) throws {
        let simulator = try CardSimulator(configuration: smallConfiguration { $0.maximumCostPerDaySeconds = cap })
        let result = try simulator.run(desiredRetention: 0.9, seed: 11, recordingReviews: true)
        var entries = [Int](repeating: 0, count: result.days.count)
        for entry in result.reviewLog { entries[entry.day] += 1 }
        for day in 0 ..< result.days.count {
            #expect(result.days.seconds[day] <= cap || entries[day] == 1,
                    "day \(day): \(result.days.seconds[day]) s in \(entries[day]) cards, cap \(cap)")
        }
        #expect(result.summary.capReachedDays > 0)
        #expect(result.summary.capReachedDays == result.days.capReached.filter { $0 }.count)
        #expect(result.summary.deferredReviews == result.days.deferredReviews.reduce(0, +))
        if cap == 300 {
            #expect(result.summary.deferredReviews > 0, "a tight cap makes reviews wait")
            #expect(result.reviewLog.contains { $0.kind == .review && $0.day > $0.dueDay }, "a review that waited is done later")
        }
    }

    @Test("fsrs-rs's rule lets the last card of a day pass the cap; the default never does, and does less")
    func rules() throws {
        let strict = try CardSimulator(configuration: smallConfiguration { $0.maximumCostPerDaySeconds = 300 })
        let fsrs = try CardSimulator(configuration: smallConfiguration {
            $0.maximumCostPerDaySeconds = 300
            $0.costCapRule = .startWhileUnder
        })
        let strictRun = try strict.run(desiredRetention: 0.9, seed: 3), fsrsRun = try fsrs.run(desiredRetention: 0.9, seed: 3)
        #expect(fsrsRun.days.seconds.contains { $0 > 300 })
        #expect(strictRun.summary.totalSeconds < fsrsRun.summary.totalSeconds)
    }

    @Test("a cap of 0 means no limit, as infinity does")
    func zeroIsNoLimit() throws {
        let none = try CardSimulator(configuration: smallConfiguration { $0.maximumCostPerDaySeconds = 0 }).run(desiredRetention: 0.9, seed: 5)
        let infinite = try CardSimulator(configuration: smallConfiguration { $0.maximumCostPerDaySeconds = .infinity })
            .run(desiredRetention: 0.9, seed: 5)
        #expect(none == infinite)
        #expect(none.summary.capReachedDays == 0 && none.summary.deferredReviews == 0)
        #expect(none.summary.totalLearned == 300)
    }

    @Test("steady-state figures are the means of the last 30 days")
    func steadyState() throws {
        let result = try CardSimulator(configuration: smallConfiguration()).run(desiredRetention: 0.9, seed: 2)
        let last = result.days.seconds.suffix(30)
        #expect(abs(result.summary.steadyMinutesPerDay - last.reduce(0, +) / 60 / 30) < 1e-9)
        #expect(abs(result.summary.steadyReviewsPerDay - Double(result.days.reviews.suffix(30).reduce(0, +)) / 30) < 1e-9)
    }

    @Test("the near-optimal retentions are exactly those within 2 % of the lowest mean cost")
    func nearOptimal() async throws {
        let sweep = try RetentionSweep(retentions: RetentionSweep.retentions(from: 0.70, through: 0.95, step: 0.05), seeds: [1, 2])
        let result = await sweep.run(try CardSimulator(configuration: smallConfiguration { $0.maximumCostPerDaySeconds = 0 }))
        let means = result.points.map { $0.statistics(.secondsPerMemorized).mean }
        let lowest = means.min()!
        let expected = result.points.indices.filter { means[$0] <= lowest * 1.02 }.map { result.points[$0].desiredRetention }
        let recommendation = try #require(result.recommendation)
        #expect(recommendation.nearOptimal == expected)
        #expect(recommendation.nearOptimal.contains(recommendation.retention))
        #expect(recommendation.criterion == .secondsPerMemorized)
    }

    @Test("the budget is judged on every day from the first; the answer remembers the most of those that fit; marginal minutes when measured")
    func budget() async throws {
        let sweep = try RetentionSweep(retentions: [0.75, 0.8, 0.85, 0.9, 0.95], seeds: [1, 2])
        let result = await sweep.run(try CardSimulator(configuration: smallConfiguration { $0.maximumCostPerDaySeconds = 0 }))
        // Without a cap, the workload itself is judged: the first days of learning are the heaviest.
        let peaks = result.points.map { point in point.runs.map { $0.days.seconds.max()! / 60 }.max()! }
        let steady = result.points.map { $0.statistics(.steadyMinutesPerDay).mean }
        #expect(zip(peaks, steady).allSatisfy { $0 > $1 }, "a day early on asks more than the last 30 days")
        let minutes = (peaks[1] + peaks[2]) / 2
        let answer = result.budgetAnswer(minutesPerDay: minutes)
        for (index, compliance) in answer.compliance.enumerated() {
            #expect(compliance.fits == (peaks[index] <= minutes), "retention \(compliance.retention): worst day \(peaks[index]), budget \(minutes)")
            #expect(compliance.worstDayMinutes == peaks[index])
            let over = result.points[index].runs.map { run in Double(run.days.seconds.filter { $0 / 60 > minutes }.count) }
            #expect(compliance.daysOverBudget.mean == over.reduce(0, +) / 2)
            #expect(compliance.worstWeek.count == 7)
        }
        let fitting = answer.compliance.indices.filter { answer.compliance[$0].fits }
        let memorized = result.points.map { $0.statistics(.memorizedAtEnd).mean }
        if let best = fitting.max(by: { memorized[$0] < memorized[$1] }) {
            #expect(answer.fittingIndex == best)
            #expect(result.budgetPoint(minutesPerDay: minutes)?.desiredRetention == result.points[best].desiredRetention)
        }
        // A budget below every retention's first days: nothing fits, and the answer names the one that remembers the most.
        let none = result.budgetAnswer(minutesPerDay: (peaks.min() ?? 0) / 2)
        #expect(none.fittingIndex == nil && !none.somethingFits)
        #expect(result.budgetPoint(minutesPerDay: (peaks.min() ?? 0) / 2) == nil)
        #expect(none.closestIndex == memorized.indices.max { memorized[$0] < memorized[$1] })
        #expect(none.compliance.allSatisfy { !$0.fits && !$0.daysOver.isEmpty && $0.worstExcessMinutes > 0 })
        let marginal = result.marginalMinutesPerItem
        #expect(marginal[0] == nil)
        let extra = result.extraAgainstPrevious
        #expect(extra[0] == nil)
        for index in 1 ..< result.points.count {
            let cost = try #require(extra[index])
            let gained = result.points[index].statistics(.memorizedAtEnd).mean - result.points[index - 1].statistics(.memorizedAtEnd).mean
            let spent = result.points[index].statistics(.totalMinutes).mean - result.points[index - 1].statistics(.totalMinutes).mean
            #expect(abs(cost.extraItems.mean - gained) < 1e-6 && abs(cost.extraMinutes.mean - spent) < 1e-6)
            if cost.verdict == .measured, cost.buysMore {
                #expect(abs(marginal[index]! - spent / gained) < 1e-9)
            } else {
                #expect(marginal[index] == nil)
            }
        }
    }

    @Test("warnings: a binding cap, flat minutes, an optimum at the edge or outside Anki's range, parameters at a bound, few items")
    func warnings() async throws {
        // fsrs-rs's default situation in small: new cards without limit, so the cap binds every
        // day and the minutes do not move.
        let capped = await (try RetentionSweep(retentions: [0.5, 0.55, 0.6], seeds: [1, 2]))
            .run(try CardSimulator(configuration: smallConfiguration {
                $0.deckSize = 5_000
                $0.learnLimitPerDay = .max
                $0.maximumCostPerDaySeconds = 600
            }))
        var atBound = FSRSParameters.defaultWeights
        atBound[3] = 100
        let codes = SimulationWarning.warnings(for: capped, parameters: try FSRSParameters(atBound), trainingItemCount: 169,
                                               capMinutes: 10).map(\.code)
        #expect(codes.contains("capBinds"))
        #expect(codes.contains("flatMinutes"))
        #expect(codes.contains("optimumAtEdge"))
        #expect(codes.contains("outsideAnkiRange"))
        #expect(codes.contains("parametersAtBound"))
        #expect(codes.contains("fewItems"))
        let bound = SimulationWarning.warnings(for: capped, parameters: try FSRSParameters(atBound)).first { $0.code == "parametersAtBound" }
        #expect(bound?.description.contains("w[3] (first stability after Easy) = 100") == true)
        // Without a cap, over Anki's range, with the defaults and enough items: none of these.
        let open = await (try RetentionSweep(retentions: RetentionSweep.retentions(from: 0.70, through: 0.97, step: 0.03), seeds: [1, 2]))
            .run(try CardSimulator(configuration: smallConfiguration { $0.maximumCostPerDaySeconds = 0 }))
        let openCodes = SimulationWarning.warnings(for: open, parameters: .default, trainingItemCount: 6_276).map(\.code)
        #expect(!openCodes.contains("capBinds") && !openCodes.contains("flatMinutes") && !openCodes.contains("parametersAtBound")
                && !openCodes.contains("fewItems") && !openCodes.contains("outsideAnkiRange"))
        #expect(FSRSParameters.default.indicesAtFittedBounds().isEmpty, "the defaults' own bound (w[7]) is not a warning")
    }

    @Test("ZhiXi mode recommends by cost per item gained, so lessons known on day 1 are not credited to the span's study")
    func zhiXiCriterion() async throws {
        var lessons = [PlannerMemorySnapshot.Lesson](repeating: PlannerMemorySnapshot.Lesson(estimatedMinutes: 15), count: 20)
        for index in 0 ..< 12 {
            lessons[index].memory = PlannerMemorySnapshot.Memory(state: MemoryState(stability: 20, difficulty: 5), lastReviewDay: -3)
            lessons[index].latestScore = 80
        }
        let simulator = try ZhiXiSimulator(configuration: ZhiXiSimulationConfiguration(spanDays: 60, newLessonsPerDay: 0.5, dailyMinutes: 30),
                                           start: ZhiXiStartingState(lessons: lessons))
        let result = await (try RetentionSweep(retentions: [0.8, 0.9], seeds: [1, 2])).run(simulator)
        #expect(result.criterion == .secondsPerItemGained)
        for run in result.points.flatMap(\.runs) {
            #expect(run.summary.memorizedAtStart > 10)
            #expect(abs(run.summary.secondsPerItemGained - run.summary.totalSeconds / (run.summary.memorizedAtEnd - run.summary.memorizedAtStart)) < 1e-9)
        }
    }

    @Test("the weak-point rate of a learner's history: new weak points per assessment, pulled towards the default by its evidence")
    func weakPointRate() {
        let history = WeakPointHistory(assessments: [10, 0, 100, 50], newWeakPoints: [15, 0, 20, 0])
        let behaviour = WeakPointBehaviour(history: history)
        let defaults = WeakPointBehaviour().newWeakPointProbabilities
        #expect(abs(behaviour.newWeakPointProbabilities[0] - (10.0 / 60 * 1 + 50.0 / 60 * defaults[0])) < 1e-12, "capped at 1")
        #expect(behaviour.newWeakPointProbabilities[1] == defaults[1], "no evidence: the default")
        #expect(abs(behaviour.newWeakPointProbabilities[2] - (100.0 / 150 * 0.2 + 50.0 / 150 * defaults[2])) < 1e-12)
        #expect(abs(behaviour.newWeakPointProbabilities[3] - (50.0 / 100 * 0 + 50.0 / 100 * defaults[3])) < 1e-12)
        #expect(history.ratePerAssessment[1] == nil && history.ratePerAssessment[2] == 0.2)
    }
}

import ZhiXiModel

/// What a desired retention needs without the daily cap, against a budget: the learner's real
/// need beside what the cap deferred (``BudgetCompliance``). The same retention and seeds are
/// simulated with no cap (cards mode: no `maximumCostPerDaySeconds`; ZhiXi mode: no daily
/// budget, the days without study kept), and judged against the budget on every day: their
/// minutes a day, the days they pass it, the worst day and week.
///
/// With the pace search (``fittingPace``), it also finds the most new items a day that keep the
/// budget as well as the reviews alone do (the runs without new items): when the reviews alone
/// never pass it, the pace at which the retention keeps within the budget with nothing waiting
/// (no day over in any seed); when they do (a learner's overdue cards on the first days, long
/// reviews), the pace whose days over are not clearly more than theirs, seed for seed
/// (`SeedNoise`: within two standard errors). The search doubles, then halves, the pace over
/// whole cards a day (cards mode) or steps of ``lessonPaceStep`` lessons a day (ZhiXi mode),
/// from none up to the learner's pace; whatever the shape of the need, the pace it names holds,
/// and one step more does not.
package struct BudgetNeed: Sendable {
    /// What the pace search found.
    package struct PaceFit: Sendable, Hashable {
        /// The most new items a day that keep the budget as well as the reviews alone: never
        /// passing it when they never do, else on not clearly more days.
        package let newPerDay: Double
        /// Whether that is the learner's own pace: it needs no fewer new items.
        package let isLearnerPace: Bool
        /// The uncapped runs without new items against the budget, when their reviews alone pass
        /// it on some day (`nil` when they fit): the days a pace may pass it.
        package let reviewsAlone: BudgetCompliance?
    }

    /// The desired retention.
    package let retention: Double
    /// The uncapped runs at the learner's pace, one per seed (the daily series kept).
    package let runs: SimulationRuns
    /// The uncapped runs against the budget: days over, the worst day and week.
    package let compliance: BudgetCompliance
    /// The learner's pace simulated, in new items a day; `nil` when it has no limit (cards
    /// mode: every new card may start on the first day).
    package let pace: Double?
    /// The step of the pace search: 1 card a day, or ``lessonPaceStep`` lessons a day.
    package let paceStep: Double
    /// What the pace search found; `nil` when it was not asked.
    package let fittingPace: PaceFit?

    /// The step of the pace search in ZhiXi mode, in lessons a day (one lesson every 20 days).
    package static let lessonPaceStep = 0.05

    /// The uncapped need of `retention` under `simulator` (whose cap is lifted here) with
    /// `seeds`, against `budgetMinutes` a day or each day's own minutes in `dayAllowances`;
    /// with `searchingPace`, the pace that fits too.
    /// - Complexity: O(seeds · (2 + 2 log₂(pace found))) runs of the simulator with the pace
    ///   search, O(seeds) runs without it; the seeds of a pace run in parallel.
    static func measure(retention: Double, seeds: [UInt64], simulator: PreparedSimulation.Simulator, budgetMinutes: Double,
                        dayAllowances: [Double]?, searchingPace: Bool) async -> BudgetNeed {
        let pace = simulator.newItemsPerDay
        let step = simulator.isCards ? 1 : lessonPaceStep
        func compliance(newPerDay: Double?) async -> (SimulationRuns, BudgetCompliance) {
            let sweep = try! RetentionSweep(retentions: [retention], seeds: seeds)   // checked by the sweep that named it
            let runs = await simulator.uncapped(newItemsPerDay: newPerDay).runSweep(sweep).points[0]
            return (runs, BudgetCompliance(runs: runs, minutesPerDay: budgetMinutes, dayAllowances: dayAllowances))
        }
        let (runs, atPace) = await compliance(newPerDay: nil)
        // Steps 0 … top, the top being the learner's pace (or every new item at once).
        let ceiling = pace ?? Double(simulator.newItemCount)
        let top = max(0, Int((ceiling / step - 1e-9).rounded(.up)))
        func newPerDay(_ index: Int) -> Double { index >= top ? ceiling : Double(index) * step }
        var found: PaceFit?
        if searchingPace {
            if atPace.fits {
                found = PaceFit(newPerDay: ceiling, isLearnerPace: true, reviewsAlone: nil)
            } else {
                let none = top == 0 ? atPace : await compliance(newPerDay: 0).1
                let reviewsAlone = none.fits ? nil : none
                // Whether a pace keeps the budget worse than the reviews alone.
                func adds(_ compliance: BudgetCompliance) -> Bool {
                    guard reviewsAlone != nil else { return !compliance.fits }
                    let extra = zip(compliance.daysOverBySeed, none.daysOverBySeed).map { Double($0 - $1) }
                    return SeedNoise.isClearlyPositive(MeanAndDeviation(extra))
                }
                if !adds(atPace) {
                    found = PaceFit(newPerDay: ceiling, isLearnerPace: true, reviewsAlone: reviewsAlone)
                } else {
                    // Doubling from one step, then halving: the pace found is usually a few
                    // steps, and a pace near "every new item at once" is the slowest to simulate.
                    var fitting = 0, passing = top, probe = 1
                    while probe < passing {
                        if adds(await compliance(newPerDay: newPerDay(probe)).1) {
                            passing = probe
                        } else {
                            fitting = probe
                            probe *= 2
                        }
                    }
                    while passing - fitting > 1 {
                        let middle = (fitting + passing) / 2
                        if adds(await compliance(newPerDay: newPerDay(middle)).1) { passing = middle } else { fitting = middle }
                    }
                    found = PaceFit(newPerDay: newPerDay(fitting), isLearnerPace: false, reviewsAlone: reviewsAlone)
                }
            }
        }
        return BudgetNeed(retention: retention, runs: runs, compliance: atPace, pace: pace, paceStep: step, fittingPace: found)
    }
}

extension PreparedSimulation.Simulator {
    /// Whether it is the card simulator.
    var isCards: Bool {
        if case .cards = self { return true }
        return false
    }

    /// The pace of new items a day; `nil` for no limit.
    var newItemsPerDay: Double? {
        switch self {
        case .cards(let simulator):
            simulator.configuration.learnLimitPerDay == .max ? nil : Double(simulator.configuration.learnLimitPerDay)
        case .zhiXi(let simulator): simulator.configuration.newLessonsPerDay
        }
    }

    /// New items at the start: new cards in the deck, lessons not studied yet.
    var newItemCount: Int {
        switch self {
        case .cards(let simulator): simulator.configuration.deckSize - simulator.existingCards.count
        case .zhiXi(let simulator): simulator.start.lessons.count - simulator.start.studiedCount
        }
    }

    /// The same simulator without a daily cap (ZhiXi mode: no daily budget, and a weekday
    /// with minutes has no limit; the weekdays without study and the breaks stay), at
    /// `newItemsPerDay` new items a day (`nil`: its own pace).
    func uncapped(newItemsPerDay: Double?) -> Self {
        // The configurations were validated; no cap and a pace of 0 or more keep them valid.
        switch self {
        case .cards(let simulator):
            var configuration = simulator.configuration
            configuration.maximumCostPerDaySeconds = 0
            if let newItemsPerDay { configuration.learnLimitPerDay = Int(newItemsPerDay) }
            return .cards(try! CardSimulator(configuration: configuration, parameters: simulator.model.parameters,
                                             existingCards: simulator.existingCards))
        case .zhiXi(let simulator):
            var configuration = simulator.configuration
            configuration.dailyMinutes = 0
            if var weekdays = configuration.weekdayMinutes {
                for weekday in 1 ... 7 where (weekdays[weekday: weekday] ?? 0) > 0 { weekdays[weekday: weekday] = nil }
                configuration.weekdayMinutes = (1 ... 7).contains { weekdays[weekday: $0] != nil } ? weekdays : nil
            }
            if let newItemsPerDay { configuration.newLessonsPerDay = newItemsPerDay }
            return .zhiXi(try! ZhiXiSimulator(configuration: configuration, start: simulator.start))
        }
    }

    /// Runs `sweep` with this simulator.
    func runSweep(_ sweep: RetentionSweep) async -> RetentionSweepResult {
        switch self {
        case .cards(let simulator): await sweep.run(simulator)
        case .zhiXi(let simulator): await sweep.run(simulator)
        }
    }
}

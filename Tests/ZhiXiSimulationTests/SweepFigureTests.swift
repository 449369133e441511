import Testing
@testable import ZhiXiSimulation

/// A run with given totals (days of series left at zero unless `minutes` gives them).
private func run(_ retention: Double, seed: UInt64 = 0, mode: SimulationMode = .zhiXi, seconds: Double, start: Double = 0,
                 end: Double, minutes: [Double] = [0]) -> SimulationResult {
    var days = SimulationDays(dayCount: minutes.count, mode: mode)
    days.seconds = minutes.map { $0 * 60 }
    var summary = SimulationSummary(days: days)
    summary.totalSeconds = seconds
    summary.memorizedAtStart = start
    summary.memorizedAtEnd = end
    return SimulationResult(mode: mode, desiredRetention: retention, seed: seed, days: days, summary: summary)
}

/// One retention's runs, a seed per gain: `seconds` each, memorized at the end `start + gain`.
private func runs(_ retention: Double, gains: [Double], seconds: [Double]? = nil, start: Double = 20) -> SimulationRuns {
    SimulationRuns(runs: gains.enumerated().map { seed, gain in
        run(retention, seed: UInt64(seed), seconds: seconds?[seed] ?? 3_600, start: start, end: start + gain)
    })
}

@Suite("Figures that mean what they say: the noise rule, costs per item, extra items, a budget on every day")
struct SweepFigureTests {
    @Test("a mean is measurable beyond two standard errors from zero; one value when it is not zero; never when not finite")
    func noiseRule() {
        #expect(SeedNoise.isMeasurable(MeanAndDeviation([1.0, 1.1, 0.9])))
        #expect(!SeedNoise.isMeasurable(MeanAndDeviation([1.0, -1.0, 0.5, -0.6])))
        #expect(SeedNoise.isMeasurable(MeanAndDeviation([-3.0, -3.2, -2.9])) && !SeedNoise.isClearlyPositive(MeanAndDeviation([-3.0, -3.2, -2.9])))
        #expect(SeedNoise.isMeasurable(MeanAndDeviation([0.4])) && !SeedNoise.isMeasurable(MeanAndDeviation([0.0])))
        #expect(!SeedNoise.isMeasurable(MeanAndDeviation([1.0, .infinity])) && !SeedNoise.isMeasurable(MeanAndDeviation([Double]())))
        // Mean 1, two standard errors 1.15: within them.
        #expect(!SeedNoise.isMeasurable(MeanAndDeviation([0.0, 0.0, 2.0, 2.0])))
    }

    @Test("a cost per item gained is a number only when the items gained are clearly positive in every seed")
    func costVerdicts() {
        let measured = RetentionCost(runs: runs(0.9, gains: [3.1, 3.3, 3.2]), criterion: .secondsPerItemGained)
        #expect(measured.verdict == .measured)
        let expected = [3.1, 3.3, 3.2].map { 3_600 / $0 }.reduce(0, +) / 3
        #expect(abs(measured.secondsPerItem.mean - expected) < 1e-9 && abs(measured.minutesPerItem! - expected / 60) < 1e-9)
        let noise = RetentionCost(runs: runs(0.8, gains: [0.2, -0.3, 0.4, -0.1]), criterion: .secondsPerItemGained)
        #expect(noise.verdict == .notMeasurable && noise.minutesPerItem == nil)
        let lost = RetentionCost(runs: runs(0.7, gains: [-1.2, -1.4, -1.3]), criterion: .secondsPerItemGained)
        #expect(lost.verdict == .nothingGained && lost.minutesPerItem == nil)
        // Clearly positive on the whole, but one seed gained nothing: its cost is infinite, so the mean is no measurement.
        let oneSeedLost = RetentionCost(runs: runs(0.85, gains: [3, 3, 3, 3, 3, 3, 3, 3, -0.1]), criterion: .secondsPerItemGained)
        #expect(SeedNoise.isClearlyPositive(oneSeedLost.items) && oneSeedLost.verdict == .notMeasurable)
        // Cards mode divides by the items memorized at the end, start included.
        let cards = RetentionCost(runs: runs(0.9, gains: [0.1, -0.1], start: 1_000), criterion: .secondsPerMemorized)
        #expect(cards.verdict == .measured && abs(cards.items.mean - 1_000) < 1e-9)
    }

    @Test("extra items against another retention: a price only when items and minutes both clearly move, never negative")
    func extraVerdicts() {
        let base = runs(0.8, gains: [2, 2.2, 2.1], seconds: [6_000, 6_060, 6_030])
        let dearer = runs(0.85, gains: [3, 3.2, 3.1], seconds: [12_000, 12_120, 12_060])
        let trade = ExtraItemCost(from: base, to: dearer)
        #expect(trade.verdict == .measured && trade.buysMore)
        #expect(abs(trade.minutesPerExtraItem! - 100.5 / 1) < 1e-9, "6,030 s more = 100.5 min for 1 more item")
        let saving = ExtraItemCost(from: dearer, to: base)
        #expect(saving.verdict == .measured && !saving.buysMore && abs(saving.minutesPerExtraItem! - 100.5) < 1e-9)
        let noise = ExtraItemCost(from: base, to: runs(0.81, gains: [2.5, 1.8, 2.0], seconds: [9_000, 9_100, 9_050]))
        #expect(noise.verdict == .notMeasurable && noise.minutesPerExtraItem == nil)
        let free = ExtraItemCost(from: base, to: runs(0.82, gains: [3, 3.2, 3.1], seconds: [5_000, 5_100, 5_050]))
        #expect(free.verdict == .moreForLess && free.minutesPerExtraItem == nil)
        // Under a cap the minutes barely move: fewer items for the same minutes is no saving.
        let capped = ExtraItemCost(from: base, to: runs(0.95, gains: [1, 1.2, 1.1], seconds: [6_010, 6_050, 6_040]))
        #expect(capped.verdict == .fewerForMore && capped.minutesPerExtraItem == nil)
    }

    @Test("no measured cost, no recommendation; otherwise the lowest measured cost, and how sure among the measured only")
    func recommendationFromMeasuredCosts() throws {
        let none = RetentionSweepResult(points: [runs(0.7, gains: [-1, -1.2, -0.9]), runs(0.8, gains: [0.3, -0.2, 0.2])])
        #expect(none.recommendation == nil && none.recommendedIndex == nil)
        #expect(none.costs.map(\.verdict) == [.nothingGained, .notMeasurable])
        #expect(none.marginalMinutesPerItem.allSatisfy { $0 == nil })
        let codes = SimulationWarning.warnings(for: none, parameters: .default).map(\.code)
        #expect(!codes.contains("optimumAtEdge") && !codes.contains("outsideAnkiRange"), "no recommendation, so no warning about it")
        // 0.75 would be the cheapest per item if its noise counted (3,600 s / 0.3).
        let some = RetentionSweepResult(points: [runs(0.75, gains: [0.3, -0.2, 0.4]), runs(0.8, gains: [2, 2.1, 2.2]),
                                                 runs(0.85, gains: [3, 3.1, 3.2], seconds: [3_700, 3_700, 3_700])])
        let recommendation = try #require(some.recommendation)
        #expect(recommendation.retention == 0.85)
        #expect(recommendation.plausibleRange.lowerBound >= 0.8, "an unmeasured retention takes no part")
        #expect(recommendation.seedOptimaRange.lowerBound >= 0.8 && recommendation.nearOptimal.allSatisfy { $0 >= 0.8 })
    }

    @Test("the budget on every day: a day over its own allowance counts, the worst week is the heaviest 7 days")
    func compliance() {
        var minutes = [Double](repeating: 10, count: 20)
        minutes[3] = 40
        minutes[12 ..< 19] = [25, 25, 25, 25, 25, 25, 25]
        let points = SimulationRuns(runs: [run(0.9, seconds: minutes.reduce(0, +) * 60, end: 5, minutes: minutes)])
        let strict = BudgetCompliance(runs: points, minutesPerDay: 30)
        #expect(!strict.fits && strict.daysOver == [3] && strict.daysOverBudget.mean == 1)
        #expect(strict.worstDayMinutes == 40 && strict.worstDay == 3 && abs(strict.worstExcessMinutes - 10) < 1e-9)
        #expect(strict.worstWeek == 12 ..< 19 && abs(strict.worstWeekMinutesPerDay - 25) < 1e-9)
        // The learner's week gives day 3 an hour: then nothing passes.
        var allowances = [Double](repeating: 30, count: 20)
        allowances[3] = 60
        #expect(BudgetCompliance(runs: points, minutesPerDay: 30, dayAllowances: allowances).fits)
        // Under a budget below every day, nothing fits and the answer names the retention that remembers the most.
        let answer = RetentionSweepResult(points: [points, SimulationRuns(runs: [run(0.95, seconds: 0, end: 6, minutes: minutes)])])
            .budgetAnswer(minutesPerDay: 5)
        #expect(!answer.somethingFits && answer.chosenIndex == 1 && answer.compliance.allSatisfy { $0.daysOver.count == 20 })
    }
}

import ZhiXiLocalization
import ZhiXiSimulation

/// The answer to `--budget` in sentences: how it was simulated (as the daily cap), which
/// retention fits and remembers the most — or that nothing fits, and which remembers the most all the same — with its
/// worst day and week, the days it passed the budget and why, and what keeping within it cost.
enum SimulationBudgetText {
    /// The paragraph in `words`' language, empty without `--budget`.
    static func text(_ report: SimulationReport, words: Localization) -> String {
        guard let budget = report.budget else { return "" }
        let number = SimulationTextReport.number
        func say(_ key: String, _ values: [String: String] = [:]) -> String { words.sentence("simulate.budget." + key, in: .commands, values) }
        let cards = report.mode == .cards
        let minutes = number(budget.minutesPerDay, budget.minutesPerDay == budget.minutesPerDay.rounded() ? 0 : 1)
        var text = say("head", ["minutes": minutes, "newItems": words.text(cards ? "simulate.newItems.cards" : "simulate.newItems.lessons", in: .commands)])
        let chosen = budget.chosenIndex
        let point = report.points[chosen]
        let compliance = budget.compliance[chosen]
        let retention = number(point.desiredRetention, 2)
        let memorized = point.statistics(.memorizedAtEnd).mean
        let single = report.points.count == 1
        if single {
            text += compliance.fits ? say("single.fits", ["retention": retention])
                : say("single.over", ["retention": retention, "clause": overClause(compliance, report: report, words: words)])
        } else if budget.somethingFits {
            text += say("fits", ["retention": retention])
        } else {
            text += say("nothingFits", [
                "reason": reason(report, words: words), "retention": retention,
                "clause": overClause(compliance, report: report, withReason: false, words: words),
            ])
        }
        let decimals = report.mode == .zhiXi ? 1 : 0
        text += say("memorized", ["count": number(memorized, decimals), "items": SimulationTextReport.itemsNoun(report, words: words)])
        if let recommended = (report.outcome.sweepResult?.recommendedIndex).map({ report.points[$0] }),
           recommended.desiredRetention != point.desiredRetention {
            let difference = memorized - recommended.statistics(.memorizedAtEnd).mean
            text += say(difference >= 0 ? "more" : "fewer", ["count": number(abs(difference), decimals), "retention": number(recommended.desiredRetention, 2)])
        }
        text += say("days", [
            "average": number(point.statistics(.averageMinutesPerDay).mean, 1), "worstDay": number(compliance.worstDayMinutes, 1),
            "week": report.dates.named(in: words).range(compliance.worstWeek), "weekMinutes": number(compliance.worstWeekMinutesPerDay, 1),
        ])
        text += say("cost", ["clause": costClause(compliance, report: report, words: words)]) + "\n"
        if !single { text += howSure(report, budget: budget, words: words) + "\n" }
        if let need = report.budgetNeed { text += needText(need, report: report, words: words) + "\n" }
        if let recommendedIndex = report.outcome.sweepResult?.recommendedIndex, recommendedIndex != chosen {
            let recommended = budget.compliance[recommendedIndex]
            var values = ["retention": number(recommended.retention, 2), "clause": costClause(recommended, report: report, words: words)]
            if !recommended.fits { values["over"] = overClause(recommended, report: report, words: words) }
            text += say(recommended.fits ? "recommended.fits" : "recommended.over", values) + "\n"
            if let need = report.recommendedNeed {
                text += say(need.compliance.fits ? "recommendedNeed.fits" : "recommendedNeed.over", needValues(need, report: report, words: words)) + "\n"
            }
        }
        if single { text += say("sweepHint") + "\n" }
        return text
    }

    /// How sure the budget's pick is: the seeds' own picks, the retentions that remember not
    /// clearly fewer, and whether its difference from the recommendation is within the noise.
    static func howSure(_ report: SimulationReport, budget: BudgetAnswer, words: Localization) -> String {
        let number = SimulationTextReport.number
        func say(_ key: String, _ values: [String: String] = [:]) -> String { words.sentence("simulate.budget." + key, in: .commands, values) }
        let point = report.points[budget.chosenIndex]
        guard point.runs.count > 1 else { return words.sentence("simulate.howSure.oneSeed", in: .commands) }
        let retentions = report.points.map(\.desiredRetention)
        var against = ""
        if let result = report.outcome.sweepResult, let recommended = result.recommendedIndex, recommended != budget.chosenIndex {
            let extra = result.extraCost(from: recommended, to: budget.chosenIndex)
            let items = extra.extraItems.mean
            let decimals = report.mode == .zhiXi ? 1 : 0
            against = say("against." + (items >= 0 ? "more" : "fewer") + (extra.verdict == .notMeasurable ? ".noise" : ".clear"), [
                "count": number(abs(items), decimals), "retention": number(result.points[recommended].desiredRetention, 2),
            ])
        }
        let range = budget.seedChoiceRange
        return say(budget.plausible.count == 1 ? "howSure.one" : "howSure.all", [
            "choices": range.lowerBound == range.upperBound ? number(range.lowerBound, 2) : number(range.lowerBound, 2) + "–" + number(range.upperBound, 2),
            "mean": number(budget.seedChoices.mean, 3), "sd": number(budget.seedChoices.standardDeviation, 3),
            "plausible": SimulationTextReport.list(budget.plausible, in: retentions, words: words), "against": against,
        ])
    }

    /// What the budget's retention needs without the cap, and the pace of new items at which it
    /// fits with nothing waiting.
    static func needText(_ need: BudgetNeed, report: SimulationReport, words: Localization) -> String {
        func say(_ key: String, _ values: [String: String] = [:]) -> String { words.sentence("simulate.budget." + key, in: .commands, values) }
        var values = needValues(need, report: report, words: words)
        var text = say(need.compliance.fits ? "need.fits" : "need.over", values)
        guard let fit = need.fittingPace, !(fit.isLearnerPace && fit.reviewsAlone == nil) else { return text }
        let decimals = report.mode == .cards ? 0 : 2
        values["unit"] = words.text(report.mode == .cards ? "simulate.budget.paceUnit.cards" : "simulate.budget.paceUnit.lessons", in: .commands)
        values["count"] = SimulationTextReport.number(fit.newPerDay, decimals)
        values["next"] = SimulationTextReport.number(fit.newPerDay + need.paceStep, decimals)
        values["pace"] = need.pace.map { SimulationTextReport.number($0, $0 == $0.rounded() ? 0 : 2) }
            ?? words.text("simulate.budget.pace.unlimited", in: .commands)
        if let alone = fit.reviewsAlone {
            values["days"] = dayCount(alone.daysOverBudget)
            values["dates"] = report.dates.named(in: words).list(alone.daysOver)
            text += "\n" + say(fit.isLearnerPace ? "pace.reviewsAlone.atPace" : fit.newPerDay > 0 ? "pace.reviewsAlone.below" : "pace.reviewsAlone.none", values)
        } else {
            text += "\n" + say("pace.fitsAt", values)
        }
        return text
    }

    /// The blanks of the need's sentences: retention, average and steady minutes, what the need
    /// is judged against (the budget's minutes, or each day's own), days over it of the span, the
    /// worst day.
    static func needValues(_ need: BudgetNeed, report: SimulationReport, words: Localization) -> [String: String] {
        let number = SimulationTextReport.number
        let minutes = need.compliance.minutesPerDay
        // Judged against each day's own minutes when the learner's week differs.
        let limit = report.setting.dayAllowances != nil ? words.text("simulate.budget.limit.eachDay", in: .commands)
            : words.sentence("simulate.budget.limit.minutes", in: .commands, ["minutes": number(minutes, minutes == minutes.rounded() ? 0 : 1)])
        return [
            "retention": number(need.retention, 2), "average": number(need.runs.statistics(.averageMinutesPerDay).mean, 1),
            "steady": number(need.runs.statistics(.steadyMinutesPerDay).mean, 1), "limit": limit,
            "days": dayCount(need.compliance.daysOverBudget), "span": String(report.setting.spanDays),
            "worst": number(need.compliance.worstDayMinutes, 1),
        ]
    }

    /// Days over, as `222 ± 4` (whole when the figures are).
    static func dayCount(_ days: MeanAndDeviation) -> String {
        let number = SimulationTextReport.number
        let decimals = days.mean == days.mean.rounded() && days.standardDeviation == days.standardDeviation.rounded() ? 0 : 1
        return number(days.mean, decimals) + (days.count > 1 ? " ± " + number(days.standardDeviation, decimals) : "")
    }

    /// Why a day passes the cap under this simulation.
    static func reason(_ report: SimulationReport, words: Localization) -> String {
        words.text(report.mode == .cards ? "simulate.overReason.cards" : "simulate.overReason.lessons", in: .commands)
    }

    /// `passes it on 3.2 ± 0.4 days (in some seed on 4 Dec 2026, …), by up to 6.0 min: <reason>`.
    static func overClause(_ compliance: BudgetCompliance, report: SimulationReport, withReason: Bool = true, words: Localization) -> String {
        let number = SimulationTextReport.number
        let days = compliance.daysOverBudget
        let count = dayCount(days)
        let limit = report.budget != nil ? words.text("simulate.over.limit.it", in: .commands)
            : words.sentence(report.limitWord == "budget" ? "simulate.over.limit.budget" : "simulate.over.limit.dailyCap", in: .commands,
                             ["minutes": number(compliance.minutesPerDay, 0)])
        let key = days.count > 1 ? "simulate.over.seeds" : days.mean == 1 ? "simulate.over.oneDay" : "simulate.over"
        let clause = words.sentence(key, in: .commands, [
            "limit": limit, "count": count, "dates": report.dates.named(in: words).list(compliance.daysOver),
            "excess": number(compliance.worstExcessMinutes, 1),
        ])
        return withReason ? words.sentence("simulate.over.reason", in: .commands, ["clause": clause, "reason": reason(report, words: words)]) : clause
    }

    /// `35 due reviews that waited for a later day and 120 new cards never started`.
    static func costClause(_ compliance: BudgetCompliance, report: SimulationReport, words: Localization) -> String {
        func count(_ value: Double) -> String { SimulationTextReport.number(value, value == value.rounded() ? 0 : 1) }
        return words.sentence(report.mode == .cards ? "simulate.costClause.cards" : "simulate.costClause.lessons", in: .commands, [
            "waited": count(compliance.waited.mean), "notStarted": count(compliance.notStarted.mean),
        ])
    }
}

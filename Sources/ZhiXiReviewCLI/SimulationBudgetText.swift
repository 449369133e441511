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
        if let recommendedIndex = report.outcome.sweepResult?.recommendedIndex, recommendedIndex != chosen {
            let recommended = budget.compliance[recommendedIndex]
            var values = ["retention": number(recommended.retention, 2), "clause": costClause(recommended, report: report, words: words)]
            if !recommended.fits { values["over"] = overClause(recommended, report: report, words: words) }
            text += say(recommended.fits ? "recommended.fits" : "recommended.over", values) + "\n"
        }
        if single { text += say("sweepHint") + "\n" }
        return text
    }

    /// Why a day passes the cap under this simulation.
    static func reason(_ report: SimulationReport, words: Localization) -> String {
        words.text(report.mode == .cards ? "simulate.overReason.cards" : "simulate.overReason.lessons", in: .commands)
    }

    /// `passes it on 3.2 ± 0.4 days (in some seed on 4 Dec 2026, …), by up to 6.0 min: <reason>`.
    static func overClause(_ compliance: BudgetCompliance, report: SimulationReport, withReason: Bool = true, words: Localization) -> String {
        let number = SimulationTextReport.number
        let days = compliance.daysOverBudget
        let decimals = days.mean == days.mean.rounded() && days.standardDeviation == days.standardDeviation.rounded() ? 0 : 1
        let count = number(days.mean, decimals) + (days.count > 1 ? " ± " + number(days.standardDeviation, decimals) : "")
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

import ZhiXiSimulation

/// The answer to `--budget` in sentences: how it was simulated (as the daily cap), which
/// retention fits and remembers the most — or that nothing fits, and which remembers the most all the same — with its
/// worst day and week, the days it passed the budget and why, and what keeping within it cost.
enum SimulationBudgetText {
    /// The paragraph, empty without `--budget`.
    static func text(_ report: SimulationReport) -> String {
        guard let budget = report.budget else { return "" }
        let number = SimulationTextReport.number
        let minutes = number(budget.minutesPerDay, budget.minutesPerDay == budget.minutesPerDay.rounded() ? 0 : 1)
        let newItems = report.mode == .cards ? "new cards" : "new lessons"
        var text = "Budget \(minutes) min a day, simulated as the daily cap (what would pass it waits for a later day; \(newItems) wait "
            + "whenever reviews fill the day)"
        let chosen = budget.chosenIndex
        let point = report.points[chosen]
        let compliance = budget.compliance[chosen]
        let retention = number(point.desiredRetention, 2)
        let memorized = point.statistics(.memorizedAtEnd).mean
        let single = report.points.count == 1
        if single {
            text += ": retention \(retention) " + (compliance.fits ? "never passes it" : overClause(compliance, report: report))
        } else if budget.somethingFits {
            text += ": of the retentions that never pass it, \(retention) remembers the most"
        } else {
            text += ": nothing fits — every retention passes it on some day, because " + reason(report)
                + ". Of them, \(retention) remembers the most; it " + overClause(compliance, report: report, withReason: false)
        }
        let decimals = report.mode == .zhiXi ? 1 : 0
        text += "; \(number(memorized, decimals)) \(report.itemsNoun) memorized at the end"
        if let recommended = (report.outcome.sweepResult?.recommendedIndex).map({ report.points[$0] }),
           recommended.desiredRetention != point.desiredRetention {
            let difference = memorized - recommended.statistics(.memorizedAtEnd).mean
            text += " (\(number(abs(difference), decimals)) \(difference >= 0 ? "more" : "fewer") than the recommended \(number(recommended.desiredRetention, 2)))"
        }
        text += ", \(number(point.statistics(.averageMinutesPerDay).mean, 1)) min a day on average, worst day \(number(compliance.worstDayMinutes, 1)) "
            + "min, worst week \(report.dates.range(compliance.worstWeek)) at \(number(compliance.worstWeekMinutesPerDay, 1)) min a day"
        text += "; keeping within it cost " + costClause(compliance, report: report) + ".\n"
        if let recommendedIndex = report.outcome.sweepResult?.recommendedIndex, recommendedIndex != chosen {
            let recommended = budget.compliance[recommendedIndex]
            text += "The recommended \(number(recommended.retention, 2)) "
                + (recommended.fits ? "never passes it either" : overClause(recommended, report: report))
                + "; keeping within it cost " + costClause(recommended, report: report) + ".\n"
        }
        if single { text += "Sweep retentions (--sweep) to find the one that remembers the most within it.\n" }
        return text
    }

    /// Why a day passes the cap under this simulation.
    static func reason(_ report: SimulationReport) -> String {
        report.mode == .cards
            ? "a single card whose work, steps included, is longer than the whole budget is done alone on an otherwise empty day"
            : "a single task longer than the day's budget (a new lesson, or a long review) is done alone on an otherwise empty day, "
                + "as the planner does"
    }

    /// `passes it on 3.2 ± 0.4 days (in some seed on 4 Dec 2026, …), by up to 6.0 min: <reason>`.
    static func overClause(_ compliance: BudgetCompliance, report: SimulationReport, withReason: Bool = true) -> String {
        let number = SimulationTextReport.number
        let days = compliance.daysOverBudget
        let decimals = days.mean == days.mean.rounded() && days.standardDeviation == days.standardDeviation.rounded() ? 0 : 1
        let count = number(days.mean, decimals) + (days.count > 1 ? " ± " + number(days.standardDeviation, decimals) : "")
        let limit = report.budget == nil ? "the \(report.limitWord) of \(number(compliance.minutesPerDay, 0)) min" : "it"
        return "passes \(limit) on \(count) day\(days.mean == 1 && days.count == 1 ? "" : "s")"
            + " (\(days.count > 1 ? "in some seed on " : "")\(report.dates.list(compliance.daysOver))), by up to "
            + "\(number(compliance.worstExcessMinutes, 1)) min" + (withReason ? ": on each, " + reason(report) : "")
    }

    /// `35 due reviews that waited for a later day and 120 new cards never started`.
    static func costClause(_ compliance: BudgetCompliance, report: SimulationReport) -> String {
        let number = SimulationTextReport.number
        func count(_ value: Double) -> String { number(value, value == value.rounded() ? 0 : 1) }
        let waited = report.mode == .cards ? "due reviews" : "tasks"
        let newItems = report.mode == .cards ? "new cards" : "new lessons"
        return "\(count(compliance.waited.mean)) \(waited) that waited for a later day and \(count(compliance.notStarted.mean)) \(newItems) "
            + "never started"
    }
}

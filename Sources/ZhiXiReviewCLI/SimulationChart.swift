import Foundation
import ZhiXiSimulation

/// `simulate --svg FILE`: the report as an SVG chart that a browser shows as it is, in the
/// words of the text output (``SimulationReport/limitWord``, ``SimulationReport/itemsNoun``).
///
/// One setting: two panels over the days of the span (a date axis when the run has dates),
/// items (lessons) memorized and minutes of study a day, with the budget or daily cap as a
/// dashed line. A sweep: three panels against the desired retention — minutes a day (average,
/// last 30 days and, with `--budget`, the worst day), items memorized at the end, and the cost
/// per item (the criterion: seconds per memorized item, or minutes per lesson gained) — each
/// point with a ±1 standard deviation bar, the recommended retention and the budget's answer
/// marked by named vertical lines, the retentions within 2 % of the lowest cost shaded, and a
/// legend naming the retentions whose cost is not drawn and why; then two overlays over the
/// days, minutes a day and items memorized, one line per retention (blue the lowest, red the
/// highest), the lowest, highest, recommended and budget retentions labelled at their ends.
/// Labels are moved apart so that none overlaps another; minute axes start at 0.
enum SimulationChart {
    /// The chart as SVG text.
    static func svg(_ report: SimulationReport) -> String {
        var panels: [ChartRenderer.Panel] = []
        var marks: [ChartRenderer.Mark] = []
        var band: ClosedRange<Double>?
        var title: String
        var legend: [String] = []
        let number = SimulationTextReport.number
        let items = report.itemsNoun
        let capitalItems = items.prefix(1).uppercased() + items.dropFirst()
        let limitLine = report.setting.dailyLimitMinutes.map { minutes in
            (minutes, "\(report.limitWord) \(number(minutes, minutes == minutes.rounded() ? 0 : 1)) min a day")
        }
        switch report.outcome {
        case .single(let runs):
            title = "Desired retention \(number(runs.desiredRetention, 2))"
            let dayCount = max(1, runs.runs[0].days.count)
            let days = (1 ... dayCount).map(Double.init)
            let memorized = runs.meanSeries(.memorized)
            let minutes = runs.meanSeries(.seconds).map { $0 / 60 }
            var memorizedPanel = ChartRenderer.Panel(title: "\(capitalItems) memorized (sum of recall probabilities)", yLabel: items,
                                                     series: [.init(x: days, y: memorized, color: "#1f77b4")])
            memorizedPanel.dayAxis = dayAxis(report, dayCount: dayCount)
            panels.append(memorizedPanel)
            var minutesPanel = ChartRenderer.Panel(title: "Minutes of study per day", yLabel: "minutes",
                                                   series: [.init(x: days, y: minutes, color: "#d62728")])
            minutesPanel.horizontalLine = limitLine
            minutesPanel.dayAxis = dayAxis(report, dayCount: dayCount)
            if let budget = report.budget {
                minutesPanel.legend = [budgetLegend(report, budget: budget)]
            }
            panels.append(minutesPanel)
        case .sweep(let result):
            let seeds = result.points[0].runs.count
            let retentions = result.points.map(\.desiredRetention)
            if let recommendation = result.recommendation {
                title = "Desired retention sweep: recommended \(number(recommendation.retention, 2))"
                band = (recommendation.nearOptimal.min() ?? recommendation.retention) ... (recommendation.nearOptimal.max() ?? recommendation.retention)
            } else {
                title = "Desired retention sweep: no recommendation (no cost measured over \(seeds) seeds)"
            }
            let recommended = result.recommendation?.retention
            let budgetRetention = report.budget.map { report.points[$0.chosenIndex].desiredRetention }
            if let budget = report.budget {
                let minutes = number(budget.minutesPerDay, budget.minutesPerDay == budget.minutesPerDay.rounded() ? 0 : 1)
                title += budget.somethingFits ? "; budget \(minutes) min: \(number(budgetRetention!, 2))"
                    : "; budget \(minutes) min: nothing fits (remembers most: \(number(budgetRetention!, 2)))"
            }
            if let recommended { marks.append(.init(retention: recommended, label: "recommended", color: "#2ca02c")) }
            if let budgetRetention, let budget = report.budget {
                let label = budget.somethingFits ? "budget" : "budget (nothing fits)"
                if budgetRetention == recommended {
                    marks[0].label = "recommended and " + label
                } else {
                    marks.append(.init(retention: budgetRetention, label: label, color: "#9467bd"))
                }
            }
            func series(_ metric: SummaryMetric, _ color: String, scale: Double = 1) -> ChartRenderer.Series {
                let statistics = result.points.map { $0.statistics(metric) }
                return ChartRenderer.Series(x: retentions, y: statistics.map { $0.mean * scale },
                                            deviation: seeds > 1 ? statistics.map { $0.standardDeviation * scale } : nil, color: color, dots: true)
            }
            var minutesSeries = [series(.averageMinutesPerDay, "#d62728"), series(.steadyMinutesPerDay, "#ff7f0e")]
            var minutesTitle = "Minutes of study per day: average (red), last 30 days (orange)"
            if let budget = report.budget {
                minutesSeries.append(ChartRenderer.Series(x: retentions, y: budget.compliance.map(\.worstDayMinutes), color: "#7f3f98", dots: true))
                minutesTitle = "Minutes of study per day: average (red), last 30 days (orange), worst day of any seed (purple)"
            }
            var minutesPanel = ChartRenderer.Panel(title: minutesTitle, yLabel: "minutes", series: minutesSeries)
            minutesPanel.horizontalLine = limitLine
            minutesPanel.marksRetention = true
            if let budget = report.budget { minutesPanel.legend = [budgetLegend(report, budget: budget)] }
            panels.append(minutesPanel)
            var memorizedPanel = ChartRenderer.Panel(title: "\(capitalItems) memorized at the end", yLabel: items,
                                                     series: [series(.memorizedAtEnd, "#1f77b4")], fromZero: false)
            memorizedPanel.marksRetention = true
            panels.append(memorizedPanel)
            // The cost: measured points only, in minutes in ZhiXi mode; a gap where a cost is not measured.
            let zhiXiCost = result.criterion == .secondsPerItemGained
            let scale = zhiXiCost ? 1.0 / 60 : 1
            let measured = result.costs.map { $0.verdict == .measured }
            let costSeries = ChartRenderer.Series(
                x: retentions, y: result.costs.enumerated().map { measured[$0.offset] ? $0.element.secondsPerItem.mean * scale : .nan },
                deviation: seeds > 1 ? result.costs.map { $0.secondsPerItem.standardDeviation * scale } : nil, color: "#2ca02c", dots: true)
            var costPanel = ChartRenderer.Panel(
                title: zhiXiCost ? "Minutes of study per \(report.itemNoun) gained (lower is cheaper)"
                    : "Seconds of study per memorized item (lower is cheaper)",
                yLabel: zhiXiCost ? "minutes" : "seconds", series: [costSeries], fromZero: false)
            costPanel.marksRetention = true
            costPanel.legend = missingCostLegend(result, report: report)
            panels.append(costPanel)
            // Every day up to 180 days, else every k-th day (and the last), so that a long sweep
            // stays a small file.
            let dayCount = max(1, result.points[0].runs[0].days.count)
            let stride = max(1, (dayCount + 179) / 180)
            var shown = Array(Swift.stride(from: 0, to: dayCount, by: stride))
            if shown.last != dayCount - 1 { shown.append(dayCount - 1) }
            let days = shown.map { Double($0 + 1) }
            func sampled(_ values: [Double]) -> [Double] { shown.map { values[$0] } }
            let count = result.points.count
            func color(_ index: Int) -> String {
                let t = count > 1 ? Double(index) / Double(count - 1) : 0
                let red = Int(31 + t * (214 - 31)), green = Int(119 + t * (39 - 119)), blue = Int(180 + t * (40 - 180))
                return "#" + [red, green, blue].map { String(format: "%02x", $0) }.joined()
            }
            func labelled(_ index: Int) -> String? {
                let retention = result.points[index].desiredRetention
                return index == 0 || index == count - 1 || retention == recommended || retention == budgetRetention
                    ? number(retention, 2) : nil
            }
            let labelledNames = [recommended.map { "the recommended \(number($0, 2))" },
                                 budgetRetention.map { "the budget's \(number($0, 2))" }].compactMap { $0 }
            let lineLegend = "one line per retention, from blue (\(number(retentions[0], 2))) to red (\(number(retentions[count - 1], 2))); "
                + "labelled: the lowest, the highest" + (labelledNames.isEmpty ? "" : ", " + labelledNames.joined(separator: ", "))
            var minutesOverlay = ChartRenderer.Panel(
                title: "Minutes of study per day, one line per retention", yLabel: "minutes",
                series: result.points.indices.map { index in
                    ChartRenderer.Series(x: days, y: sampled(result.points[index].meanSeries(.seconds)).map { $0 / 60 },
                                         color: color(index), width: 1.2, label: labelled(index))
                })
            minutesOverlay.horizontalLine = limitLine
            minutesOverlay.dayAxis = dayAxis(report, dayCount: dayCount)
            minutesOverlay.legend = [lineLegend]
            panels.append(minutesOverlay)
            var memorizedOverlay = ChartRenderer.Panel(
                title: "\(capitalItems) memorized over the days, one line per retention", yLabel: items,
                series: result.points.indices.map { index in
                    ChartRenderer.Series(x: days, y: sampled(result.points[index].meanSeries(.memorized)), color: color(index), width: 1.2,
                                         label: labelled(index))
                }, fromZero: false)
            memorizedOverlay.dayAxis = dayAxis(report, dayCount: dayCount)
            memorizedOverlay.legend = [lineLegend]
            panels.append(memorizedOverlay)
            if seeds > 1 { legend.append("bars ±1 sd over \(seeds) seeds") }
            if let band, band.lowerBound < band.upperBound {
                legend.append("shaded: \(number(band.lowerBound, 2))–\(number(band.upperBound, 2)), within 2% of the lowest cost")
            }
        }
        let subtitle = ([report.settingLine, report.inputsLine] + legend).joined(separator: "; ")
        return ChartRenderer.render(title: title, subtitle: subtitle, panels: panels, marks: marks, band: band)
    }

    /// The day axis of a panel over the days: dates when the run has them.
    static func dayAxis(_ report: SimulationReport, dayCount: Int) -> ChartRenderer.DayAxis {
        let dates = report.dates
        let label = report.setting.firstDate != nil
            ? "date (day 1 = \(dates.name(0)))"
            : "day of the simulation" + (report.mode == .zhiXi ? " (no calendar date: give --now for dates)" : "")
        return ChartRenderer.DayAxis(ticks: dates.ticks(dayCount: dayCount, roundTicks: ChartRenderer.ticks), label: label)
    }

    /// The budget's answer in one line for the minutes panel.
    static func budgetLegend(_ report: SimulationReport, budget: BudgetAnswer) -> String {
        let number = SimulationTextReport.number
        let compliance = budget.compliance[budget.chosenIndex]
        let retention = number(compliance.retention, 2)
        let over = compliance.fits ? "never over it"
            : "over it on \(number(compliance.daysOverBudget.mean, compliance.daysOverBudget.mean == compliance.daysOverBudget.mean.rounded() ? 0 : 1)) days (\(report.dates.list(compliance.daysOver, limit: 3))): a single "
                + (report.mode == .cards ? "card" : "task") + " longer than the budget"
        let answer = report.points.count == 1 ? "retention \(retention)" : budget.somethingFits ? "budget: \(retention)" : "nothing fits; remembers most: \(retention)"
        return "\(answer), \(over); worst week \(report.dates.range(compliance.worstWeek)) at "
            + "\(number(compliance.worstWeekMinutesPerDay, 1)) min a day"
    }

    /// The retentions whose cost is not drawn, and why: `not drawn: 0.70–0.72 (not measurable
    /// over 5 seeds), 0.96 (none gained)`.
    static func missingCostLegend(_ result: RetentionSweepResult, report: SimulationReport) -> [String] {
        let retentions = result.points.map(\.desiredRetention)
        let seeds = result.points[0].runs.count
        var parts: [String] = []
        let gained = result.criterion == .secondsPerItemGained ? "\(report.itemsNoun) gained" : "\(report.itemsNoun) memorized"
        let notMeasured = result.costs.filter { $0.verdict == .notMeasurable }.map(\.retention)
        if !notMeasured.isEmpty {
            parts.append(SimulationTextReport.list(notMeasured, in: retentions) + " (\(gained) not measurable over \(seeds) seed\(seeds == 1 ? "" : "s"))")
        }
        let none = result.costs.filter { $0.verdict == .nothingGained }.map(\.retention)
        if !none.isEmpty { parts.append(SimulationTextReport.list(none, in: retentions) + " (none gained)") }
        return parts.isEmpty ? [] : ["not drawn: " + parts.joined(separator: ", ")]
    }
}

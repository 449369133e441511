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
/// highest), the lowest, highest, recommended and budget retentions drawn solid and labelled at
/// their ends, the others faint behind them. Labels are moved apart so that none overlaps
/// another; minute axes start at 0. No axis passes what its quantity can be (minutes from 0 to
/// 1,440 a day, items from 0 to the deck or course, costs from 0): a ±1 sd bar that would is
/// cut there, drawn dashed, and the panel's legend says where.
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
        // What the quantities can be: minutes in a day, items in the deck or course.
        let minuteBounds = 0.0 ... 1_440, itemBounds = 0.0 ... Double(max(1, report.setting.itemCount))
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
            memorizedPanel.bounds = itemBounds
            memorizedPanel.dayAxis = dayAxis(report, dayCount: dayCount)
            panels.append(memorizedPanel)
            var minutesPanel = ChartRenderer.Panel(title: "Minutes of study per day", yLabel: "minutes",
                                                   series: [.init(x: days, y: minutes, color: "#d62728")])
            minutesPanel.bounds = minuteBounds
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
            minutesPanel.bounds = minuteBounds
            if let budget = report.budget { minutesPanel.legend = [budgetLegend(report, budget: budget)] }
            minutesPanel.legend += cutBarsLegend(minutesPanel, retentions: retentions)
            panels.append(minutesPanel)
            var memorizedPanel = ChartRenderer.Panel(title: "\(capitalItems) memorized at the end", yLabel: items,
                                                     series: [series(.memorizedAtEnd, "#1f77b4")], fromZero: false)
            memorizedPanel.marksRetention = true
            memorizedPanel.bounds = itemBounds
            memorizedPanel.legend = cutBarsLegend(memorizedPanel, retentions: retentions)
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
            costPanel.bounds = 0 ... .infinity
            costPanel.legend = missingCostLegend(result, report: report) + cutBarsLegend(costPanel, retentions: retentions)
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
            let faintCount = result.points.indices.filter { labelled($0) == nil }.count
            let lineLegend = "one line per retention, from blue (\(number(retentions[0], 2))) to red (\(number(retentions[count - 1], 2))); "
                + "solid and labelled: the lowest, the highest" + (labelledNames.isEmpty ? "" : ", " + labelledNames.joined(separator: ", "))
                + (faintCount == 0 ? "" : "; the other \(faintCount) faint behind them")
            // The labelled retentions drawn last, solid; the others faint behind them.
            let order = result.points.indices.filter { labelled($0) == nil } + result.points.indices.filter { labelled($0) != nil }
            func overlay(_ values: (Int) -> [Double]) -> [ChartRenderer.Series] {
                order.map { index in
                    let label = labelled(index)
                    return ChartRenderer.Series(x: days, y: values(index), color: color(index), width: label == nil ? 1 : 1.6, label: label,
                                                opacity: label == nil ? 0.3 : 1)
                }
            }
            var minutesOverlay = ChartRenderer.Panel(
                title: "Minutes of study per day, one line per retention", yLabel: "minutes",
                series: overlay { sampled(result.points[$0].meanSeries(.seconds)).map { $0 / 60 } })
            minutesOverlay.bounds = minuteBounds
            minutesOverlay.horizontalLine = limitLine
            minutesOverlay.dayAxis = dayAxis(report, dayCount: dayCount)
            minutesOverlay.legend = [lineLegend]
            panels.append(minutesOverlay)
            var memorizedOverlay = ChartRenderer.Panel(
                title: "\(capitalItems) memorized over the days, one line per retention", yLabel: items,
                series: overlay { sampled(result.points[$0].meanSeries(.memorized)) }, fromZero: false)
            memorizedOverlay.bounds = itemBounds
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
        var legend = "\(answer), \(over); worst week \(report.dates.range(compliance.worstWeek)) at "
            + "\(number(compliance.worstWeekMinutesPerDay, 1)) min a day"
        if let need = report.budgetNeed {
            let days = need.compliance.daysOverBudget.mean
            legend += "; without the cap \(number(need.runs.statistics(.averageMinutesPerDay).mean, 1)) min a day, over the budget on "
                + "\(number(days, days == days.rounded() ? 0 : 1)) of \(report.setting.spanDays) days"
        }
        return legend
    }

    /// The retentions whose ±1 sd bar passes what the panel's quantity can be and is cut there:
    /// `±1 sd cut at 0, the least it can be: 0.80–0.82` (none: no line).
    static func cutBarsLegend(_ panel: ChartRenderer.Panel, retentions: [Double]) -> [String] {
        guard let bounds = panel.bounds else { return [] }
        var below: [Double] = [], above: [Double] = []
        for series in panel.series {
            guard let deviation = series.deviation else { continue }
            for (index, value) in series.y.enumerated() where value.isFinite && deviation[index].isFinite {
                if value - deviation[index] < bounds.lowerBound { below.append(series.x[index]) }
                if value + deviation[index] > bounds.upperBound { above.append(series.x[index]) }
            }
        }
        func list(_ values: [Double]) -> String {
            SimulationTextReport.list(retentions.filter { values.contains($0) }, in: retentions)
        }
        let number = SimulationTextReport.number
        var parts: [String] = []
        if !below.isEmpty { parts.append("at \(number(bounds.lowerBound, 0)), the least it can be, for \(list(below))") }
        if !above.isEmpty { parts.append("at \(number(bounds.upperBound, 0)), the most it can be, for \(list(above))") }
        return parts.isEmpty ? [] : ["±1 sd bars cut (dashed) " + parts.joined(separator: "; ")]
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

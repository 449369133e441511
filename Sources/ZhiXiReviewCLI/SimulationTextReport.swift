import ZhiXiSimulation

/// `simulate` as text for people: the setting and its inputs; from a review log the habits
/// derived; for one setting a table of the totals and sparklines of memorized items and
/// minutes over the span; for a sweep a table with one row per retention, the recommendation
/// (and the budget's answer) marked, and a paragraph on how sure it is; then the warnings and
/// notes.
enum SimulationTextReport {
    /// The report as text.
    static func text(_ report: SimulationReport) -> String {
        var output = "Simulation: " + report.settingLine + "\n"
        output += "Inputs: " + report.inputsLine + "\n"
        if let log = report.setting.inputs.learnerLog {
            output += log.text()
            output += "Existing cards: \(number(Double(report.setting.existingCards), 0)) (every card of the log reviewed at least "
                + "once, with its memory and due day as states computes them), then new cards at the learner's pace\n"
        }
        switch report.outcome {
        case .single(let runs):
            output += "Desired retention \(number(runs.desiredRetention, 2))\n\n"
            let several = runs.runs.count > 1
            let rows = report.metrics.map { metric -> [String] in
                var statistics = runs.statistics(metric)
                let label = costLabel(metric, mode: report.mode)
                if metric == .secondsPerMemorized || metric == .secondsPerItemGained {
                    let cost = RetentionCost(runs: runs, criterion: metric)
                    if cost.verdict != .measured { return [label, verdictWord(cost.verdict)] + (several ? [""] : []) }
                    if report.mode == .zhiXi { statistics = MeanAndDeviation(runs.runs.map { metric.value(in: $0.summary) / 60 }) }
                }
                var row = [label, number(statistics.mean, metric.decimals)]
                if several { row.append("± " + number(statistics.standardDeviation, metric.decimals)) }
                return row
            }
            output += TextFormatting.table(header: several ? ["", "mean", "sd"] : ["", "value"], rows: rows,
                                           rightAligned: several ? [1, 2] : [1])
            output += "\n"
            let memorized = runs.meanSeries(.memorized)
            let minutes = runs.meanSeries(.seconds).map { $0 / 60 }
            output += "memorized  " + sparkline(memorized) + "  \(number(memorized.first ?? 0, 1)) → \(number(memorized.last ?? 0, 1)) \(report.itemsNoun)\n"
            output += "minutes    " + sparkline(minutes) + "  up to \(number(minutes.max() ?? 0, 1)) a day\n"
            let lastDay = "day \(memorized.count)"
            output += "           day 1" + String(repeating: " ", count: max(1, sparklineWidth(memorized.count) - 5 - lastDay.count))
                + lastDay + "\n"
            output += costNotes(report, runs: runs)
            output += SimulationBudgetText.text(report)
        case .sweep(let result):
            output += "\n" + SimulationSweepTable.text(report, result: result)
            output += "\n" + recommendationText(report, result: result)
            output += SimulationBudgetText.text(report)
        }
        for warning in report.warnings { output += "warning: " + warning.description + "\n" }
        for note in report.notes { output += "note: " + note + "\n" }
        return output
    }

    /// A summary number's label; ZhiXi mode says its costs per lesson in minutes (lessons take
    /// minutes), cards mode per item in seconds.
    static func costLabel(_ metric: SummaryMetric, mode: SimulationMode) -> String {
        guard mode == .zhiXi else { return metric.label }
        switch metric {
        case .secondsPerMemorized: return "minutes per memorized lesson"
        case .secondsPerItemGained: return "minutes per lesson gained"
        default: return metric.label
        }
    }

    /// The word a table prints for a cost that is not a number.
    static func verdictWord(_ verdict: RetentionCost.Verdict) -> String {
        switch verdict {
        case .measured: ""
        case .notMeasurable: "not measurable"
        case .nothingGained: "none gained"
        }
    }

    /// Sentences on the costs a single run's table prints as words instead of numbers.
    static func costNotes(_ report: SimulationReport, runs: SimulationRuns) -> String {
        var text = ""
        for metric in [SummaryMetric.secondsPerMemorized, .secondsPerItemGained] where report.metrics.contains(metric) {
            let cost = RetentionCost(runs: runs, criterion: metric)
            guard cost.verdict != .measured else { continue }
            text += costLabel(metric, mode: report.mode) + ": " + costExplanation(cost, report: report, runs: runs) + ".\n"
        }
        return text
    }

    /// Why a cost is not a number, in a clause.
    static func costExplanation(_ cost: RetentionCost, report: SimulationReport, runs: SimulationRuns) -> String {
        let items = report.itemsNoun, seeds = runs.runs.count
        let start = runs.statistics(.memorizedAtStart).mean, end = runs.statistics(.memorizedAtEnd).mean
        let what = cost.criterion == .secondsPerItemGained
            ? "\(items) gained (\(number(end, 1)) memorized at the end against \(number(start, 1)) at the start)"
            : "\(items) memorized at the end (\(number(end, 1)))"
        switch cost.verdict {
        case .measured:
            return ""
        case .nothingGained:
            return "none gained: no \(what) to divide the study by, so there is no cost per item (null in JSON)"
        case .notMeasurable:
            return "not measurable over \(seeds) seed\(seeds == 1 ? "" : "s"): the \(what) are within two standard errors of zero, "
                + "or some seed gained none, so the quotient would be noise (its number is in JSON, with \"verdict\": \"notMeasurable\")"
        }
    }

    /// The recommendation and how sure it is, in sentences; or why there is none.
    static func recommendationText(_ report: SimulationReport, result: RetentionSweepResult) -> String {
        let seeds = result.points[0].runs.count
        let retentions = result.points.map(\.desiredRetention)
        let unmeasured = result.costs.filter { $0.verdict != .measured }.map(\.retention)
        let items = report.itemsNoun, item = report.itemNoun
        guard let recommendation = result.recommendation, let index = result.recommendedIndex else {
            let gained = result.criterion == .secondsPerItemGained ? "\(items) gained within the span" : "\(items) memorized at the end"
            var text = "No recommended retention: at no retention are the \(gained) measurable over \(seeds) seed\(seeds == 1 ? "" : "s") "
                + "(clearly above zero, by two standard errors, in every seed), so cost per \(item) cannot choose"
            if report.mode == .zhiXi {
                text += "; a course of \(report.grouped(report.setting.itemCount)) lessons"
                    + (report.setting.studiedAtStart > 0 ? ", \(report.setting.studiedAtStart) studied," : "")
                    + " gains too little in \(report.setting.spanDays) days. Choose by minutes a day and lessons memorized at the end "
                    + "(the table), or simulate a longer span or more seeds"
            }
            return text + ".\n"
        }
        let cost = recommendation.secondsPerItem
        let point = result.points[index]
        var text: String
        if recommendation.criterion == .secondsPerItemGained {
            text = "Recommended desired retention: \(number(recommendation.retention, 2)), the lowest cost per \(item) gained ("
                + number(cost.mean / 60, 1) + (seeds > 1 ? " ± " + number(cost.standardDeviation / 60, 1) : "")
                + " min of study per \(item) gained within the span); it ends with \(number(point.statistics(.memorizedAtEnd).mean, 1)) of "
                + "\(report.grouped(report.setting.itemCount)) \(items) memorized (\(number(point.statistics(.memorizedAtStart).mean, 1)) at the "
                + "start) for \(number(point.statistics(.averageMinutesPerDay).mean, 1)) min a day on average.\n"
        } else {
            text = "Recommended desired retention: \(number(recommendation.retention, 2)), the lowest cost per memorized item ("
                + number(cost.mean, 1) + (seeds > 1 ? " ± " + number(cost.standardDeviation, 1) : "") + " s of study per item remembered at the end).\n"
        }
        text += "Within 2% of that cost: " + list(recommendation.nearOptimal, in: retentions)
            + (recommendation.nearOptimal.count > 1 ? " (about as efficient: choose among them by minutes a day and \(items) memorized)" : "")
            + ".\n"
        if seeds > 1 {
            let optima = recommendation.seedOptimaRange, plausible = recommendation.plausibleRange
            text += "How sure: each seed on its own would choose " + range(optima) + " (" + number(recommendation.seedOptima.mean, 3)
                + " ± " + number(recommendation.seedOptima.standardDeviation, 3) + "); " + range(plausible)
                + (plausible.lowerBound == plausible.upperBound ? " is the only retention" : " are all")
                + " not clearly costlier (within two standard errors, seed for seed)"
                + (unmeasured.isEmpty ? "" : "; " + list(unmeasured, in: retentions) + ", whose cost is not measured, take no part") + ".\n"
        } else {
            text += "With one seed there is no measure of how sure this is; run with --seeds 5 or more.\n"
        }
        if let compliance = report.recommendedCompliance, !compliance.fits, report.budget == nil {
            text += "The recommended \(number(recommendation.retention, 2)) " + SimulationBudgetText.overClause(compliance, report: report) + ".\n"
        }
        return text
    }

    /// Retentions as runs of neighbours in the sweep `all`: `0.70–0.76, 0.79`.
    static func list(_ values: [Double], in all: [Double]) -> String {
        let positions = values.compactMap { all.firstIndex(of: $0) }
        guard !positions.isEmpty else { return "none" }
        var pieces: [String] = []
        var start = positions[0], previous = positions[0]
        func close() {
            pieces.append(start == previous ? number(all[start], 2) : number(all[start], 2) + "–" + number(all[previous], 2))
        }
        for position in positions.dropFirst() {
            if position != previous + 1 {
                close()
                start = position
            }
            previous = position
        }
        close()
        return pieces.joined(separator: ", ")
    }

    private static func range(_ range: ClosedRange<Double>) -> String {
        range.lowerBound == range.upperBound ? number(range.lowerBound, 2) : number(range.lowerBound, 2) + "–" + number(range.upperBound, 2)
    }

    /// A number with `decimals` digits after the point and thousands separators.
    static func number(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "–" : "∞" }
        let text = TextFormatting.fixed(value, decimals)
        let negative = text.hasPrefix("-")
        let unsigned = negative ? String(text.dropFirst()) : text
        let parts = unsigned.split(separator: ".", maxSplits: 1)
        let whole = String(parts[0])
        var grouped = ""
        for (offset, character) in whole.enumerated() {
            if offset > 0, (whole.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        return (negative ? "-" : "") + grouped + (parts.count > 1 ? "." + parts[1] : "")
    }

    /// How many characters a sparkline of `count` values takes.
    static func sparklineWidth(_ count: Int) -> Int { min(60, max(1, count)) }

    /// Values as a line of block characters from ▁ (0) to █ (the maximum), averaged into at
    /// most 60 columns.
    static func sparkline(_ values: [Double]) -> String {
        guard !values.isEmpty else { return "" }
        let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        let width = sparklineWidth(values.count)
        var columns: [Double] = []
        for column in 0 ..< width {
            let lower = column * values.count / width, upper = max(lower + 1, (column + 1) * values.count / width)
            columns.append(values[lower ..< upper].reduce(0, +) / Double(upper - lower))
        }
        let maximum = columns.max() ?? 0
        return String(columns.map { value -> Character in
            guard maximum > 0, value > 0 else { return blocks[0] }
            return blocks[min(7, Int(value / maximum * 7.999))]
        })
    }
}

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
                let statistics = runs.statistics(metric)
                var row = [metric.label, number(statistics.mean, metric.decimals)]
                if several { row.append("± " + number(statistics.standardDeviation, metric.decimals)) }
                return row
            }
            output += TextFormatting.table(header: several ? ["", "mean", "sd"] : ["", "value"], rows: rows,
                                           rightAligned: several ? [1, 2] : [1])
            output += "\n"
            let memorized = runs.meanSeries(.memorized)
            let minutes = runs.meanSeries(.seconds).map { $0 / 60 }
            output += "memorized  " + sparkline(memorized) + "  \(number(memorized.first ?? 0, 1)) → \(number(memorized.last ?? 0, 1)) items\n"
            output += "minutes    " + sparkline(minutes) + "  up to \(number(minutes.max() ?? 0, 1)) a day\n"
            let lastDay = "day \(memorized.count)"
            output += "           day 1" + String(repeating: " ", count: max(1, sparklineWidth(memorized.count) - 5 - lastDay.count))
                + lastDay + "\n"
            if let budget = report.setting.inputs.budgetMinutes {
                let steady = runs.statistics(.steadyMinutesPerDay).mean
                output += "Budget \(number(budget, budget == budget.rounded() ? 0 : 1)) min a day: retention \(number(runs.desiredRetention, 2)) asks "
                    + "\(number(steady, 1)) min a day over the last 30 days, so it \(steady <= budget ? "fits" : "does not fit"); sweep "
                    + "retentions to find the highest that fits.\n"
            }
        case .sweep(let result):
            output += "\n"
            let recommended = result.recommendation.retention
            let budgetRetention = report.budgetPoint?.desiredRetention
            let criterion = result.recommendation.criterion
            let columns: [SummaryMetric] = [.averageMinutesPerDay, .steadyMinutesPerDay, .totalReviews, .memorizedAtEnd, criterion]
            let header = ["retention", "minutes/day", "last 30 days", "reviews", "memorized at end",
                          criterion == .secondsPerItemGained ? "s per item gained" : "s per memorized", "extra min / extra item", ""]
            let marginal = result.marginalMinutesPerItem
            let rows = result.points.enumerated().map { index, point -> [String] in
                var row = [number(point.desiredRetention, 2)]
                for metric in columns {
                    let statistics = point.statistics(metric)
                    row.append(number(statistics.mean, metric.decimals)
                        + (point.runs.count > 1 ? " ± " + number(statistics.standardDeviation, metric.decimals) : ""))
                }
                row.append(marginal[index].map { number($0, 2) } ?? "–")
                var marks: [String] = []
                if point.desiredRetention == recommended { marks.append("recommended") }
                if point.desiredRetention == budgetRetention { marks.append("budget") }
                row.append(marks.isEmpty ? "" : "◀ " + marks.joined(separator: ", "))
                return row
            }
            output += TextFormatting.table(header: header, rows: rows, rightAligned: [0, 1, 2, 3, 4, 5, 6])
            output += "\n" + recommendationText(result.recommendation, seeds: result.points[0].runs.count,
                                                 retentions: result.points.map(\.desiredRetention))
            if let budget = report.setting.inputs.budgetMinutes {
                output += budgetText(budget, point: report.budgetPoint, recommended: result.points.first { $0.desiredRetention == recommended })
            }
        }
        for warning in report.warnings { output += "warning: " + warning.description + "\n" }
        for note in report.notes { output += "note: " + note + "\n" }
        return output
    }

    /// The budget's answer in a sentence.
    static func budgetText(_ budget: Double, point: SimulationRuns?, recommended: SimulationRuns?) -> String {
        let minutes = number(budget, budget == budget.rounded() ? 0 : 1)
        guard let point else {
            return "Budget \(minutes) min a day: no retention of the sweep fits it over the last 30 days; sweep lower retentions, "
                + "or add fewer new cards (--new-per-day).\n"
        }
        var text = "Budget \(minutes) min a day: the highest retention that fits is \(number(point.desiredRetention, 2)): "
            + "\(number(point.statistics(.steadyMinutesPerDay).mean, 1)) min a day over the last 30 days "
            + "(\(number(point.statistics(.averageMinutesPerDay).mean, 1)) on average), \(number(point.statistics(.steadyReviewsPerDay).mean, 0)) "
            + "reviews a day, \(number(point.statistics(.memorizedAtEnd).mean, 0)) items memorized at the end"
        if let recommended, recommended.desiredRetention != point.desiredRetention {
            let difference = point.statistics(.memorizedAtEnd).mean - recommended.statistics(.memorizedAtEnd).mean
            text += " (\(difference >= 0 ? "+" : "")\(number(difference, 0)) against the recommended \(number(recommended.desiredRetention, 2)))"
        }
        return text + ".\n"
    }

    /// The recommendation and how sure it is, in sentences.
    static func recommendationText(_ recommendation: RetentionRecommendation, seeds: Int, retentions: [Double]) -> String {
        let cost = recommendation.secondsPerMemorized
        let what = recommendation.criterion == .secondsPerItemGained
            ? "s of study per item gained within the span" : "s of study per item remembered at the end"
        var text = "Recommended desired retention: \(number(recommendation.retention, 2)), the lowest cost per "
            + (recommendation.criterion == .secondsPerItemGained ? "item gained" : "memorized item") + " ("
            + number(cost.mean, 1) + (seeds > 1 ? " ± " + number(cost.standardDeviation, 1) : "") + " \(what)).\n"
        text += "Within 2% of that cost: " + list(recommendation.nearOptimal, in: retentions)
            + (recommendation.nearOptimal.count > 1 ? " (about as efficient: choose among them by minutes a day and items memorized)" : "")
            + ".\n"
        guard seeds > 1 else {
            return text + "With one seed there is no measure of how sure this is; run with --seeds 5 or more.\n"
        }
        let optima = recommendation.seedOptimaRange, plausible = recommendation.plausibleRange
        text += "How sure: each seed on its own would choose " + range(optima) + " (" + number(recommendation.seedOptima.mean, 3)
            + " ± " + number(recommendation.seedOptima.standardDeviation, 3) + "); " + range(plausible)
            + (plausible.lowerBound == plausible.upperBound ? " is the only retention" : " are all")
            + " not clearly costlier (within two standard errors, seed for seed).\n"
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

import ZhiXiSimulation

/// `simulate` as text for people: for one setting a table of the totals and sparklines of
/// memorized items and minutes over the span; for a sweep a table with one row per
/// retention, the recommendation marked, and a paragraph on how sure it is.
enum SimulationTextReport {
    /// The report as text.
    static func text(_ report: SimulationReport) -> String {
        var output = "Simulation: " + report.settingLine + "\n"
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
        case .sweep(let result):
            output += "\n"
            let recommended = result.recommendation.retention
            let columns: [SummaryMetric] = [.averageMinutesPerDay, .totalReviews, .memorizedAtEnd, .memorizedPerHour, .secondsPerMemorized]
            let header = ["retention", "minutes/day", "reviews", "memorized at end", "memorized/hour", "s per memorized", ""]
            let rows = result.points.map { point -> [String] in
                var row = [number(point.desiredRetention, 2)]
                for metric in columns {
                    let statistics = point.statistics(metric)
                    row.append(number(statistics.mean, metric.decimals)
                        + (point.runs.count > 1 ? " ± " + number(statistics.standardDeviation, metric.decimals) : ""))
                }
                row.append(point.desiredRetention == recommended ? "◀ recommended" : "")
                return row
            }
            output += TextFormatting.table(header: header, rows: rows, rightAligned: [0, 1, 2, 3, 4, 5])
            output += "\n" + recommendationText(result.recommendation, seeds: result.points[0].runs.count)
        }
        return output
    }

    /// The recommendation and how sure it is, in sentences.
    static func recommendationText(_ recommendation: RetentionRecommendation, seeds: Int) -> String {
        let cost = recommendation.secondsPerMemorized
        var text = "Recommended desired retention: \(number(recommendation.retention, 2)), the lowest cost per memorized item ("
            + number(cost.mean, 1) + (seeds > 1 ? " ± " + number(cost.standardDeviation, 1) : "") + " s of study per item remembered at the end).\n"
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

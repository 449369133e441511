import ZhiXiCore
import ZhiXiSimulation

/// `simulate --format json`.
///
/// One setting: `{"mode", "desiredRetention", "spanDays", "seeds", "summary": {…},
/// "days": {…per-day arrays…}}`. A sweep: `{"mode", "spanDays", "seeds", "sweep":
/// [{"desiredRetention", "summary": {…}}, …], "recommendedRetention", "recommendation": {…}}`.
/// With several seeds, summary numbers and per-day values are means, and each summary number
/// has its standard deviation beside it (`totalReviewsStandardDeviation`). A number that is
/// not finite (seconds per memorized item when nothing is memorized) is `null`.
enum SimulationJSON {
    /// The report as JSON text, ending with a newline.
    static func text(_ report: SimulationReport) -> String {
        var json = UTF8Text(capacity: 1 << 16)
        json.append("{\n  \"mode\": ")
        json.appendJSONString(report.mode.rawValue)
        switch report.outcome {
        case .single(let runs):
            json.append(",\n  \"desiredRetention\": ")
            appendNumber(runs.desiredRetention, to: &json)
            appendSpanAndSeeds(report, to: &json)
            json.append(",\n  \"summary\": ")
            appendSummary(runs, metrics: report.metrics, indent: "  ", to: &json)
            json.append(",\n  \"days\": {")
            for (index, metric) in DailyMetric.metrics(for: report.mode).enumerated() {
                json.append(index == 0 ? "\n    " : ",\n    ")
                json.appendJSONString(metric.rawValue)
                json.append(": [")
                for (day, value) in runs.meanSeries(metric).enumerated() {
                    if day > 0 { json.append(byte: UInt8(ascii: ",")) }
                    appendNumber(value, decimals: 4, to: &json)
                }
                json.append("]")
            }
            json.append("\n  }")
        case .sweep(let result):
            appendSpanAndSeeds(report, to: &json)
            json.append(",\n  \"sweep\": [")
            for (index, point) in result.points.enumerated() {
                json.append(index == 0 ? "\n    {\"desiredRetention\": " : ",\n    {\"desiredRetention\": ")
                appendNumber(point.desiredRetention, to: &json)
                json.append(", \"summary\": ")
                appendSummary(point, metrics: report.metrics, indent: "      ", to: &json)
                json.append("}")
            }
            let recommendation = result.recommendation
            json.append("\n  ],\n  \"recommendedRetention\": ")
            appendNumber(recommendation.retention, to: &json)
            json.append(",\n  \"recommendation\": {")
            let members: [(String, [Double])] = [
                ("retention", [recommendation.retention]),
                ("secondsPerMemorized", [recommendation.secondsPerMemorized.mean]),
                ("secondsPerMemorizedStandardDeviation", [recommendation.secondsPerMemorized.standardDeviation]),
                ("seedOptimaMean", [recommendation.seedOptima.mean]),
                ("seedOptimaStandardDeviation", [recommendation.seedOptima.standardDeviation]),
                ("seedOptimaRange", [recommendation.seedOptimaRange.lowerBound, recommendation.seedOptimaRange.upperBound]),
                ("plausibleRange", [recommendation.plausibleRange.lowerBound, recommendation.plausibleRange.upperBound]),
            ]
            for (index, (key, values)) in members.enumerated() {
                if index > 0 { json.append(", ") }
                json.appendJSONString(key)
                json.append(": ")
                if values.count == 1 {
                    appendNumber(values[0], to: &json)
                } else {
                    json.append("[")
                    for (position, value) in values.enumerated() {
                        if position > 0 { json.append(", ") }
                        appendNumber(value, to: &json)
                    }
                    json.append("]")
                }
            }
            json.append("}")
        }
        json.append("\n}\n")
        return json.string
    }

    private static func appendSpanAndSeeds(_ report: SimulationReport, to json: inout UTF8Text) {
        json.append(",\n  \"spanDays\": ")
        json.append(report.setting.spanDays)
        json.append(",\n  \"seeds\": [")
        for (index, seed) in report.setting.seeds.enumerated() {
            if index > 0 { json.append(", ") }
            json.appendDigits(of: UInt(seed))
        }
        json.append("]")
    }

    /// `{"totalReviews": …, …}`, with `…StandardDeviation` beside each number when there are
    /// several seeds.
    private static func appendSummary(_ runs: SimulationRuns, metrics: [SummaryMetric], indent: String, to json: inout UTF8Text) {
        json.append("{")
        for (index, metric) in metrics.enumerated() {
            json.append(index == 0 ? "\n  " + indent : ",\n  " + indent)
            let statistics = runs.statistics(metric)
            json.appendJSONString(metric.rawValue)
            json.append(": ")
            appendNumber(statistics.mean, to: &json)
            if runs.runs.count > 1 {
                json.append(", ")
                json.appendJSONString(metric.rawValue + "StandardDeviation")
                json.append(": ")
                appendNumber(statistics.standardDeviation, to: &json)
            }
        }
        json.append("\n" + indent + "}")
    }

    /// A JSON number: whole numbers without a fraction, others in Swift's shortest form (or
    /// with `decimals` digits), `null` when not finite.
    static func appendNumber(_ value: Double, decimals: Int? = nil, to json: inout UTF8Text) {
        guard value.isFinite else {
            json.append("null")
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            json.append(Int(value))
        } else if let decimals {
            json.appendFixed(value, decimals: decimals)
        } else {
            json.append(String(value))
        }
    }
}

import Foundation
import ZhiXiCore
import ZhiXiSimulation

/// `simulate --format json`.
///
/// One setting: `{"mode", "desiredRetention", "spanDays", "seeds", "inputs": {…}, "summary":
/// {…}, "days": {…per-day arrays…}, "warnings": […], "notes": […]}`. A sweep: `{"mode",
/// "spanDays", "seeds", "inputs", "sweep": [{"desiredRetention", "summary": {…},
/// "marginalMinutesPerItem", "days": {…}}, …], "recommendedRetention", "recommendation": {…},
/// "warnings", "notes"}`, with `--budget` also `"budgetRetention"` and `"budget"`. From a
/// review log: `"derived"` (fsrs-rs's field names), `"derivedFrom"` and `"existingCards"`.
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
            appendInputs(report, to: &json)
            json.append(",\n  \"summary\": ")
            appendSummary(runs, metrics: report.metrics, indent: "  ", to: &json)
            json.append(",\n  \"days\": ")
            appendDays(runs, mode: report.mode, indent: "  ", to: &json)
        case .sweep(let result):
            appendSpanAndSeeds(report, to: &json)
            appendInputs(report, to: &json)
            json.append(",\n  \"sweep\": [")
            let marginal = result.marginalMinutesPerItem
            for (index, point) in result.points.enumerated() {
                json.append(index == 0 ? "\n    {\"desiredRetention\": " : ",\n    {\"desiredRetention\": ")
                appendNumber(point.desiredRetention, to: &json)
                json.append(", \"summary\": ")
                appendSummary(point, metrics: report.metrics, indent: "      ", to: &json)
                json.append(",\n      \"marginalMinutesPerItem\": ")
                appendNumber(marginal[index] ?? .nan, to: &json)
                json.append(",\n      \"days\": ")
                appendDays(point, mode: report.mode, indent: "      ", to: &json)
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
                ("nearOptimal", recommendation.nearOptimal),
            ]
            for (index, (key, values)) in members.enumerated() {
                if index > 0 { json.append(", ") }
                json.appendJSONString(key)
                json.append(": ")
                if values.count == 1, key != "nearOptimal" {
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
            json.append(", \"criterion\": ")
            json.appendJSONString(recommendation.criterion.rawValue)
            json.append("}")
        }
        if let budget = report.setting.inputs.budgetMinutes {
            let point = report.budgetPoint
            json.append(",\n  \"budgetRetention\": ")
            appendNumber(point?.desiredRetention ?? .nan, to: &json)
            json.append(",\n  \"budget\": {\"minutesPerDay\": ")
            appendNumber(budget, to: &json)
            json.append(", \"retention\": ")
            appendNumber(point?.desiredRetention ?? .nan, to: &json)
            for metric in [SummaryMetric.steadyMinutesPerDay, .averageMinutesPerDay, .steadyReviewsPerDay, .memorizedAtEnd, .totalReviews] {
                json.append(", ")
                json.appendJSONString(metric.rawValue)
                json.append(": ")
                appendNumber(point.map { $0.statistics(metric).mean } ?? .nan, to: &json)
            }
            json.append("}")
        }
        json.append(",\n  \"warnings\": [")
        for (index, warning) in report.warnings.enumerated() {
            json.append(index == 0 ? "\n    {\"code\": " : ",\n    {\"code\": ")
            json.appendJSONString(warning.code)
            json.append(", \"figure\": ")
            appendNumber(warning.figure, to: &json)
            json.append(", \"message\": ")
            json.appendJSONString(warning.description)
            json.append("}")
        }
        json.append(report.warnings.isEmpty ? "]" : "\n  ]")
        json.append(",\n  \"notes\": [")
        for (index, note) in report.notes.enumerated() {
            json.append(index == 0 ? "\n    " : ",\n    ")
            json.appendJSONString(note)
        }
        json.append(report.notes.isEmpty ? "]" : "\n  ]")
        json.append("\n}\n")
        return json.string
    }

    /// `"inputs": {…}` (and, from a review log, `"derived"`, `"derivedFrom"`, `"existingCards"`):
    /// everything the numbers depend on.
    private static func appendInputs(_ report: SimulationReport, to json: inout UTF8Text) {
        let inputs = report.setting.inputs
        func member(_ key: String, _ value: String?, first: Bool = false) {
            json.append(first ? "\n    " : ",\n    ")
            json.appendJSONString(key)
            json.append(": ")
            if let value { json.append(value) } else { json.append("null") }
        }
        func string(_ text: String?) -> String? { text.map { TextFormatting.jsonString($0) } }
        func number(_ value: Double?) -> String? { value.map { SimulationCSV.csvNumber($0, decimals: 6) } }
        json.append(",\n  \"inputs\": {")
        member("parametersSource", string(inputs.parametersSource), first: true)
        member("parameters", TrainingInput.jsonArray(inputs.parameters))
        member("config", string(inputs.configPath))
        member("revlog", string(inputs.learnerLog?.name))
        member("workspace", string(report.setting.workspace))
        member("now", inputs.start.map { TextFormatting.jsonString(TextFormatting.iso8601UTC($0.timeIntervalSince1970)) })
        member("start", string(inputs.startDescription))
        member("calendar", string(inputs.calendar))
        member("items", String(report.setting.itemCount))
        member("existingCards", String(report.setting.existingCards))
        member("newPerDay", string(report.setting.newPerDay))
        member("dailyCapMinutes", number(report.setting.dailyLimitMinutes))
        member("capRule", string(inputs.capRule.rawValue))
        member("capLiftedForBudget", inputs.capLiftedForBudget ? "true" : "false")
        member("budgetMinutes", number(inputs.budgetMinutes))
        member("weakPointProbabilities", inputs.weakPointProbabilities.map { "[" + $0.map { SimulationCSV.csvNumber($0, decimals: 6) }.joined(separator: ", ") + "]" })
        member("weakPointSource", string(inputs.weakPointSource))
        json.append("\n  }")
        if let log = inputs.learnerLog {
            json.append(",\n  \"derived\": ")
            json.append(log.configurationJSON(indent: "  ", withRate: true))
            json.append(",\n  \"derivedFrom\": ")
            json.append(log.evidenceJSON())
            json.append(",\n  \"existingCards\": ")
            json.append(report.setting.existingCards)
        }
    }

    /// `{"reviews": [...], …}`: the per-day series averaged over the runs.
    private static func appendDays(_ runs: SimulationRuns, mode: SimulationMode, indent: String, to json: inout UTF8Text) {
        json.append("{")
        for (index, metric) in DailyMetric.metrics(for: mode).enumerated() {
            json.append(index == 0 ? "\n  " + indent : ",\n  " + indent)
            json.appendJSONString(metric.rawValue)
            json.append(": [")
            for (day, value) in runs.meanSeries(metric).enumerated() {
                if day > 0 { json.append(byte: UInt8(ascii: ",")) }
                appendNumber(value, decimals: 4, to: &json)
            }
            json.append("]")
        }
        json.append("\n" + indent + "}")
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

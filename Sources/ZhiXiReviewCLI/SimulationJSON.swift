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
    /// The report as JSON text, ending with a newline, written by ``ReportJSONEncoder``.
    /// - Throws: 74 when it cannot be written (not expected: every number has a text).
    static func text(_ report: SimulationReport) throws(CommandError) -> String {
        try OutputJSON.report(Document(report), style: .spaced, command: "simulate")
    }

    /// A member name made at run time (a metric's name).
    struct Key: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// A number as the simulation's JSON writes it (``appendNumber(_:decimals:to:)``):
    /// whole numbers without a fraction, others with `decimals` digits or in Swift's
    /// shortest form, `null` when not finite.
    struct Number: JSONFragment {
        let value: Double
        var decimals: Int? = nil

        var jsonText: String {
            var text = UTF8Text(capacity: 24)
            SimulationJSON.appendNumber(value, decimals: decimals, to: &text)
            return text.string
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    /// A number with at most six decimals, trailing zeros dropped (as the CSV writes it);
    /// `null` when not finite.
    struct ShortNumber: JSONFragment {
        let value: Double

        var jsonText: String { value.isFinite ? SimulationCSV.csvNumber(value, decimals: 6) : "null" }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    /// An array with each element on its own line (`[]` when empty).
    struct LinedArray<Element: Encodable>: JSONLaidOut {
        var jsonLayout: JSONLayout { .memberPerLine }
        let elements: [Element]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(elements)
        }
    }

    /// An array on one line without spaces (a per-day series).
    struct CompactArray<Element: Encodable>: JSONLaidOut {
        var jsonLayout: JSONLayout { .compactLine }
        let elements: [Element]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(elements)
        }
    }

    /// The whole report: one member per line.
    struct Document: JSONLaidOut {
        var jsonLayout: JSONLayout { .memberPerLine }
        let report: SimulationReport

        init(_ report: SimulationReport) { self.report = report }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(report.mode.rawValue, forKey: Key("mode"))
            switch report.outcome {
            case .single(let runs):
                try container.encode(Number(value: runs.desiredRetention), forKey: Key("desiredRetention"))
                try encodeSetting(into: &container)
                try container.encode(Summary(runs: runs, metrics: report.metrics), forKey: Key("summary"))
                try container.encode(Days(runs: runs, mode: report.mode), forKey: Key("days"))
            case .sweep(let result):
                try encodeSetting(into: &container)
                let marginal = result.marginalMinutesPerItem
                let points = result.points.enumerated().map { index, point in
                    SweepPoint(runs: point, metrics: report.metrics, mode: report.mode, marginalMinutesPerItem: marginal[index] ?? .nan)
                }
                try container.encode(LinedArray(elements: points), forKey: Key("sweep"))
                try container.encode(Number(value: result.recommendation.retention), forKey: Key("recommendedRetention"))
                try container.encode(Recommendation(result.recommendation), forKey: Key("recommendation"))
            }
            if let budget = report.setting.inputs.budgetMinutes {
                let point = report.budgetPoint
                try container.encode(Number(value: point?.desiredRetention ?? .nan), forKey: Key("budgetRetention"))
                try container.encode(Budget(minutesPerDay: budget, point: point), forKey: Key("budget"))
            }
            let warnings = report.warnings.map { Warning(code: $0.code, figure: Number(value: $0.figure), message: $0.description) }
            try container.encode(LinedArray(elements: warnings), forKey: Key("warnings"))
            try container.encode(LinedArray(elements: report.notes), forKey: Key("notes"))
        }

        /// `spanDays`, `seeds`, `inputs` and, from a review log, `derived`, `derivedFrom`
        /// and `existingCards`: everything the numbers depend on.
        private func encodeSetting(into container: inout KeyedEncodingContainer<Key>) throws {
            try container.encode(report.setting.spanDays, forKey: Key("spanDays"))
            try container.encode(report.setting.seeds, forKey: Key("seeds"))
            try container.encode(Inputs(report), forKey: Key("inputs"))
            if let log = report.setting.inputs.learnerLog {
                try container.encode(log.configuration(withRate: true), forKey: Key("derived"))
                try container.encode(log.evidence, forKey: Key("derivedFrom"))
                try container.encode(report.setting.existingCards, forKey: Key("existingCards"))
            }
        }
    }

    /// `"inputs"`: where the parameters, configuration, log or workspace came from, and the
    /// settings; `null` for what was not given.
    struct Inputs: JSONLaidOut {
        var jsonLayout: JSONLayout { .memberPerLine }
        let report: SimulationReport

        init(_ report: SimulationReport) { self.report = report }

        func encode(to encoder: any Encoder) throws {
            let inputs = report.setting.inputs
            var container = encoder.container(keyedBy: Key.self)
            func member(_ key: String, _ value: (some Encodable)?) throws {
                if let value { try container.encode(value, forKey: Key(key)) } else { try container.encodeNil(forKey: Key(key)) }
            }
            try member("parametersSource", inputs.parametersSource)
            try member("parameters", ParameterList(parameters: inputs.parameters))
            try member("config", inputs.configPath)
            try member("revlog", inputs.learnerLog?.name)
            try member("workspace", report.setting.workspace)
            try member("now", inputs.start.map { TextFormatting.iso8601UTC($0.timeIntervalSince1970) })
            try member("start", inputs.startDescription)
            try member("calendar", inputs.calendar)
            try member("items", report.setting.itemCount)
            try member("existingCards", report.setting.existingCards)
            try member("newPerDay", report.setting.newPerDay)
            try member("dailyCapMinutes", report.setting.dailyLimitMinutes.map(ShortNumber.init))
            try member("capRule", inputs.capRule.rawValue)
            try member("capLiftedForBudget", inputs.capLiftedForBudget)
            try member("budgetMinutes", inputs.budgetMinutes.map(ShortNumber.init))
            try member("weakPointProbabilities", inputs.weakPointProbabilities?.map(ShortNumber.init))
            try member("weakPointSource", inputs.weakPointSource)
        }
    }

    /// `{"totalReviews": …, …}`, with `…StandardDeviation` beside each number when there are
    /// several seeds; a line for each number (and its deviation).
    struct Summary: JSONLaidOut {
        var jsonLayout: JSONLayout { JSONLayout(lineBreaks: .every(runs.runs.count > 1 ? 2 : 1)) }
        let runs: SimulationRuns
        let metrics: [SummaryMetric]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for metric in metrics {
                let statistics = runs.statistics(metric)
                try container.encode(Number(value: statistics.mean), forKey: Key(metric.rawValue))
                if runs.runs.count > 1 {
                    try container.encode(Number(value: statistics.standardDeviation), forKey: Key(metric.rawValue + "StandardDeviation"))
                }
            }
        }
    }

    /// `{"reviews": [...], …}`: the per-day series averaged over the runs, 4 decimals, one
    /// series per line.
    struct Days: JSONLaidOut {
        var jsonLayout: JSONLayout { .memberPerLine }
        let runs: SimulationRuns
        let mode: SimulationMode

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for metric in DailyMetric.metrics(for: mode) {
                let series = runs.meanSeries(metric).map { Number(value: $0, decimals: 4) }
                try container.encode(CompactArray(elements: series), forKey: Key(metric.rawValue))
            }
        }
    }

    /// One retention of a sweep: its first two members on the line of its brace, the others
    /// on lines of their own.
    struct SweepPoint: JSONLaidOut {
        var jsonLayout: JSONLayout { JSONLayout(lineBreaks: .from(2)) }
        let runs: SimulationRuns
        let metrics: [SummaryMetric]
        let mode: SimulationMode
        let marginalMinutesPerItem: Double

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(Number(value: runs.desiredRetention), forKey: Key("desiredRetention"))
            try container.encode(Summary(runs: runs, metrics: metrics), forKey: Key("summary"))
            try container.encode(Number(value: marginalMinutesPerItem), forKey: Key("marginalMinutesPerItem"))
            try container.encode(Days(runs: runs, mode: mode), forKey: Key("days"))
        }
    }

    /// The sweep's recommendation, on one line.
    struct Recommendation: Encodable {
        let retention: Number
        let secondsPerMemorized: Number
        let secondsPerMemorizedStandardDeviation: Number
        let seedOptimaMean: Number
        let seedOptimaStandardDeviation: Number
        let seedOptimaRange: [Number]
        let plausibleRange: [Number]
        let nearOptimal: [Number]
        let criterion: String

        init(_ recommendation: RetentionRecommendation) {
            retention = Number(value: recommendation.retention)
            secondsPerMemorized = Number(value: recommendation.secondsPerMemorized.mean)
            secondsPerMemorizedStandardDeviation = Number(value: recommendation.secondsPerMemorized.standardDeviation)
            seedOptimaMean = Number(value: recommendation.seedOptima.mean)
            seedOptimaStandardDeviation = Number(value: recommendation.seedOptima.standardDeviation)
            seedOptimaRange = [recommendation.seedOptimaRange.lowerBound, recommendation.seedOptimaRange.upperBound].map { Number(value: $0) }
            plausibleRange = [recommendation.plausibleRange.lowerBound, recommendation.plausibleRange.upperBound].map { Number(value: $0) }
            nearOptimal = recommendation.nearOptimal.map { Number(value: $0) }
            criterion = recommendation.criterion.rawValue
        }
    }

    /// The answer to `--budget`, on one line.
    struct Budget: Encodable {
        let minutesPerDay: Double
        let point: SimulationRuns?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(Number(value: minutesPerDay), forKey: Key("minutesPerDay"))
            try container.encode(Number(value: point?.desiredRetention ?? .nan), forKey: Key("retention"))
            for metric in [SummaryMetric.steadyMinutesPerDay, .averageMinutesPerDay, .steadyReviewsPerDay, .memorizedAtEnd, .totalReviews] {
                try container.encode(Number(value: point.map { $0.statistics(metric).mean } ?? .nan), forKey: Key(metric.rawValue))
            }
        }
    }

    /// A warning on the answer, on one line.
    struct Warning: Encodable {
        let code: String
        let figure: Number
        let message: String
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

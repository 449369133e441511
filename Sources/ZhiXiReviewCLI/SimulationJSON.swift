import Foundation
import ZhiXiCore
import ZhiXiSimulation

/// `simulate --format json`.
///
/// One setting: `{"mode", "desiredRetention", "spanDays", "seeds", "inputs": {…}, "summary":
/// {…}, "cost": {…}, "days": {…per-day arrays…}, "warnings": […], "notes": […]}`. A sweep:
/// `{"mode", "spanDays", "seeds", "inputs", "sweep": [{"desiredRetention", "summary": {…},
/// "cost", "extraAgainstPrevious", "extraAgainstRecommended", "marginalMinutesPerItem",
/// "days": {…}}, …], "recommendedRetention", "recommendation": {…}, "warnings", "notes"}`,
/// with `--budget` also `"budgetRetention"`, `"budget"` and each point's `"budgetCheck"`. From
/// a review log: `"derived"` (fsrs-rs's field names), `"derivedFrom"` and `"existingCards"`.
/// With several seeds, summary numbers and per-day values are means, and each summary number
/// has its standard deviation beside it (`totalReviewsStandardDeviation`). A number that is
/// not finite (seconds per memorized item when nothing is memorized) is `null`, and the
/// `"verdict"` beside it (`"cost"`, `"extra…"`) says why; a note says so too.
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
                try container.encode(Cost(RetentionCost(runs: runs, criterion: RetentionRecommendation.criterion(for: report.mode))),
                                     forKey: Key("cost"))
                try container.encode(Days(runs: runs, mode: report.mode), forKey: Key("days"))
            case .sweep(let result):
                try encodeSetting(into: &container)
                let marginal = result.marginalMinutesPerItem
                let previous = result.extraAgainstPrevious
                let recommendedIndex = result.recommendedIndex
                let points = result.points.enumerated().map { index, point in
                    SweepPoint(runs: point, metrics: report.metrics, mode: report.mode, cost: Cost(result.costs[index]),
                               extraAgainstPrevious: previous[index].map(Extra.init),
                               extraAgainstRecommended: recommendedIndex.flatMap { $0 == index ? nil : Extra(result.extraCost(from: $0, to: index)) },
                               marginalMinutesPerItem: marginal[index] ?? .nan,
                               budgetCheck: report.budget.map { BudgetCheck($0.compliance[index]) })
                }
                try container.encode(LinedArray(elements: points), forKey: Key("sweep"))
                try container.encode(Number(value: result.recommendation?.retention ?? .nan), forKey: Key("recommendedRetention"))
                if let recommendation = result.recommendation {
                    try container.encode(Recommendation(recommendation, compliance: report.recommendedCompliance), forKey: Key("recommendation"))
                } else {
                    try container.encodeNil(forKey: Key("recommendation"))
                }
            }
            if let anki = report.ankiOptimalRetention {
                try container.encode(AnkiAnswer(anki), forKey: Key("ankiOptimalRetention"))
            }
            if let minutes = report.setting.inputs.budgetMinutes {
                try container.encode(Number(value: report.budgetPoint?.desiredRetention ?? .nan), forKey: Key("budgetRetention"))
                try container.encode(Budget(minutesPerDay: minutes, report: report), forKey: Key("budget"))
            }
            let warnings = report.warnings.map { Warning(code: $0.code, figure: Number(value: $0.figure), message: $0.description) }
            try container.encode(LinedArray(elements: warnings), forKey: Key("warnings"))
            try container.encode(LinedArray(elements: report.notes + nullNotes(report)), forKey: Key("notes"))
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

    /// Sentences on the `null`s of the summaries: which cost per item is infinite, where and why.
    static func nullNotes(_ report: SimulationReport) -> [String] {
        var notes: [String] = []
        for metric in [SummaryMetric.secondsPerMemorized, .secondsPerItemGained] where report.metrics.contains(metric) {
            let retentions = report.points.filter { !$0.statistics(metric).mean.isFinite }.map(\.desiredRetention)
            guard !retentions.isEmpty else { continue }
            let noun = report.itemsNoun, gained = metric == .secondsPerItemGained ? "gained" : "memorized at the end"
            notes.append("summary.\(metric.rawValue) is null" + (report.points.count > 1
                    ? " at " + SimulationTextReport.list(retentions, in: report.points.map(\.desiredRetention)) : "")
                + ": some seed has no \(noun) \(gained) to divide its study by; such a cost is not measured (cost.verdict)")
        }
        if case .sweep(let result) = report.outcome, result.recommendation == nil {
            notes.append("recommendedRetention and recommendation are null: no retention's cost per item is measured over "
                + "\(report.setting.seeds.count) seeds (each point's cost.verdict says why)")
        }
        return notes
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
            // Deprecated since issue 27, when --budget became the daily cap: always false.
            try member("capLiftedForBudget", false)
            try member("budgetIsDailyCap", inputs.budgetMinutes != nil)
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
        let cost: Cost
        let extraAgainstPrevious: Extra?
        let extraAgainstRecommended: Extra?
        let marginalMinutesPerItem: Double
        let budgetCheck: BudgetCheck?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(Number(value: runs.desiredRetention), forKey: Key("desiredRetention"))
            try container.encode(Summary(runs: runs, metrics: metrics), forKey: Key("summary"))
            try container.encode(cost, forKey: Key("cost"))
            if let extraAgainstPrevious { try container.encode(extraAgainstPrevious, forKey: Key("extraAgainstPrevious")) }
            else { try container.encodeNil(forKey: Key("extraAgainstPrevious")) }
            if let extraAgainstRecommended { try container.encode(extraAgainstRecommended, forKey: Key("extraAgainstRecommended")) }
            else { try container.encodeNil(forKey: Key("extraAgainstRecommended")) }
            try container.encode(Number(value: marginalMinutesPerItem), forKey: Key("marginalMinutesPerItem"))
            if let budgetCheck { try container.encode(budgetCheck, forKey: Key("budgetCheck")) }
            try container.encode(Days(runs: runs, mode: mode), forKey: Key("days"))
        }
    }

    /// A retention's cost per item, on one line: `{"criterion", "secondsPerItem",
    /// "secondsPerItemStandardDeviation", "minutesPerItem", "itemsGained" (ZhiXi mode: memorized
    /// at the end minus at the start, negative when the span ends with fewer) or
    /// "itemsMemorized" (cards mode), its standard deviation, "verdict"}`; the seconds and
    /// minutes are `null` unless `"verdict"` is `"measured"`.
    struct Cost: Encodable {
        let cost: RetentionCost

        init(_ cost: RetentionCost) { self.cost = cost }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            let measured = cost.verdict == .measured
            let items = cost.criterion == .secondsPerItemGained ? "itemsGained" : "itemsMemorized"
            try container.encode(cost.criterion.rawValue, forKey: Key("criterion"))
            try container.encode(Number(value: measured ? cost.secondsPerItem.mean : .nan), forKey: Key("secondsPerItem"))
            try container.encode(Number(value: measured ? cost.secondsPerItem.standardDeviation : .nan), forKey: Key("secondsPerItemStandardDeviation"))
            try container.encode(Number(value: cost.minutesPerItem ?? .nan, decimals: 4), forKey: Key("minutesPerItem"))
            try container.encode(ShortNumber(value: cost.items.mean), forKey: Key(items))
            try container.encode(ShortNumber(value: cost.items.standardDeviation), forKey: Key(items + "StandardDeviation"))
            try container.encode(cost.verdict.rawValue, forKey: Key("verdict"))
        }
    }

    /// What a retention buys and costs against another, on one line: `{"fromRetention",
    /// "extraMinutes", "extraMinutesStandardDeviation", "extraItems",
    /// "extraItemsStandardDeviation", "minutesPerExtraItem", "verdict"}`; `minutesPerExtraItem`
    /// (always positive: paid per extra item, or saved per item given up when `extraItems` is
    /// negative) is `null` unless `"verdict"` is `"measured"`.
    struct Extra: Encodable {
        let fromRetention: Number
        let extraMinutes: ShortNumber
        let extraMinutesStandardDeviation: ShortNumber
        let extraItems: ShortNumber
        let extraItemsStandardDeviation: ShortNumber
        let minutesPerExtraItem: Number
        let verdict: String

        init(_ cost: ExtraItemCost) {
            fromRetention = Number(value: cost.fromRetention)
            extraMinutes = ShortNumber(value: cost.extraMinutes.mean)
            extraMinutesStandardDeviation = ShortNumber(value: cost.extraMinutes.standardDeviation)
            extraItems = ShortNumber(value: cost.extraItems.mean)
            extraItemsStandardDeviation = ShortNumber(value: cost.extraItems.standardDeviation)
            minutesPerExtraItem = Number(value: cost.minutesPerExtraItem ?? .nan, decimals: 4)
            verdict = cost.verdict.rawValue
        }
    }

    /// A retention against the budget, on one line: `{"fits", "daysOverBudget",
    /// "worstDayMinutes", "waited", "notStarted"}` (means over the seeds; the worst day over
    /// all of them).
    struct BudgetCheck: Encodable {
        let fits: Bool
        let daysOverBudget: ShortNumber
        let worstDayMinutes: ShortNumber
        let waited: ShortNumber
        let notStarted: ShortNumber

        init(_ compliance: BudgetCompliance) {
            fits = compliance.fits
            daysOverBudget = ShortNumber(value: compliance.daysOverBudget.mean)
            worstDayMinutes = ShortNumber(value: compliance.worstDayMinutes)
            waited = ShortNumber(value: compliance.waited.mean)
            notStarted = ShortNumber(value: compliance.notStarted.mean)
        }
    }

    /// The sweep's recommendation, on one line. `secondsPerItem` is its cost per item under
    /// `criterion` (per memorized item in cards mode, per item gained in ZhiXi mode);
    /// `secondsPerMemorized` is the same number under its name before issue 27 (kept for
    /// programs that read it; deprecated). With a daily cap: `daysOverCap` and
    /// `worstDayMinutes`.
    struct Recommendation: Encodable {
        let retention: Number
        let secondsPerItem: Number
        let secondsPerItemStandardDeviation: Number
        let minutesPerItem: Number
        let secondsPerMemorized: Number
        let secondsPerMemorizedStandardDeviation: Number
        let seedOptimaMean: Number
        let seedOptimaStandardDeviation: Number
        let seedOptimaRange: [Number]
        let plausibleRange: [Number]
        let nearOptimal: [Number]
        let criterion: String
        let daysOverCap: ShortNumber?
        let worstDayMinutes: ShortNumber?

        init(_ recommendation: RetentionRecommendation, compliance: BudgetCompliance?) {
            retention = Number(value: recommendation.retention)
            secondsPerItem = Number(value: recommendation.secondsPerItem.mean)
            secondsPerItemStandardDeviation = Number(value: recommendation.secondsPerItem.standardDeviation)
            minutesPerItem = Number(value: recommendation.secondsPerItem.mean / 60, decimals: 4)
            secondsPerMemorized = Number(value: recommendation.secondsPerItem.mean)
            secondsPerMemorizedStandardDeviation = Number(value: recommendation.secondsPerItem.standardDeviation)
            daysOverCap = compliance.map { ShortNumber(value: $0.daysOverBudget.mean) }
            worstDayMinutes = compliance.map { ShortNumber(value: $0.worstDayMinutes) }
            seedOptimaMean = Number(value: recommendation.seedOptima.mean)
            seedOptimaStandardDeviation = Number(value: recommendation.seedOptima.standardDeviation)
            seedOptimaRange = [recommendation.seedOptimaRange.lowerBound, recommendation.seedOptimaRange.upperBound].map { Number(value: $0) }
            plausibleRange = [recommendation.plausibleRange.lowerBound, recommendation.plausibleRange.upperBound].map { Number(value: $0) }
            nearOptimal = recommendation.nearOptimal.map { Number(value: $0) }
            criterion = recommendation.criterion.rawValue
        }
    }

    /// Anki's own optimal retention for the preset (`AnkiOptimalRetention`): its answer,
    /// what it minimises (`criterion`), the retention every card carries, the retentions its
    /// search tried and its objective at each (seconds per card memorized at the end), the
    /// simulations per evaluation.
    struct AnkiAnswer: Encodable {
        let retention: Number
        let criterion = "secondsPerCardMemorizedAtEnd, every card at the preset's desired retention"
        let carriedRetention: Number
        let evaluated: [Number]
        let secondsPerMemorized: [Number]
        let sampleSize: Int
        let converged: Bool

        init(_ anki: AnkiOptimalRetention) {
            retention = Number(value: anki.retention)
            carriedRetention = Number(value: anki.carriedRetention)
            evaluated = anki.evaluated.map { Number(value: $0) }
            secondsPerMemorized = anki.secondsPerMemorized.map { Number(value: $0) }
            sampleSize = anki.sampleSize
            converged = anki.converged
        }
    }

    /// The answer to `--budget`, on one line: the retention it names (`retention`: the one that
    /// fits and remembers the most, or, when `fits` is false, the one that remembers the most all the same), its days over the
    /// budget (`daysOverBudget`, mean over the seeds; `overBudgetDays`, from 1, and
    /// `overBudgetDates` on which some seed passed it), `worstDayMinutes`,
    /// `worstExcessMinutes`, `worstWeek` (`firstDay`, `lastDay` from 1, `from`, `to` when the
    /// run has dates, `minutesPerDay`), what keeping within it cost (`waited`, `notStarted`)
    /// and what it buys (`memorizedAtEnd`, …); how sure the pick is (`seedChoiceMean`,
    /// `seedChoiceStandardDeviation`, `seedChoiceRange`, `plausible`, and `againstRecommended`
    /// as `extraAgainstPrevious` has it); what it needs without the cap (`uncapped`, ``Need``)
    /// and what the recommended retention needs (`recommendedUncapped`, when it differs).
    struct Budget: Encodable {
        let minutesPerDay: Double
        let report: SimulationReport

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(Number(value: minutesPerDay), forKey: Key("minutesPerDay"))
            try container.encode(true, forKey: Key("simulatedAsDailyCap"))
            guard let budget = report.budget else { return }
            let chosen = budget.chosenIndex
            let point = report.points[chosen], compliance = budget.compliance[chosen]
            let dates = report.dates
            try container.encode(Number(value: point.desiredRetention), forKey: Key("retention"))
            try container.encode(budget.somethingFits, forKey: Key("fits"))
            try container.encode(ShortNumber(value: compliance.daysOverBudget.mean), forKey: Key("daysOverBudget"))
            try container.encode(ShortNumber(value: compliance.daysOverBudget.standardDeviation), forKey: Key("daysOverBudgetStandardDeviation"))
            try container.encode(compliance.daysOver.map { $0 + 1 }, forKey: Key("overBudgetDays"))
            if report.setting.firstDate != nil {
                try container.encode(compliance.daysOver.compactMap { dates.date($0)?.description }, forKey: Key("overBudgetDates"))
            }
            try container.encode(ShortNumber(value: compliance.worstDayMinutes), forKey: Key("worstDayMinutes"))
            try container.encode(ShortNumber(value: compliance.worstExcessMinutes), forKey: Key("worstExcessMinutes"))
            try container.encode(Week(compliance: compliance, dates: dates), forKey: Key("worstWeek"))
            try container.encode(ShortNumber(value: compliance.waited.mean), forKey: Key("waited"))
            try container.encode(ShortNumber(value: compliance.notStarted.mean), forKey: Key("notStarted"))
            for metric in [SummaryMetric.steadyMinutesPerDay, .averageMinutesPerDay, .steadyReviewsPerDay, .memorizedAtEnd, .totalReviews] {
                try container.encode(Number(value: point.statistics(metric).mean), forKey: Key(metric.rawValue))
            }
            // How sure: the seeds' own picks, the retentions not clearly worse, the recommendation.
            try container.encode(Number(value: budget.seedChoices.mean), forKey: Key("seedChoiceMean"))
            try container.encode(Number(value: budget.seedChoices.standardDeviation), forKey: Key("seedChoiceStandardDeviation"))
            try container.encode([budget.seedChoiceRange.lowerBound, budget.seedChoiceRange.upperBound].map { Number(value: $0) },
                                 forKey: Key("seedChoiceRange"))
            try container.encode(budget.plausible.map { Number(value: $0) }, forKey: Key("plausible"))
            if let result = report.outcome.sweepResult, let recommended = result.recommendedIndex, recommended != chosen {
                try container.encode(Extra(result.extraCost(from: recommended, to: chosen)), forKey: Key("againstRecommended"))
            }
            if let need = report.budgetNeed { try container.encode(Need(need: need, dates: dates), forKey: Key("uncapped")) }
            if let need = report.recommendedNeed { try container.encode(Need(need: need, dates: dates), forKey: Key("recommendedUncapped")) }
        }
    }

    /// What a retention needs without the cap, on one line: `{"retention", "averageMinutesPerDay",
    /// "steadyMinutesPerDay", "memorizedAtEnd", "daysOverBudget", "daysOverBudgetInSomeSeed",
    /// "worstDayMinutes", "worstWeek", "newPerDay"}` (means over the seeds; `newPerDay` the pace
    /// simulated, `null` for no limit) and, when the pace was searched, `"fittingNewPerDay"` (the
    /// most new items a day that pass the budget on no day the reviews alone do not),
    /// `"fitsAtPace"` (whether that is the learner's pace), `"daysOverBudgetWithoutNewItems"`
    /// (the reviews alone, mean over the seeds) and `"paceStep"`.
    struct Need: Encodable {
        let need: BudgetNeed
        let dates: SimulationDates

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            let compliance = need.compliance
            try container.encode(Number(value: need.retention), forKey: Key("retention"))
            for metric in [SummaryMetric.averageMinutesPerDay, .steadyMinutesPerDay, .memorizedAtEnd] {
                try container.encode(Number(value: need.runs.statistics(metric).mean), forKey: Key(metric.rawValue))
            }
            try container.encode(ShortNumber(value: compliance.daysOverBudget.mean), forKey: Key("daysOverBudget"))
            try container.encode(ShortNumber(value: compliance.daysOverBudget.standardDeviation), forKey: Key("daysOverBudgetStandardDeviation"))
            try container.encode(compliance.daysOver.count, forKey: Key("daysOverBudgetInSomeSeed"))
            try container.encode(ShortNumber(value: compliance.worstDayMinutes), forKey: Key("worstDayMinutes"))
            try container.encode(Week(compliance: compliance, dates: dates), forKey: Key("worstWeek"))
            try container.encode(Number(value: need.pace ?? .nan), forKey: Key("newPerDay"))
            guard let fit = need.fittingPace else { return }
            try container.encode(Number(value: fit.newPerDay), forKey: Key("fittingNewPerDay"))
            try container.encode(fit.isLearnerPace, forKey: Key("fitsAtPace"))
            try container.encode(ShortNumber(value: fit.reviewsAlone?.daysOverBudget.mean ?? 0), forKey: Key("daysOverBudgetWithoutNewItems"))
            try container.encode(Number(value: need.paceStep), forKey: Key("paceStep"))
        }
    }

    /// A retention's worst week: `{"firstDay", "lastDay", "from", "to", "minutesPerDay"}`.
    struct Week: Encodable {
        let compliance: BudgetCompliance
        let dates: SimulationDates

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            let week = compliance.worstWeek
            try container.encode(week.lowerBound + 1, forKey: Key("firstDay"))
            try container.encode(week.upperBound, forKey: Key("lastDay"))
            if let from = dates.date(week.lowerBound), let to = dates.date(week.upperBound - 1) {
                try container.encode(from.description, forKey: Key("from"))
                try container.encode(to.description, forKey: Key("to"))
            }
            try container.encode(ShortNumber(value: compliance.worstWeekMinutesPerDay), forKey: Key("minutesPerDay"))
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

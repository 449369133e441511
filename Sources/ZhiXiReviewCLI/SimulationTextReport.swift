import ZhiXiLocalization
import ZhiXiModel
import ZhiXiSimulation

/// `simulate` as text for people: the setting and its inputs; from a review log the habits
/// derived; for one setting a table of the totals and sparklines of memorized items and
/// minutes over the span; for a sweep a table with one row per retention, the recommendation
/// (and the budget's answer) marked, and a paragraph on how sure it is; then the warnings and
/// notes.
enum SimulationTextReport {
    /// The report as text, in `words`' language (JSON, CSV and the SVG chart are English).
    static func text(_ report: SimulationReport, words: Localization) -> String {
        var output = words.sentence("simulate.setting", in: .commands, ["text": report.settingLine(words: words)]) + "\n"
        output += words.sentence("simulate.inputs", in: .commands, ["text": report.inputsLine(words: words)]) + "\n"
        if let log = report.setting.inputs.learnerLog {
            output += log.text(words: words)
            output += words.sentence("simulate.existingCards", in: .commands, ["count": number(Double(report.setting.existingCards), 0)]) + "\n"
        }
        let items = itemsNoun(report, words: words)
        switch report.outcome {
        case .single(let runs):
            output += words.sentence("simulate.desiredRetention", in: .commands, ["retention": number(runs.desiredRetention, 2)]) + "\n\n"
            let several = runs.runs.count > 1
            let rows = report.metrics.map { metric -> [String] in
                var statistics = runs.statistics(metric)
                let label = costLabel(metric, mode: report.mode, words: words)
                if metric == .secondsPerMemorized || metric == .secondsPerItemGained {
                    let cost = RetentionCost(runs: runs, criterion: metric)
                    if cost.verdict != .measured { return [label, verdictWord(cost.verdict, words: words)] + (several ? [""] : []) }
                    if report.mode == .zhiXi { statistics = MeanAndDeviation(runs.runs.map { metric.value(in: $0.summary) / 60 }) }
                }
                var row = [label, number(statistics.mean, metric.decimals)]
                if several { row.append("± " + number(statistics.standardDeviation, metric.decimals)) }
                return row
            }
            let header = (several ? ["mean", "sd"] : ["value"]).map { words.text("simulate.column." + $0, in: .commands) }
            output += TextFormatting.table(header: [""] + header, rows: rows, rightAligned: several ? [1, 2] : [1])
            output += "\n"
            let memorized = runs.meanSeries(.memorized)
            let minutes = runs.meanSeries(.seconds).map { $0 / 60 }
            output += words.sentence("simulate.sparkline.memorized", in: .commands, [
                "line": sparkline(memorized), "first": number(memorized.first ?? 0, 1), "last": number(memorized.last ?? 0, 1), "items": items,
            ]) + "\n"
            output += words.sentence("simulate.sparkline.minutes", in: .commands, ["line": sparkline(minutes), "maximum": number(minutes.max() ?? 0, 1)])
                + "\n"
            let firstDay = words.sentence("simulate.day", in: .commands, ["day": "1"])
            let lastDay = words.sentence("simulate.day", in: .commands, ["day": String(memorized.count)])
            let gap = sparklineWidth(memorized.count) - TextFormatting.displayWidth(firstDay) - TextFormatting.displayWidth(lastDay)
            output += words.text("simulate.sparkline.axis", in: .commands) + firstDay + String(repeating: " ", count: max(1, gap)) + lastDay + "\n"
            output += costNotes(report, runs: runs, words: words)
            output += SimulationBudgetText.text(report, words: words)
        case .sweep(let result):
            output += "\n" + SimulationSweepTable.text(report, result: result, words: words)
            output += "\n" + recommendationText(report, result: result, words: words)
            output += SimulationBudgetText.text(report, words: words)
        }
        if let anki = report.ankiOptimalRetention {
            output += words.sentence("simulate.anki.optimal", in: .commands, [
                "retention": number(anki.retention, 2), "carried": number(anki.carriedRetention, 2),
                "cost": number(anki.secondsPerMemorized.first ?? .nan, 1), "steps": String(anki.evaluated.count),
            ]) + "\n"
        }
        for warning in report.warnings {
            output += words.sentence("report.warning", in: .commands, ["text": SimulationWarningText.sentence(warning, words: words)]) + "\n"
        }
        for note in report.notes(words: words) { output += words.sentence("simulate.notePrefix", in: .commands, ["text": note]) + "\n" }
        return output
    }

    /// What the items are called in `words`: items (cards mode) or lessons (ZhiXi mode), plural or singular.
    static func itemsNoun(_ report: SimulationReport, plural: Bool = true, words: Localization) -> String {
        words.text((plural ? "simulate.items." : "simulate.item.") + (report.mode == .cards ? "cards" : "lessons"), in: .commands)
    }

    /// A summary number's label; ZhiXi mode says its costs per lesson in minutes (lessons take
    /// minutes), cards mode per item in seconds.
    static func costLabel(_ metric: SummaryMetric, mode: SimulationMode, words: Localization) -> String {
        let key = switch (mode, metric) {
        case (.zhiXi, .secondsPerMemorized): "minutesPerMemorizedLesson"
        case (.zhiXi, .secondsPerItemGained): "minutesPerLessonGained"
        default: metric.rawValue
        }
        return words.text("simulate.metric." + key, in: .commands)
    }

    /// The word a table prints for a cost that is not a number.
    static func verdictWord(_ verdict: RetentionCost.Verdict, words: Localization) -> String {
        switch verdict {
        case .measured: ""
        case .notMeasurable: words.text("simulate.verdict.notMeasurable", in: .commands)
        case .nothingGained: words.text("simulate.verdict.nothingGained", in: .commands)
        }
    }

    /// Sentences on the costs a single run's table prints as words instead of numbers.
    static func costNotes(_ report: SimulationReport, runs: SimulationRuns, words: Localization) -> String {
        var text = ""
        for metric in [SummaryMetric.secondsPerMemorized, .secondsPerItemGained] where report.metrics.contains(metric) {
            let cost = RetentionCost(runs: runs, criterion: metric)
            guard cost.verdict != .measured else { continue }
            text += words.sentence("simulate.costNote", in: .commands, [
                "label": costLabel(metric, mode: report.mode, words: words), "text": costExplanation(cost, report: report, runs: runs, words: words),
            ]) + "\n"
        }
        return text
    }

    /// Why a cost is not a number, in a clause.
    static func costExplanation(_ cost: RetentionCost, report: SimulationReport, runs: SimulationRuns, words: Localization) -> String {
        let values = [
            "items": itemsNoun(report, words: words), "start": number(runs.statistics(.memorizedAtStart).mean, 1),
            "end": number(runs.statistics(.memorizedAtEnd).mean, 1),
        ]
        let what = words.sentence(cost.criterion == .secondsPerItemGained ? "simulate.cost.gained" : "simulate.cost.memorized", in: .commands, values)
        switch cost.verdict {
        case .measured:
            return ""
        case .nothingGained:
            return words.sentence("simulate.cost.nothingGained", in: .commands, ["what": what])
        case .notMeasurable:
            return words.counted("simulate.cost.notMeasurable", in: .commands, count: runs.runs.count, ["count": String(runs.runs.count), "what": what])
        }
    }

    /// The recommendation and how sure it is, in sentences; or why there is none.
    static func recommendationText(_ report: SimulationReport, result: RetentionSweepResult, words: Localization) -> String {
        let seeds = result.points[0].runs.count
        let retentions = result.points.map(\.desiredRetention)
        let unmeasured = result.costs.filter { $0.verdict != .measured }.map(\.retention)
        let items = itemsNoun(report, words: words), item = itemsNoun(report, plural: false, words: words)
        func say(_ key: String, _ values: [String: String] = [:]) -> String { words.sentence("simulate." + key, in: .commands, values) }
        guard let recommendation = result.recommendation, let index = result.recommendedIndex else {
            var course = ""
            if report.mode == .zhiXi {
                course = say(report.setting.studiedAtStart > 0 ? "noRecommendation.courseStudied" : "noRecommendation.course", [
                    "lessons": report.grouped(report.setting.itemCount), "studied": String(report.setting.studiedAtStart),
                    "days": String(report.setting.spanDays),
                ])
            }
            let what = say(result.criterion == .secondsPerItemGained ? "what.gainedWithinSpan" : "what.memorizedAtEnd", ["items": items])
            return words.counted("simulate.noRecommendation", in: .commands, count: seeds, [
                "what": what, "count": String(seeds), "item": item, "course": course,
            ]) + "\n"
        }
        let cost = recommendation.secondsPerItem
        let point = result.points[index]
        var text: String
        if recommendation.criterion == .secondsPerItemGained {
            text = say("recommended.gained", [
                "retention": number(recommendation.retention, 2), "item": item, "items": items,
                "cost": number(cost.mean / 60, 1) + (seeds > 1 ? " ± " + number(cost.standardDeviation / 60, 1) : ""),
                "end": number(point.statistics(.memorizedAtEnd).mean, 1), "count": report.grouped(report.setting.itemCount),
                "start": number(point.statistics(.memorizedAtStart).mean, 1), "minutes": number(point.statistics(.averageMinutesPerDay).mean, 1),
            ]) + "\n"
        } else {
            text = say("recommended.memorized", [
                "retention": number(recommendation.retention, 2),
                "cost": number(cost.mean, 1) + (seeds > 1 ? " ± " + number(cost.standardDeviation, 1) : ""),
            ]) + "\n"
        }
        let near = list(recommendation.nearOptimal, in: retentions, words: words)
        text += say(recommendation.nearOptimal.count > 1 ? "nearOptimal.several" : "nearOptimal", ["list": near, "items": items]) + "\n"
        if seeds > 1 {
            let optima = recommendation.seedOptimaRange, plausible = recommendation.plausibleRange
            text += say(plausible.lowerBound == plausible.upperBound ? "howSure.one" : "howSure.all", [
                "optima": range(optima), "mean": number(recommendation.seedOptima.mean, 3),
                "sd": number(recommendation.seedOptima.standardDeviation, 3), "plausible": range(plausible),
                "unmeasured": unmeasured.isEmpty ? "" : say("howSure.unmeasured", ["list": list(unmeasured, in: retentions, words: words)]),
            ]) + "\n"
        } else {
            text += say("howSure.oneSeed") + "\n"
        }
        if let compliance = report.recommendedCompliance, !compliance.fits, report.budget == nil {
            text += say("recommended.over", [
                "retention": number(recommendation.retention, 2),
                "clause": SimulationBudgetText.overClause(compliance, report: report, words: words),
            ]) + "\n"
        }
        return text
    }

    /// Retentions as runs of neighbours in the sweep `all`: `0.70–0.76, 0.79` (English by default, as JSON and the chart need).
    static func list(_ values: [Double], in all: [Double], words: Localization = AppLanguage.english.localization) -> String {
        let positions = values.compactMap { all.firstIndex(of: $0) }
        guard !positions.isEmpty else { return words.text("simulate.none", in: .commands) }
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
        return pieces.joined(separator: words.text("simulate.listSeparator", in: .commands))
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

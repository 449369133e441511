import ZhiXiLocalization
import ZhiXiSimulation

/// A sweep as a table for people: one row per retention with what it costs a day, what it
/// buys, its cost per item and what it buys and costs against the row above and against the
/// recommendation, the recommendation (and the budget's answer) marked; then a key that says
/// what every column and every word in a cell means.
enum SimulationSweepTable {
    /// The words a cell may hold instead of a number, each explained under the table when used.
    private enum CellWord: String {
        case dash, saves, notMeasurable, nothingGained, moreForLess, fewerForMore
    }

    /// The table and its key, in `words`' language.
    static func text(_ report: SimulationReport, result: RetentionSweepResult, words: Localization) -> String {
        let number = SimulationTextReport.number
        func say(_ key: String, _ values: [String: String] = [:]) -> String { words.sentence("simulate.sweep." + key, in: .commands, values) }
        let item = SimulationTextReport.itemsNoun(report, plural: false, words: words), items = SimulationTextReport.itemsNoun(report, words: words)
        let seeds = result.points[0].runs.count
        let recommendedIndex = result.recommendedIndex
        let budget = report.budget
        let zhiXiCost = result.criterion == .secondsPerItemGained
        let costHeader = say(zhiXiCost ? "column.costGained" : "column.costMemorized", ["item": item])
        let extraHeader = say("column.extra", ["item": item])
        let previous = result.extraAgainstPrevious
        let againstRecommended: [ExtraItemCost?] = result.points.indices.map { index in
            recommendedIndex.flatMap { $0 == index ? nil : result.extraCost(from: $0, to: index) }
        }
        let recommendedName = recommendedIndex.map { number(result.points[$0].desiredRetention, 2) }
        let againstHeader = recommendedName.map { say("column.against", ["item": item, "retention": $0]) }
        var header = ["retention", "minutesPerDay", "last30Days", "reviews", "memorizedAtEnd"].map { say("column." + $0) }
            + [costHeader, extraHeader]
        if let againstHeader { header.append(againstHeader) }
        if budget != nil { header += [say("column.worstDay"), say("column.waited")] }
        header.append("")
        var used = Set<CellWord>()
        func cell(_ word: CellWord, _ value: String = "") -> String {
            used.insert(word)
            return say("cell." + word.rawValue, ["value": value])
        }
        func extraCell(_ cost: ExtraItemCost?) -> String {
            guard let cost else { return cell(.dash) }
            switch cost.verdict {
            case .measured:
                let value = number(cost.minutesPerExtraItem ?? 0, 2)
                return cost.buysMore ? value : cell(.saves, value)
            case .notMeasurable: return cell(.notMeasurable)
            case .moreForLess: return cell(.moreForLess)
            case .fewerForMore: return cell(.fewerForMore)
            }
        }
        let rows = result.points.enumerated().map { index, point -> [String] in
            var row = [number(point.desiredRetention, 2)]
            for metric in [SummaryMetric.averageMinutesPerDay, .steadyMinutesPerDay, .totalReviews, .memorizedAtEnd] {
                let statistics = point.statistics(metric)
                row.append(number(statistics.mean, metric.decimals) + (seeds > 1 ? " ± " + number(statistics.standardDeviation, metric.decimals) : ""))
            }
            let cost = result.costs[index]
            switch cost.verdict {
            case .measured:
                let scale = zhiXiCost ? 60.0 : 1
                row.append(number(cost.secondsPerItem.mean / scale, 1) + (seeds > 1 ? " ± " + number(cost.secondsPerItem.standardDeviation / scale, 1) : ""))
            case .notMeasurable: row.append(cell(.notMeasurable))
            case .nothingGained: row.append(cell(.nothingGained))
            }
            row.append(extraCell(previous[index]))
            if recommendedIndex != nil { row.append(extraCell(againstRecommended[index])) }
            if let budget {
                let compliance = budget.compliance[index]
                row.append(number(compliance.worstDayMinutes, 1))
                row.append(number(compliance.waited.mean, 1))
            }
            var marks: [String] = []
            if index == recommendedIndex { marks.append(say("mark.recommended")) }
            if let budget, index == budget.fittingIndex { marks.append(say("mark.budget")) }
            if let budget, budget.fittingIndex == nil, index == budget.closestIndex { marks.append(say("mark.nothingFits")) }
            row.append(marks.isEmpty ? "" : say("marks", ["marks": marks.joined(separator: words.text("simulate.listSeparator", in: .commands))]))
            return row
        }
        var text = TextFormatting.table(header: header, rows: rows, rightAligned: Set(0 ..< header.count - 1))
        text += "\n"
        // The key: every column that needs one, and every word a cell holds.
        let memorizedAtStart = result.points[0].statistics(.memorizedAtStart).mean
        text += say(zhiXiCost ? "key.costGained" : "key.costMemorized", [
            "header": costHeader, "item": item, "start": number(memorizedAtStart, 1),
        ]) + "\n"
        let against = againstHeader.map { header in
            say("key.against", ["header": header, "saves": used.contains(.saves) ? say("key.saves", ["item": item]) : ""])
        }
        text += say("key.extra", ["header": extraHeader, "item": item, "against": against ?? ""]) + "\n"
        if used.contains(.notMeasurable) {
            text += words.counted("simulate.sweep.key.notMeasurable", in: .commands, count: seeds, [
                "items": items, "count": String(seeds), "gained": zhiXiCost ? say("key.notMeasurable.gained", ["items": items]) : "",
            ]) + "\n"
        }
        for word in [CellWord.nothingGained, .moreForLess, .fewerForMore, .dash] where used.contains(word) {
            text += say("key." + word.rawValue, ["items": items]) + "\n"
        }
        if budget != nil { text += say(report.mode == .cards ? "key.budget.cards" : "key.budget.lessons") + "\n" }
        return text
    }
}

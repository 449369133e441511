import ZhiXiSimulation

/// A sweep as a table for people: one row per retention with what it costs a day, what it
/// buys, its cost per item and what it buys and costs against the row above and against the
/// recommendation, the recommendation (and the budget's answer) marked; then a key that says
/// what every column and every word in a cell means.
enum SimulationSweepTable {
    /// The table and its key.
    static func text(_ report: SimulationReport, result: RetentionSweepResult) -> String {
        let number = SimulationTextReport.number
        let item = report.itemNoun, items = report.itemsNoun
        let seeds = result.points[0].runs.count
        let recommendedIndex = result.recommendedIndex
        let budget = report.budget
        let zhiXiCost = result.criterion == .secondsPerItemGained
        let costHeader = zhiXiCost ? "min per \(item) gained" : "s per memorized"
        let previous = result.extraAgainstPrevious
        let againstRecommended: [ExtraItemCost?] = result.points.indices.map { index in
            recommendedIndex.flatMap { $0 == index ? nil : result.extraCost(from: $0, to: index) }
        }
        let recommendedName = recommendedIndex.map { number(result.points[$0].desiredRetention, 2) }
        var header = ["retention", "minutes/day", "last 30 days", "reviews", "memorized at end", costHeader, "extra min / extra \(item)"]
        if let recommendedName { header.append("min per \(item) vs \(recommendedName)") }
        if budget != nil { header += ["worst day", "waited"] }
        header.append("")
        var used = Set<String>()
        func extraCell(_ cost: ExtraItemCost?) -> String {
            guard let cost else {
                used.insert("–")
                return "–"
            }
            switch cost.verdict {
            case .measured:
                let value = number(cost.minutesPerExtraItem ?? 0, 2)
                if cost.buysMore { return value }
                used.insert("saves")
                return "saves " + value
            case .notMeasurable:
                used.insert("not measurable")
                return "not measurable"
            case .moreForLess:
                used.insert("more for less")
                return "more for less"
            case .fewerForMore:
                used.insert("fewer for more")
                return "fewer for more"
            }
        }
        let rows = result.points.enumerated().map { index, point -> [String] in
            var row = [number(point.desiredRetention, 2)]
            for metric in [SummaryMetric.averageMinutesPerDay, .steadyMinutesPerDay, .totalReviews, .memorizedAtEnd] {
                let statistics = point.statistics(metric)
                row.append(number(statistics.mean, metric.decimals) + (seeds > 1 ? " ± " + number(statistics.standardDeviation, metric.decimals) : ""))
            }
            let cost = result.costs[index]
            if cost.verdict == .measured {
                let scale = zhiXiCost ? 60.0 : 1
                row.append(number(cost.secondsPerItem.mean / scale, 1) + (seeds > 1 ? " ± " + number(cost.secondsPerItem.standardDeviation / scale, 1) : ""))
            } else {
                let word = SimulationTextReport.verdictWord(cost.verdict)
                used.insert(word)
                row.append(word)
            }
            row.append(extraCell(previous[index]))
            if recommendedIndex != nil { row.append(extraCell(againstRecommended[index])) }
            if let budget {
                let compliance = budget.compliance[index]
                row.append(number(compliance.worstDayMinutes, 1))
                row.append(number(compliance.waited.mean, 1))
            }
            var marks: [String] = []
            if index == recommendedIndex { marks.append("recommended") }
            if let budget, index == budget.fittingIndex { marks.append("budget") }
            if let budget, budget.fittingIndex == nil, index == budget.closestIndex { marks.append("budget (nothing fits)") }
            row.append(marks.isEmpty ? "" : "◀ " + marks.joined(separator: ", "))
            return row
        }
        var text = TextFormatting.table(header: header, rows: rows, rightAligned: Set(0 ..< header.count - 1))
        text += "\n"
        // The key: every column that needs one, and every word a cell holds.
        let memorizedAtStart = result.points[0].statistics(.memorizedAtStart).mean
        text += zhiXiCost
            ? "\(costHeader): minutes of study over the span per \(item) memorized at the end beyond those memorized at the start "
                + "(\(number(memorizedAtStart, 1)) on day 1); the recommendation is its lowest measured value.\n"
            : "\(costHeader): seconds of study over the span per item memorized at the end (fsrs-rs's criterion); the recommendation is "
                + "its lowest measured value.\n"
        text += "extra min / extra \(item): the extra minutes of study over the span per extra \(item) memorized at the end, against the row above"
        if let recommendedName {
            text += "; min per \(item) vs \(recommendedName): the same against the recommended retention"
                + (used.contains("saves") ? " (saves: below it, the minutes saved per \(item) given up)" : "")
        }
        text += ".\n"
        var words: [String] = []
        if used.contains("not measurable") {
            words.append("not measurable: the difference in \(items) memorized" + (zhiXiCost ? " (for a cost, the \(items) gained)" : "")
                + " is within two standard errors over \(seeds) seed\(seeds == 1 ? "" : "s"), so no price can be read from it")
        }
        if used.contains("none gained") { words.append("none gained: no more \(items) memorized at the end than at the start") }
        if used.contains("more for less") {
            words.append("more for less: clearly more \(items) for minutes that are not clearly more (within two standard errors, or fewer)")
        }
        if used.contains("fewer for more") {
            words.append("fewer for more: clearly fewer \(items) for minutes that are not clearly fewer (within two standard errors, or more)")
        }
        if used.contains("–") { words.append("–: no row to compare with (the first row, or the recommended one itself)") }
        if budget != nil {
            words.append("worst day: the most minutes of any day of any seed; waited: "
                + (report.mode == .cards ? "due reviews" : "tasks") + " that waited for a later day because the budget was full (mean "
                + "over the seeds; one that waited twice counts twice)")
        }
        for line in words { text += line + ".\n" }
        return text
    }
}

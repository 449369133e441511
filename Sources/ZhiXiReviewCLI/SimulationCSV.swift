import ZhiXiSimulation

/// `simulate --format csv`: the per-day series of one setting (`day` from 1, then one column
/// per series, means over the seeds, ending with `waited` and `not_started`), or the sweep's table (one row per retention, each
/// number's mean and standard deviation, whether it is the recommended one, whether its cost
/// per item is measured, and its minutes per extra item against the row before with what they
/// mean, as `ExtraItemCost` says). Column names are snake_case; a number that is not one is
/// empty.
enum SimulationCSV {
    /// The report as CSV, header first.
    static func text(_ report: SimulationReport) -> String {
        switch report.outcome {
        case .single(let runs):
            let series = daySeries(runs)
            var output = (["day"] + dayColumns(report.mode)).joined(separator: ",") + "\n"
            for day in 0 ..< (series.first?.count ?? 0) {
                output += String(day + 1)
                for values in series { output += "," + csvNumber(values[day], decimals: 4) }
                output += "\n"
            }
            return output
        case .sweep(let result):
            let metrics = report.metrics
            var header = ["desired_retention"]
            for metric in metrics { header += [metric.csvName, metric.csvName + "_sd"] }
            header += ["cost_verdict", "minutes_per_extra_item", "extra_item_verdict", "recommended"]
            var output = header.joined(separator: ",") + "\n"
            let previous = result.extraAgainstPrevious
            for (index, point) in result.points.enumerated() {
                output += csvNumber(point.desiredRetention, decimals: 6)
                for metric in metrics {
                    let statistics = point.statistics(metric)
                    output += "," + csvNumber(statistics.mean, decimals: 4) + "," + csvNumber(statistics.standardDeviation, decimals: 4)
                }
                output += "," + result.costs[index].verdict.rawValue
                output += "," + csvNumber(previous[index]?.minutesPerExtraItem ?? .nan, decimals: 4) + "," + (previous[index]?.verdict.rawValue ?? "")
                output += index == result.recommendedIndex ? ",true\n" : ",false\n"
            }
            return output
        }
    }

    /// `--series FILE.csv`: every retention's per-day series in long format, one row per
    /// retention and day: `desired_retention,day,reviews,learned,seconds,…,waited,not_started`
    /// (means over the seeds; `day` from 1).
    static func series(_ report: SimulationReport) -> String {
        var output = (["desired_retention", "day"] + dayColumns(report.mode)).joined(separator: ",") + "\n"
        for point in report.points {
            let series = daySeries(point)
            let retention = csvNumber(point.desiredRetention, decimals: 6)
            for day in 0 ..< (series.first?.count ?? 0) {
                output += retention + "," + String(day + 1)
                for values in series { output += "," + csvNumber(values[day], decimals: 4) }
                output += "\n"
            }
        }
        return output
    }

    /// The per-day columns of a mode: its series (``DailyMetric``), then what waited each day
    /// (`waited`: due reviews in cards mode, tasks in ZhiXi mode, that went to a later day) and
    /// the new items available and not started by the day's end (`not_started`, whose last day
    /// is the budget's "never started").
    static func dayColumns(_ mode: SimulationMode) -> [String] {
        DailyMetric.metrics(for: mode).map { SummaryMetric.snakeCase($0.rawValue) } + ["waited", "not_started"]
    }

    /// The means over the seeds of ``dayColumns(_:)``, column by column.
    static func daySeries(_ runs: SimulationRuns) -> [[Double]] {
        func mean(_ values: (SimulationDays) -> [Int]) -> [Double] {
            var sums = [Double](repeating: 0, count: runs.runs[0].days.count)
            for run in runs.runs {
                for (day, value) in values(run.days).enumerated() where day < sums.count { sums[day] += Double(value) }
            }
            return sums.map { $0 / Double(runs.runs.count) }
        }
        let waited = runs.mode == .cards ? mean(\.deferredReviews) : mean(\.spilledTasks)
        return DailyMetric.metrics(for: runs.mode).map { runs.meanSeries($0) } + [waited, mean(\.newWaiting)]
    }

    /// A number: whole numbers without a fraction, others with up to `decimals` digits
    /// (trailing zeros dropped), empty when not finite.
    static func csvNumber(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = TextFormatting.fixed(value, decimals)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

/// How one retention's runs kept a daily budget of minutes, judged on every day of the span
/// from the first, learning included: on which days some seed studied more than the day
/// allowed, the worst day and the worst week, and what keeping within it cost (reviews or
/// tasks that waited for a later day, items never started).
///
/// `simulate --budget B` simulates B as the daily cap, which is never passed but by a single
/// card or task longer than the whole cap, done alone on an otherwise empty day (as the planner
/// does); those days are the only ones over. On runs without a cap it measures what the free
/// workload asks. Needs the runs' daily series (``RetentionSweep/keepsDailySeries``).
public struct BudgetCompliance: Sendable, Hashable {
    /// The desired retention.
    public let retention: Double
    /// The budget, in minutes a day.
    public let minutesPerDay: Double
    /// The days (from 0) on which some seed's minutes passed the day's allowance, ascending.
    public let daysOver: [Int]
    /// Days over the allowance, per seed: mean and standard deviation.
    public let daysOverBudget: MeanAndDeviation
    /// Days over the allowance of each seed, in seed order.
    public let daysOverBySeed: [Int]
    /// The most minutes of any day of any seed.
    public let worstDayMinutes: Double
    /// The first day (from 0) with ``worstDayMinutes``.
    public let worstDay: Int
    /// The 7 consecutive days (all of them in a shorter span) with the most minutes on the
    /// mean over the seeds, and their mean minutes a day.
    public let worstWeek: Range<Int>
    /// The mean minutes a day of ``worstWeek``.
    public let worstWeekMinutesPerDay: Double
    /// The largest excess over a day's allowance, in minutes (0 when it fits).
    public let worstExcessMinutes: Double
    /// Reviews (cards mode: due reviews; ZhiXi mode: tasks) that waited for a later day
    /// because the day was full, per seed (one that waited twice counts twice).
    public let waited: MeanAndDeviation
    /// New items never started by the end that the pace of new items a day had made
    /// available, per seed (the last day's ``SimulationDays/newWaiting``): new material the
    /// budget kept out. Items the pace would not have reached within the span are not counted.
    public let notStarted: MeanAndDeviation

    /// Days in a week.
    public static let weekDays = 7

    /// Whether no seed passed the budget on any day.
    public var fits: Bool { daysOver.isEmpty }

    /// The compliance of `runs` with `minutesPerDay`, or with each day's own minutes in
    /// `dayAllowances` (indexed by day from 0; a missing day has `minutesPerDay`).
    /// - Complexity: O(seeds · days).
    public init(runs: SimulationRuns, minutesPerDay: Double, dayAllowances: [Double]? = nil) {
        retention = runs.desiredRetention
        self.minutesPerDay = minutesPerDay
        let dayCount = runs.runs.map(\.days.count).max() ?? 0
        func allowance(_ day: Int) -> Double {
            if let dayAllowances, day < dayAllowances.count { return dayAllowances[day] }
            return minutesPerDay
        }
        var over = [Bool](repeating: false, count: dayCount)
        var counts: [Int] = []
        var worst = 0.0, worstDay = 0, excess = 0.0
        for run in runs.runs {
            var count = 0
            for (day, seconds) in run.days.seconds.enumerated() {
                let minutes = seconds / 60
                if minutes > worst {
                    worst = minutes
                    worstDay = day
                }
                // A thousandth of a second's slack for sums of fractional seconds.
                let passed = minutes - allowance(day)
                if passed * 60 > 1e-3 {
                    count += 1
                    over[day] = true
                    excess = max(excess, passed)
                }
            }
            counts.append(count)
        }
        daysOver = over.indices.filter { over[$0] }
        daysOverBySeed = counts
        daysOverBudget = MeanAndDeviation(counts.map(Double.init))
        worstDayMinutes = worst
        self.worstDay = worstDay
        worstExcessMinutes = excess
        let minutes = dayCount > 0 ? runs.meanSeries(.seconds).map { $0 / 60 } : []
        let width = min(Self.weekDays, minutes.count)
        var bestStart = 0, bestSum = -Double.infinity, sum = 0.0
        for day in minutes.indices {
            sum += minutes[day]
            if day >= width { sum -= minutes[day - width] }
            if day >= width - 1, sum > bestSum + 1e-9 {
                bestSum = sum
                bestStart = day - width + 1
            }
        }
        worstWeek = bestStart ..< bestStart + width
        worstWeekMinutesPerDay = width > 0 ? max(0, bestSum) / Double(width) : 0
        waited = runs.mode == .cards ? runs.statistics(.deferredReviews) : runs.statistics(.spilledTasks)
        notStarted = MeanAndDeviation(runs.runs.map { Double($0.days.newWaiting.last ?? 0) })
    }
}

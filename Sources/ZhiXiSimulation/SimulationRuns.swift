/// The runs of one simulation setting under several seeds: each run, and the mean and
/// standard deviation of every number across them.
public struct SimulationRuns: Sendable {
    /// Cards or ZhiXi lessons.
    public let mode: SimulationMode
    /// The desired retention (0–1) of every run.
    public let desiredRetention: Double
    /// One run per seed, in seed order.
    public let runs: [SimulationResult]

    /// Groups runs of one setting (at least one, all of the same mode and retention).
    /// - Complexity: O(runs).
    public init(runs: [SimulationResult]) {
        precondition(!runs.isEmpty, "SimulationRuns needs at least one run")
        mode = runs[0].mode
        desiredRetention = runs[0].desiredRetention
        self.runs = runs
    }

    /// The seeds, in run order.
    public var seeds: [UInt64] { runs.map(\.seed) }

    /// A summary number's mean and standard deviation across the runs.
    /// - Complexity: O(runs).
    public func statistics(_ metric: SummaryMetric) -> MeanAndDeviation {
        MeanAndDeviation(runs.lazy.map { metric.value(in: $0.summary) })
    }

    /// A per-day series averaged over the runs, day by day.
    /// - Complexity: O(runs · days).
    public func meanSeries(_ metric: DailyMetric) -> [Double] {
        var sums = metric.values(in: runs[0].days)
        for run in runs.dropFirst() {
            for (day, value) in metric.values(in: run.days).enumerated() { sums[day] += value }
        }
        let count = Double(runs.count)
        return sums.map { $0 / count }
    }
}

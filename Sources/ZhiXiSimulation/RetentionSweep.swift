import Foundation
import ZhiXiCore

/// Simulations of a range of desired retentions, each under several seeds, run in parallel
/// across the cores with structured concurrency (a task group, one child task per retention
/// and seed, as many at a time as there are cores), and the retention they recommend
/// (``RetentionRecommendation``). Each simulation runs on the library's worker threads (as the
/// optimizer's fits do), so a sweep holds no thread of Swift's cooperative pool while it runs
/// and never waits on work queued to it.
///
/// Every retention is simulated with the same seeds, so that the retentions are compared on
/// the same random draws as far as they go (common random numbers), which makes the
/// comparison between neighbouring retentions sharper than the spread of each.
///
/// ```swift
/// let sweep = try RetentionSweep(retentions: RetentionSweep.retentions(from: 0.70, through: 0.97, step: 0.01),
///                                seeds: Array(42 ..< 47))
/// let result = await sweep.run(try CardSimulator())
/// print(result.recommendation?.retention as Any)
/// ```
public struct RetentionSweep: Sendable {
    /// The desired retentions (0–1, exclusive), in the order given.
    public let retentions: [Double]
    /// The seeds every retention is simulated with.
    public let seeds: [UInt64]
    /// Whether each run keeps its per-day series (``SimulationResult/days``). A sweep that
    /// reports summaries only sets it `false`, so that its memory does not grow with days ×
    /// seeds × retentions: the runs then hold empty series.
    public let keepsDailySeries: Bool

    /// A sweep of retentions × seeds.
    /// - Throws: ``SimulationConfigurationError`` when there is no retention or no seed, or a
    ///   retention is not strictly between 0 and 1.
    /// - Complexity: O(retentions + seeds).
    public init(retentions: [Double], seeds: [UInt64], keepsDailySeries: Bool = true) throws(SimulationConfigurationError) {
        self.keepsDailySeries = keepsDailySeries
        guard !retentions.isEmpty else { throw .wrongCount(field: "retentions", expected: 1, actual: 0) }
        guard !seeds.isEmpty else { throw .wrongCount(field: "seeds", expected: 1, actual: 0) }
        if let bad = retentions.first(where: { !($0 > 0 && $0 < 1) }) { throw .desiredRetentionOutOfRange(bad) }
        self.retentions = retentions
        self.seeds = seeds
    }

    /// The retentions `from`, `from + step`, … up to `through` (included when the steps land
    /// on it within 10⁻⁹), each rounded to 10 decimals so that `0.7 + 3 × 0.01` prints as 0.73.
    /// - Throws: ``SimulationConfigurationError/outOfRange(field:value:allowed:)`` for a step
    ///   that is not positive, `through` below `from`, or more than 10,000 retentions.
    /// - Complexity: O(retentions produced).
    public static func retentions(from lower: Double, through upper: Double, step: Double) throws(SimulationConfigurationError) -> [Double] {
        guard step > 0, step.isFinite else { throw .outOfRange(field: "sweep step", value: "\(step)", allowed: "a positive number") }
        guard upper >= lower else {
            throw .outOfRange(field: "sweep end", value: "\(upper)", allowed: "at least the start, \(lower)")
        }
        // Counted in floating point first: a tiny step makes more steps than an Int holds.
        let steps = ((upper - lower) / step + 1e-9).rounded(.down)
        guard steps.isFinite, steps < 10_000 else {
            throw .outOfRange(field: "sweep", value: steps.isFinite && steps < 1e15 ? "\(Int(steps) + 1) retentions" : "more than 10,000 retentions",
                              allowed: "at most 10,000")
        }
        let count = Int(steps) + 1
        return (0 ..< count).map { ((lower + Double($0) * step) * 1e10).rounded() / 1e10 }
    }

    /// Runs every retention × seed with a card simulator. Calls `progress` (on the calling
    /// task) after each run with the runs done and the total.
    /// - Complexity: O(retentions · seeds) runs of
    ///   ``CardSimulator/run(desiredRetention:seed:recordingReviews:)``, spread over all cores.
    public func run(_ simulator: CardSimulator, progress: (@Sendable (Int, Int) -> Void)? = nil) async -> RetentionSweepResult {
        await run(progress: progress) { simulator.simulate(desiredRetention: $0, seed: $1) }
    }

    /// Runs every retention × seed with a ZhiXi simulator. Calls `progress` as the card
    /// simulator's overload does.
    /// - Complexity: O(retentions · seeds) runs of
    ///   ``ZhiXiSimulator/run(desiredRetention:seed:recordingReviews:)``, spread over all cores.
    package func run(_ simulator: ZhiXiSimulator, progress: (@Sendable (Int, Int) -> Void)? = nil) async -> RetentionSweepResult {
        await run(progress: progress) { simulator.simulate(desiredRetention: $0, seed: $1) }
    }

    /// Runs `simulate` for every retention × seed in a task group and gathers the results in
    /// retention and seed order.
    func run(progress: (@Sendable (Int, Int) -> Void)?,
             simulate: @escaping @Sendable (Double, UInt64) -> SimulationResult) async -> RetentionSweepResult {
        let retentions = retentions, seeds = seeds
        let total = retentions.count * seeds.count
        var results = [[SimulationResult?]](repeating: [SimulationResult?](repeating: nil, count: seeds.count), count: retentions.count)
        // Seed by seed, so that every retention has results early on; no more runs in flight
        // than there are cores, so that the group's own task gets a turn to gather results
        // (and report progress) as they come instead of after the last one.
        let jobs = seeds.indices.flatMap { seedIndex in retentions.indices.map { (retentionIndex: $0, seedIndex: seedIndex) } }
        let keepsDailySeries = keepsDailySeries
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        await withTaskGroup(of: (Int, Int, SimulationResult).self) { group in
            var next = 0
            func addNext() {
                guard next < jobs.count else { return }
                let job = jobs[next]
                next += 1
                group.addTask {
                    var result = await WorkerPool.shared.run { simulate(retentions[job.retentionIndex], seeds[job.seedIndex]) }
                    if !keepsDailySeries { result.days = SimulationDays(dayCount: 0, mode: result.mode) }
                    return (job.retentionIndex, job.seedIndex, result)
                }
            }
            for _ in 0 ..< width { addNext() }
            var done = 0
            for await (retentionIndex, seedIndex, result) in group {
                results[retentionIndex][seedIndex] = result
                done += 1
                progress?(done, total)
                addNext()
            }
        }
        let points = results.map { SimulationRuns(runs: $0.map { $0! }) }
        return RetentionSweepResult(points: points)
    }
}

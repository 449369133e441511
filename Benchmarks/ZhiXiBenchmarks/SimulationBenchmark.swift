import Foundation
import ZhiXiMemory
import ZhiXiSimulation

/// `zhixi-bench simulate`: time of one card simulation with fsrs-rs's default configuration
/// (10,000 cards, 365 days, 1,800 s a day) in the library, the median of several runs, with
/// the mean results over the seeds run; or, with `--sweep-seeds N`, the time of a sweep of
/// the 16 retentions 0.80…0.95 with N seeds each in the library's task group.
enum SimulationBenchmark {
    static let usage = """
    usage: zhixi-bench simulate [--runs N] [--retention R] [--seed S] [--config FILE] [--sweep-seeds N]
                                [--days-json FILE] [--json]
      --runs N           timed runs, each with its own seed from S on; the median is reported (default 10)
      --retention R      desired retention (default 0.9)
      --seed S           first seed (default 42)
      --config FILE      fsrs-rs SimulatorConfig JSON (default: its defaults)
      --sweep-seeds N    time one sweep of 16 retentions (0.80…0.95) x N seeds instead
      --days-json FILE   write the first run's per-day series as JSON
      --json             print the results as JSON
    """

    static func run(arguments: [String]) throws {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return
        }
        let runs = Int(BenchmarkSupport.option("runs", in: arguments) ?? "10") ?? 10
        let retention = Double(BenchmarkSupport.option("retention", in: arguments) ?? "0.9") ?? 0.9
        let firstSeed = UInt64(BenchmarkSupport.option("seed", in: arguments) ?? "42") ?? 42
        var configuration = SimulatorConfiguration()
        if let path = BenchmarkSupport.option("config", in: arguments) {
            configuration = try SimulatorConfiguration(fsrsJSON: Data(contentsOf: URL(fileURLWithPath: path)))
        }
        let simulator = try CardSimulator(configuration: configuration)
        if let sweepSeeds = BenchmarkSupport.option("sweep-seeds", in: arguments).flatMap(Int.init) {
            let retentions = try RetentionSweep.retentions(from: 0.80, through: 0.95, step: 0.01)
            let sweep = try RetentionSweep(retentions: retentions, seeds: (0 ..< UInt64(sweepSeeds)).map { firstSeed + $0 })
            let box = SweepBox()
            let seconds = BenchmarkSupport.time {
                let semaphore = DispatchSemaphore(value: 0)
                Task {
                    box.result = await sweep.run(simulator)
                    semaphore.signal()
                }
                semaphore.wait()
            }
            print(String(format: "sweep of %d retentions x %d seeds: %.3f s, recommended %.2f", retentions.count, sweepSeeds, seconds,
                         box.result!.recommendation?.retention ?? .nan))
            return
        }
        var times: [Double] = []
        var memorized: [Double] = []
        var reviews: [Double] = []
        var learned: [Double] = []
        var seconds: [Double] = []
        var correct: [Double] = []
        for run in 0 ..< max(1, runs) {
            var result: SimulationResult?
            times.append(try BenchmarkSupport.time {
                result = try simulator.run(desiredRetention: retention, seed: firstSeed + UInt64(run))
            })
            memorized.append(result!.summary.memorizedAtEnd)
            reviews.append(Double(result!.summary.totalReviews))
            learned.append(Double(result!.summary.totalLearned))
            seconds.append(result!.summary.totalSeconds)
            correct.append(Double(result!.summary.correctReviews))
            if run == 0, let path = BenchmarkSupport.option("days-json", in: arguments) {
                let days = result!.days
                let object: [String: Any] = ["memorized": days.memorized, "reviews": days.reviews, "learned": days.learned,
                                             "cost": days.seconds, "correct": days.correctReviews]
                try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
            }
        }
        let median = BenchmarkSupport.median(times)
        let meanMemorized = memorized.reduce(0, +) / Double(memorized.count)
        let meanReviews = reviews.reduce(0, +) / Double(reviews.count)
        if arguments.contains("--json") {
            print("{\"medianSeconds\": \(median), \"runs\": \(times.count), \"memorizedAtEnd\": \(meanMemorized), \"totalReviews\": \(meanReviews)}")
        } else {
            print(String(format: "card simulation, fsrs-rs default configuration: median %.4f s over %d runs (min %.4f, max %.4f)",
                         median, times.count, times.min()!, times.max()!))
            print(String(format: "mean memorized at end %.1f, mean total reviews %.1f", meanMemorized, meanReviews))
            print(String(format: "mean learned %.1f, mean seconds %.1f, mean correct %.1f", learned.reduce(0, +) / Double(runs),
                         seconds.reduce(0, +) / Double(runs), correct.reduce(0, +) / Double(runs)))
        }
    }
}

/// The result of a sweep, handed from its task to the waiting thread.
final class SweepBox: @unchecked Sendable {
    var result: RetentionSweepResult?
}

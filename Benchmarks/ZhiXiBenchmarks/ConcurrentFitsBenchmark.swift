import Foundation
import ZhiXiMemory
import ZhiXiScheduler
import ZhiXiTraining

/// `zhixi-bench concurrent-fits`: 64 fits started at once from a task group, as a service
/// fitting its users' parameters would start them, and the spread of their latencies.
///
/// Each fit is one learner's log (generated, a different seed per learner: 270 cards over half
/// a year, about 2,000 reviews), or with `--log` the same real log for every fit. Every child
/// task times its own call, from the moment it calls the optimizer to the moment the result
/// is back; the benchmark prints the median and the slowest of those latencies, their ratio,
/// the wall time of all the fits, and the median of the same fits run one at a time.
///
/// `--sync` calls the blocking `optimize` from the child tasks (which then hold the threads
/// of Swift's cooperative pool while they fit); the default calls the `async` variant, which
/// runs each fit on the library's worker threads and holds no cooperative thread.
enum ConcurrentFitsBenchmark {
    static func run(arguments: [String]) async throws {
        let fitCount = Int(BenchmarkSupport.option("fits", in: arguments) ?? "") ?? 64
        let cards = Int(BenchmarkSupport.option("cards", in: arguments) ?? "") ?? 270
        let rounds = Int(BenchmarkSupport.option("rounds", in: arguments) ?? "") ?? 3
        let blocking = arguments.contains("--sync")
        let datasets: [TrainingDataset]
        let source: String
        if let path = BenchmarkSupport.option("log", in: arguments) {
            let log = try ReviewLogColumns(csv: Data(contentsOf: URL(fileURLWithPath: path)))
            datasets = Array(repeating: TrainingDataset(ReviewTimelines(log: log, calendar: .utc)), count: fitCount)
            source = URL(fileURLWithPath: path).lastPathComponent
        } else {
            datasets = (0 ..< fitCount).map {
                TrainingDataset(ReviewTimelines(log: SyntheticReviewLog.log(cards: cards, seed: 1_000 + UInt64($0)), calendar: .utc))
            }
            source = "generated learners (\(cards) cards each)"
        }
        let reviews = datasets.reduce(0) { $0 + $1.reviewCount } / max(1, datasets.count)
        let optimizer = ParameterOptimizer()
        // One at a time first: what a fit costs alone.
        var alone: [Double] = []
        for dataset in datasets.prefix(16) {
            alone.append(BenchmarkSupport.time { _ = fitBlocking(optimizer, dataset) })
        }
        print("\(fitCount) concurrent fits of \(source), \(reviews) reviews each on average, "
              + "\(blocking ? "blocking optimize called from the child tasks" : "async optimize") "
              + "(\(ProcessInfo.processInfo.activeProcessorCount) cores)")
        print(String(format: "one fit alone: median %.1f ms (16 fits, one after the other)", BenchmarkSupport.median(alone) * 1000))
        for round in 1 ... max(1, rounds) {
            let start = DispatchTime.now().uptimeNanoseconds
            let latencies = await withTaskGroup(of: Double.self) { group in
                for dataset in datasets {
                    group.addTask {
                        let callStart = DispatchTime.now().uptimeNanoseconds
                        if blocking {
                            _ = fitBlocking(optimizer, dataset)
                        } else {
                            _ = await optimizer.optimize(dataset)
                        }
                        return Double(DispatchTime.now().uptimeNanoseconds - callStart) / 1e9
                    }
                }
                var all: [Double] = []
                for await latency in group { all.append(latency) }
                return all
            }
            let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let median = BenchmarkSupport.median(latencies)
            let slowest = latencies.max() ?? 0
            print(String(format: "round %d: latency of a call median %.1f ms, slowest %.1f ms (%.1f× the median); all %d in %.0f ms",
                         round, median * 1000, slowest * 1000, slowest / max(median, 1e-9), fitCount, wall * 1000))
        }
    }

    /// The synchronous fit (from an async context the `async` overload would be chosen).
    static func fitBlocking(_ optimizer: ParameterOptimizer, _ dataset: TrainingDataset) -> OptimizationResult {
        optimizer.optimize(dataset)
    }
}

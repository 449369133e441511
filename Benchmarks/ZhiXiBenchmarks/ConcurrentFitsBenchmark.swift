import Foundation
import ZhiXiCore
import ZhiXiMemory
import ZhiXiScheduler
import ZhiXiTraining

/// `zhixi-bench concurrent-fits`: 64 fits started at once from a task group, as a service
/// fitting its users' parameters would start them, and the spread of their latencies.
///
/// Each fit is one learner's log (generated, a different seed per learner: 270 cards over half
/// a year, about 2,000 reviews), or with `--log` the same real log for every fit. For every fit
/// the benchmark prints when its result came back, counted from the moment the 64 were
/// started (median, slowest and their ratio: the spread), how long the call itself took
/// (median, slowest), the wall time of all 64, and the median of the same fits run one at a
/// time.
///
/// `--sync` calls the blocking `optimize` from the child tasks (which then hold the threads
/// of Swift's cooperative pool while they fit); the default calls the `async` variant, which
/// runs each fit on the library's worker threads and holds no cooperative thread. `--pause S`
/// waits S seconds between rounds (Dispatch retires idle threads after a while, so the first
/// round after a pause is the one a pool that borrows Dispatch's threads would stall in).
enum ConcurrentFitsBenchmark {
    static func run(arguments: [String]) async throws {
        let fitCount = Int(BenchmarkSupport.option("fits", in: arguments) ?? "") ?? 64
        let cards = Int(BenchmarkSupport.option("cards", in: arguments) ?? "") ?? 270
        let rounds = Int(BenchmarkSupport.option("rounds", in: arguments) ?? "") ?? 3
        let pause = Double(BenchmarkSupport.option("pause", in: arguments) ?? "") ?? 0
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
        let before = WorkerPool.shared.statistics
        for round in 1 ... max(1, rounds) {
            if round > 1, pause > 0 { try await Task.sleep(nanoseconds: UInt64(pause * 1e9)) }
            let start = DispatchTime.now().uptimeNanoseconds
            // Each fit: when its call started and ended, in seconds since the 64 were started.
            let spans = await withTaskGroup(of: (Double, Double).self) { group in
                for dataset in datasets {
                    group.addTask {
                        let callStart = DispatchTime.now().uptimeNanoseconds
                        if blocking {
                            _ = fitBlocking(optimizer, dataset)
                        } else {
                            _ = await optimizer.optimize(dataset)
                        }
                        let callEnd = DispatchTime.now().uptimeNanoseconds
                        return (Double(callStart - start) / 1e9, Double(callEnd - start) / 1e9)
                    }
                }
                var all: [(Double, Double)] = []
                for await span in group { all.append(span) }
                return all
            }
            let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let done = spans.map(\.1), calls = spans.map { $0.1 - $0.0 }
            let medianDone = BenchmarkSupport.median(done), slowestDone = done.max() ?? 0
            print(String(format: "round %d: results back after median %.1f ms, slowest %.1f ms (%.1f× the median) since the %d were started; "
                         + "a call took median %.1f ms, slowest %.1f ms; all in %.0f ms",
                         round, medianDone * 1000, slowestDone * 1000, slowestDone / max(medianDone, 1e-9), fitCount,
                         BenchmarkSupport.median(calls) * 1000, (calls.max() ?? 0) * 1000, wall * 1000))
        }
        let after = WorkerPool.shared.statistics
        print("library workers during the rounds: \(after.jobsRun - before.jobsRun) fits run as jobs, "
              + "\(after.chunksRunByWorkers - before.chunksRunByWorkers) chunks run by workers, "
              + "\(after.chunksRunOnOtherThreads - before.chunksRunOnOtherThreads) chunks run and "
              + "\(after.waitsOnOtherThreads - before.waitsOnOtherThreads) waits on threads outside the library's")
    }

    /// The synchronous fit (from an async context the `async` overload would be chosen).
    static func fitBlocking(_ optimizer: ParameterOptimizer, _ dataset: TrainingDataset) -> OptimizationResult {
        optimizer.optimize(dataset)
    }
}

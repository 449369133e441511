import Foundation
import ZhiXiMemory
import ZhiXiScheduler
import ZhiXiTraining

/// `zhixi-bench replay`: memory-replay throughput (review steps per second) of the FSRS-6
/// memory model's batch replay, on the real review log when present.
///
/// Items are fsrs-rs's: with `--items full` (default) one item per card holding its whole
/// history; with `--items prefixes` one item per prefix of a card's history whose last
/// review is on a later day (the evaluation protocol), which gives many more steps.
/// Elapsed days count study days starting 04:00 UTC. `--export-items FILE` writes the items
/// as JSON (`[[[rating, elapsedDays], …], …]`) so that Benchmarks/compare/replay_vs_fsrs_rs.py
/// replays exactly the same items through fsrs-rs; `--export-states FILE` writes the final
/// states (`[[stability, difficulty], …]`) for it to compare.
enum ReplayBenchmark {
    static func run(arguments: [String]) throws {
        let runs = Int(BenchmarkSupport.option("runs", in: arguments) ?? "") ?? 15
        let itemKind = BenchmarkSupport.option("items", in: arguments) ?? "full"
        let json = arguments.contains("--json")
        let (batch, source) = try loadBatch(path: BenchmarkSupport.option("log", in: arguments), itemKind: itemKind)
        if let exportPath = BenchmarkSupport.option("export-items", in: arguments) {
            try export(batch, to: exportPath)
        }
        let model = MemoryModel()
        if let statesPath = BenchmarkSupport.option("export-states", in: arguments) {
            let states = model.finalStates(of: batch).map { "[\($0.stability),\($0.difficulty)]" }
            try Data(("[" + states.joined(separator: ",") + "]").utf8).write(to: URL(fileURLWithPath: statesPath))
        }
        // Repeat the whole batch enough times that one measurement lasts about 0.2 s.
        var repetitions = 1
        while BenchmarkSupport.time({ for _ in 0..<repetitions { blackHole(model.finalStates(of: batch)) } }) < 0.2 {
            repetitions *= 2
        }
        var singleThread: [Double] = []
        var twoThreads: [Double] = []
        for _ in 0..<runs {
            let seconds = BenchmarkSupport.time { for _ in 0..<repetitions { blackHole(model.finalStates(of: batch)) } }
            singleThread.append(Double(batch.reviewCount * repetitions) / seconds)
            let parallelSeconds = BenchmarkSupport.time { for _ in 0..<repetitions { blackHole(replayOnTwoThreads(model, batch)) } }
            twoThreads.append(Double(batch.reviewCount * repetitions) / parallelSeconds)
        }
        let single = BenchmarkSupport.median(singleThread)
        let dual = BenchmarkSupport.median(twoThreads)
        if json {
            print("""
            {"benchmark": "replay", "source": \(BenchmarkSupport.jsonString(source)), "items": \(batch.historyCount), \
            "reviewSteps": \(batch.reviewCount), "runs": \(runs), \
            "medianStepsPerSecond": \(Int(single)), "medianStepsPerSecondTwoThreads": \(Int(dual))}
            """)
        } else {
            print("memory replay (FSRS-6, batch, Double) on \(source)")
            print("  items: \(BenchmarkSupport.grouped(Double(batch.historyCount)))  review steps: \(BenchmarkSupport.grouped(Double(batch.reviewCount)))  runs: \(runs)")
            print("  median: \(BenchmarkSupport.grouped(single)) review steps/s on one thread")
            print("          \(BenchmarkSupport.grouped(dual)) review steps/s on two threads")
        }
    }

    /// The benchmark's items, from the real log (or `path`) or, when absent, a generated log.
    static func loadBatch(path: String?, itemKind: String) throws -> (ReviewHistoryBatch, String) {
        let log: ReviewLogColumns
        let source: String
        if let path = path ?? BenchmarkSupport.sharedReviewLogPath() {
            log = try ReviewLogColumns(csv: Data(contentsOf: URL(fileURLWithPath: path)))
            source = URL(fileURLWithPath: path).lastPathComponent
        } else {
            FileHandle.standardError.write(Data("note: ../shared/data/anki-revlog-josh-2024.csv is absent; replaying a generated log instead\n".utf8))
            log = SyntheticReviewLog.log(cards: 1_205, seed: 7)
            source = "a generated log (1,205 cards)"
        }
        let full = ReviewTimelines(log: log, calendar: .utc, filter: .memoryState).memoryBatch()
        guard itemKind == "prefixes" else { return (full, source) }
        var prefixes = ReviewHistoryBatch()
        for index in 0..<full.historyCount {
            let history = full.history(index)
            for end in 1..<max(1, history.count) where history[end].elapsedDays > 0 {
                prefixes.append(history: history[0...end])
            }
        }
        return (prefixes, source + ", every prefix ending on a later day")
    }

    static func export(_ batch: ReviewHistoryBatch, to path: String) throws {
        var text = "["
        for index in 0..<batch.historyCount {
            text += index == 0 ? "[" : ",["
            text += batch.history(index).map { "[\($0.rating.rawValue),\(Int($0.elapsedDays))]" }.joined(separator: ",")
            text += "]"
        }
        try Data((text + "]").utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Replays the batch's two halves on two threads.
    static func replayOnTwoThreads(_ model: MemoryModel, _ batch: ReviewHistoryBatch) -> [MemoryState] {
        let count = batch.historyCount
        let half = count / 2
        return [MemoryState](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let output = buffer
            DispatchQueue.concurrentPerform(iterations: 2) { part in
                let range = part == 0 ? 0..<half : half..<count
                model.replay(batch, histories: range, into: UnsafeMutableBufferPointer(rebasing: output[range]))
            }
            initialized = count
        }
    }
}

/// Keeps the optimiser from removing work whose result is unused.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

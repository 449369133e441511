import Foundation
import Testing
import ZhiXiCore
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiScheduler
@testable import ZhiXiTraining

/// What progress callbacks saw, from several threads.
private final class ThreadNotes: @unchecked Sendable {
    private let lock = NSLock()
    private var notes: [Bool] = []

    func note(_ value: Bool) { lock.withLock { notes.append(value) } }
    var all: [Bool] { lock.withLock { notes } }
}

/// The sample learner of `data/`, as the optimizer sees it on 2026-11-29.
func sampleLearnerDataset() throws -> TrainingDataset {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let workspace = try LearnerWorkspace(jsonData: Data(contentsOf: root.appendingPathComponent("data/sample-workspace.json")))
    return try TrainingDataset(learner: PlannerInput(workspace: workspace), now: try #require(ISO8601Timestamp.date(from: "2026-11-29T09:00:00+08:00")))
}

@Suite("Fits from async code: the library's own threads, the same results")
struct ConcurrentFitTests {
    /// The weights (as bit patterns) that the build before the library's worker threads
    /// (Dispatch's global queue and concurrentPerform, commit 4f569b2) fitted: the sample
    /// learner, and the real log of ../shared/data with its four scored folds.
    static let sampleWeights: [UInt64] = [
        0x40054156b3117001, 0x403034b32cc91571, 0x403ce80730f5d3e0, 0x4059000000000000,
        0x401995198fb46023, 0x3feb213d9762d33d, 0x4007e779d2e8b837, 0x3faf971b139cb8e9,
        0x3ffedc2428f2d35e, 0x3fc1fd4ef087f035, 0x3feb2f6549ebd493, 0x3ff7caaabe2637be,
        0x3fadcb313137f97a, 0x3fd10bf7cb1af885, 0x3ffa743b58133bad, 0x3fe3c85f040e293e,
        0x3ffe9ad56b14dcfb, 0x3fe15c28f5c28f5c, 0x3fb758e219652bd4, 0x3fb0d844d013a92a,
        0x3fc7d48ae69a6804,
    ]
    static let realLogWeights: [UInt64] = [
        0x3fc0e6ed75bc4d72, 0x3fe74095ce36bcb2, 0x400303529095f458, 0x401a163966e3f3cc,
        0x401a7fc464047b2f, 0x3fe423c57a520f19, 0x400887321a01ee36, 0x3f8a3fe308339b9b,
        0x3ffb0e572eb41e00, 0x3fc6f236cfbe0143, 0x3fe4275e5920885a, 0x3ff98b3d92c1aa2f,
        0x3f91b1875bed3630, 0x3fd9b0818a125728, 0x3ffd07a4de6ef8ed, 0x3fe335a85a51d6bb,
        0x3ffdf765fd8adaba, 0x3fe6b5701190875e, 0x3fbd68646b56d2e6, 0x3fc6da60dd61a1c7,
        0x3fd8a538e297cbd8,
    ]
    static let realLogFoldWeights: [[UInt64]] = [
        [
            0x3fbd913d6cd380e0, 0x3fdfe1e4b60cf48c, 0x3ff60296961a5720, 0x400a24d7eb48db8f,
            0x401a8cd29ad0aa23, 0x3fe6c1990f8415fd, 0x4008822b6f265e97, 0x3f916536dd48413c,
            0x3ffbd9d94f3c6b30, 0x3fa6391f8c42ae64, 0x3fe53cdf43c14d48, 0x3ff7d8fceafc3c92,
            0x3fb23ece4d8b4e2b, 0x3fd21b4dbc677c0e, 0x3ffaa182816a21d3, 0x3fe36f9c609dbb2a,
            0x3ffdf765fd8adaba, 0x3fe109c38a8ab2be, 0x3fc0b7d123e1faf3, 0x3fc4af2e402c7ebc,
            0x3fd62f0fb84b9fb5,
        ],
        [
            0x3fc4d402db621f84, 0x3fe20ee759dd7e81, 0x3ff56d42e10470ed, 0x40065e59c442153d,
            0x401a8284470092aa, 0x3fe4d255f449f214, 0x4007bcdf7a5917b7, 0x3f98aefa954cadd3,
            0x3ffb873c9cef2b06, 0x3fc4c44dca6bb1f8, 0x3fe4d1e42e07a47f, 0x3ff9879f6dce82ca,
            0x3fa362bed7920c6e, 0x3fd957d0fccb139a, 0x3ffc5046f892689e, 0x3fe33d2845fbe08e,
            0x3ffdf765fd8adaba, 0x3fe6b8dcce3f99d0, 0x3fc57be88418743c, 0x3fc48e9943ca78d4,
            0x3fd9e294d5f5b1bf,
        ],
        [
            0x3fc47ecec326080f, 0x3fe8d3c9006e0201, 0x400295468a59e3c8, 0x4017a5b712b48796,
            0x401a6b39274b1810, 0x3fe2ff03ad97cb5a, 0x4009191e0dc104f9, 0x3f92b87327706cff,
            0x3ffaf73f7edd4a4f, 0x3fc7772adb4ce435, 0x3fe3d77145e4c05e, 0x3ff9cddda80fbe7f,
            0x3fa0ca1b7e4bc6c1, 0x3fda24a07bca7efb, 0x3ffcf9af40a1b9da, 0x3fe33be71a09de2c,
            0x3ffdf765fd8adaba, 0x3fe3e7df823c7e03, 0x3fc604568819092b, 0x3fc6cad051c5e9f7,
            0x3fdbfbd4c7b1ac21,
        ],
        [
            0x3fc39dbbe219a517, 0x3fe8fb8fb4339ab7, 0x40035c967a797c66, 0x40196123ef34f86b,
            0x401a8243bdf369fe, 0x3fe5d857092a4981, 0x400804d7f2cf5197, 0x3f949dfab5be73ee,
            0x3ffa376881c3dee9, 0x3fc258fcd5425b72, 0x3fe40ecaac9dfd68, 0x3ff9834d4303c076,
            0x3f99c04277e868a7, 0x3fdb04f28fa36f05, 0x3ffc58649d4408b6, 0x3fe34f8246b4b167,
            0x3ffdf765fd8adaba, 0x3fe39f72bd772877, 0x3fbe5b863261e8bb, 0x3fc6fafd5d0a297c,
            0x3fd85f606d801edd,
        ],
    ]

    /// Small learners, one per fit.
    static let learners: [TrainingDataset] = (0 ..< 64).map {
        SyntheticLearner.dataset(SyntheticLearner().reviews(cards: 120, reviewsPerCard: 8, seed: 100 + UInt64($0)))
    }

    /// The blocking fit, chosen explicitly (in async code the `async` overload would be).
    static func blockingFit(_ dataset: TrainingDataset, _ optimizer: ParameterOptimizer = ParameterOptimizer()) -> OptimizationResult {
        optimizer.optimize(dataset)
    }

    @Test("64 fits started at once from a task group run on the library's threads: none waits on another thread, results are the blocking calls'")
    func sixtyFourConcurrentFits() async {
        let pool = WorkerPool(threadCount: max(2, ProcessInfo.processInfo.activeProcessorCount))
        let notes = ThreadNotes()
        let optimizer = ParameterOptimizer()
        let results = await withTaskGroup(of: (Int, OptimizationResult).self) { group in
            for (index, dataset) in Self.learners.enumerated() {
                group.addTask {
                    (index, await optimizer.optimize(dataset, progress: { _ in notes.note(pool.ownsCurrentThread) }, on: pool))
                }
            }
            var results = [OptimizationResult?](repeating: nil, count: Self.learners.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
        let statistics = pool.statistics
        pool.stop()
        #expect(statistics.jobsRun == 64, "every fit ran as a job of the library's pool")
        #expect(statistics.chunksRunOnOtherThreads == 0, "no fit ran any of its work on a thread of Swift's pool")
        #expect(statistics.waitsOnOtherThreads == 0, "no thread outside the pool waited for the pool")
        #expect(!notes.all.isEmpty && notes.all.allSatisfy { $0 }, "every epoch ended on a thread of the pool")
        #expect(results.allSatisfy { $0?.outcome == .fitted }, "every learner has enough reviews for a full fit")
        for (index, dataset) in Self.learners.enumerated() {
            #expect(results[index] == Self.blockingFit(dataset), "learner \(index)")
        }
    }

    @Test("the async optimize and evaluate run on the library's shared workers and give the blocking calls' results")
    func asyncVariantsOnSharedWorkers() async throws {
        let dataset = Self.learners[0]
        let notes = ThreadNotes()
        let result = await ParameterOptimizer().optimize(dataset) { _ in notes.note(WorkerPool.shared.ownsCurrentThread) }
        #expect(result == Self.blockingFit(dataset))
        #expect(!notes.all.isEmpty && notes.all.allSatisfy { $0 })
        let evaluator = TimeSeriesEvaluator(foldCount: 3)
        let blocking = try { () throws(EvaluationError) -> TimeSeriesEvaluation in try evaluator.evaluate(dataset) }()
        let asynchronous = try await evaluator.evaluate(dataset)
        #expect(asynchronous == blocking)
    }

    @Test("the sample learner's fit is the previous build's to the last bit: blocking, async, and 8 at once")
    func sampleFitUnchanged() async throws {
        let dataset = try sampleLearnerDataset()
        #expect(dataset.itemCount == 274)
        #expect(Self.blockingFit(dataset).parameters.weights.map(\.bitPattern) == Self.sampleWeights)
        #expect(await ParameterOptimizer().optimize(dataset).parameters.weights.map(\.bitPattern) == Self.sampleWeights)
        let concurrent = await withTaskGroup(of: [UInt64].self) { group in
            for _ in 0 ..< 8 { group.addTask { await ParameterOptimizer().optimize(dataset).parameters.weights.map(\.bitPattern) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(concurrent == Array(repeating: Self.sampleWeights, count: 8))
    }

    @Test("the real log's fit and its four folds are the previous build's to the last bit",
          .enabled(if: FileManager.default.fileExists(atPath: sharedReviewLog.path),
                   "skipped: ../shared/data/anki-revlog-josh-2024.csv is absent (it is not part of the project)"))
    func realLogFitUnchanged() async throws {
        let log = try ReviewLogColumns(csv: Data(contentsOf: sharedReviewLog))
        let dataset = TrainingDataset(ReviewTimelines(log: log, calendar: .utc))
        #expect(Self.blockingFit(dataset).parameters.weights.map(\.bitPattern) == Self.realLogWeights)
        #expect(await ParameterOptimizer().optimize(dataset).parameters.weights.map(\.bitPattern) == Self.realLogWeights)
        let evaluation = try await TimeSeriesEvaluator().evaluate(dataset)
        #expect(evaluation.folds.map { $0.parameters.weights.map(\.bitPattern) } == Self.realLogFoldWeights)
    }
}

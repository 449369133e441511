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
    /// (Dispatch's global queue and concurrentPerform, commit 4f569b2) fitted, as refitted when
    /// the cosine schedule started at the full rate as fsrs-rs's does (issue #36): the sample
    /// learner, and the real log of ../shared/data with its four scored folds.
    static let sampleWeights: [UInt64] = [
        0x40053a3f0ca13a6c, 0x40302f4ad9484539, 0x403cde61f8a5d4aa, 0x4059000000000000,
        0x40198c224f7f8684, 0x3feb3a6099350042, 0x4007d76f87e69820, 0x3fb07c18f67fc326,
        0x3ffeed02f1a93ad5, 0x3fc105a0adb57f71, 0x3feb5725798b58fa, 0x3ff7f48428c03116,
        0x3fa89f86cfc65d04, 0x3fd1b65053fd5e1f, 0x3ffa9c5d6e92bfe7, 0x3fe411136c9008ea,
        0x3ffeb71602674388, 0x3fe15c28f5c28f5c, 0x3fb758e219652bd4, 0x3fb0d844d013a92a,
        0x3fc8ae5ed7b708bb,
    ]
    static let realLogWeights: [UInt64] = [
        0x3fc11703c50c0738, 0x3fe76d8b0d1e3bff, 0x40031c136fd6abd5, 0x401a2a2f2fe23c70,
        0x401a7c18fe223cec, 0x3fe4190ee61529a1, 0x40087a6bbc739bfd, 0x3f8cd5b5e51a463d,
        0x3ffb0a5c8f45efc7, 0x3fc6a42fc908e407, 0x3fe423dd75ef9eae, 0x3ff984cfaf886962,
        0x3f94889def67df2d, 0x3fd9a2d30993573c, 0x3ffd023696f71354, 0x3fe33c6e731269bc,
        0x3ffdf765fd8adaba, 0x3fe691222cce37c3, 0x3fbd641e08158dda, 0x3fc7568bbd99a840,
        0x3fd8ecdf6ac839af,
    ]
    static let realLogFoldWeights: [[UInt64]] = [
        [
            0x3fbfed60cc868267, 0x3fe08b63820a2022, 0x3ff638ecc6e8f149, 0x4009c8a6f1044bc1,
            0x401a99c121bfde74, 0x3fe659fb38d3347d, 0x4008818e46dc490c, 0x3f95acb85c393127,
            0x3ffb92741cd6f291, 0x3f9e81a68b0417ad, 0x3fe4b0afa2d10807, 0x3ff7e112f2966d1b,
            0x3fb189448669d1fc, 0x3fd2544097096663, 0x3ffaaab138b801db, 0x3fe3a1124a3f510e,
            0x3ffdf765fd8adaba, 0x3fe0e86c8e3a9350, 0x3fc18b66f703335a, 0x3fc6559762f67f0a,
            0x3fd765e7a446c5cd,
        ],
        [
            0x3fc4282ae6162273, 0x3fe1e4fb0d1370c7, 0x3ff59595e1ca66dc, 0x4006d9c586a88490,
            0x401a830355a3bcd5, 0x3fe469c3e1233111, 0x4007b3b2b1e86246, 0x3f9ae3eb51caccb1,
            0x3ffb5b3df5e94db0, 0x3fc4a77db77cd92e, 0x3fe47ba1119f0421, 0x3ff98e7b17d17797,
            0x3fa3713dc89f5d4d, 0x3fd99b34f6cce911, 0x3ffc60d1c4212c7d, 0x3fe330f18bcc1a76,
            0x3ffdf765fd8adaba, 0x3fe6eaa87d8c2025, 0x3fc4ac44bb35d786, 0x3fc4aca0f58ec824,
            0x3fdacfe5e79ae3fa,
        ],
        [
            0x3fc477e23e527401, 0x3fe8edc7d99d6c6d, 0x4002bab2f4342b8e, 0x4017e8e1497906e4,
            0x401a677ed3276548, 0x3fe2e1ee97bc2934, 0x40091a1c3a473164, 0x3f935a47998691c9,
            0x3ffae86c6c6521fc, 0x3fc7350c7cb54170, 0x3fe3bc4847883fe7, 0x3ff9cdd4f2682854,
            0x3fa0b475e1234447, 0x3fda372339aad5b1, 0x3ffd06d2555910f2, 0x3fe33e7f8e04db7e,
            0x3ffdf765fd8adaba, 0x3fe3e5a0e5101a87, 0x3fc6277085fe271e, 0x3fc74fd8fb37aef3,
            0x3fdc7b68f778886b,
        ],
        [
            0x3fc3399aacb35f6d, 0x3fe8d89258a0dc0f, 0x400373ed9604b29c, 0x4019b89c3825b7ff,
            0x401a7b09520164fe, 0x3fe5986c97c96e5b, 0x4007fdf94a1f0137, 0x3f9421f2406f20da,
            0x3ffa288c843ba048, 0x3fc1e31cee259efd, 0x3fe3ecb97e487631, 0x3ff97f2967ef19a2,
            0x3f9b8fa85708d486, 0x3fdaee19619241c6, 0x3ffc53c8c76b3dc9, 0x3fe34336c185daa3,
            0x3ffdf765fd8adaba, 0x3fe39e9d60740e12, 0x3fbc90e8f5ddff4b, 0x3fc6fc20a2eac90a,
            0x3fd8b7d5cd2d9012,
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

import Dispatch
import Foundation
import Testing
import ZhiXiCore

/// Counts shared by chunks on several threads.
private final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int]
    private var flags: [Bool] = []

    init(count: Int) { values = Array(repeating: 0, count: count) }

    func add(at index: Int) { lock.withLock { values[index] += 1 } }
    func note(_ flag: Bool) { lock.withLock { flags.append(flag) } }
    var counts: [Int] { lock.withLock { values } }
    var notes: [Bool] { lock.withLock { flags } }
}

/// A barrier of two parties that gives up after 10 s, so that a missing party fails the
/// test instead of hanging it (a guard, not a measurement).
private final class TwoPartyBarrier: @unchecked Sendable {
    private let condition = NSCondition()
    private var arrived = 0

    /// `true` when the other party arrived too.
    func arriveAndWait() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        condition.broadcast()
        let deadline = Date(timeIntervalSinceNow: 10)
        while arrived < 2 {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }
}

@Suite("The library's worker threads")
struct WorkerPoolTests {
    @Test("a fan-out calls every chunk exactly once and returns after the last")
    func everyChunkOnce() {
        let pool = WorkerPool(threadCount: 2)
        defer { pool.stop() }
        let tally = Tally(count: 1_000)
        pool.forEach(count: 1_000) { tally.add(at: $0) }
        #expect(tally.counts == Array(repeating: 1, count: 1_000))
        let statistics = pool.statistics
        #expect(statistics.chunksRunByCallers + statistics.chunksRunByWorkers == 1_000)
    }

    @Test("with every worker busy, a caller runs all its chunks and its pending work itself: it never waits for work that has not started")
    func busyWorkersNeverWaitedFor() async {
        let pool = WorkerPool(threadCount: 1)
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let blocker = Task { await pool.run { started.signal(); release.wait() } }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread { started.wait(); continuation.resume() }
        }
        // The only worker is held by the job above.
        let tally = Tally(count: 16)
        pool.forEach(count: 16) { tally.add(at: $0) }
        let pending = pool.start { 6 * 7 }
        #expect(pending.result() == 42)
        let statistics = pool.statistics
        #expect(tally.counts == Array(repeating: 1, count: 16))
        #expect(statistics.chunksRunByCallers == 17)
        #expect(statistics.chunksRunByWorkers == 0)
        #expect(statistics.waitsOnOtherThreads == 0)
        release.signal()
        await blocker.value
        pool.stop()
    }

    @Test("idle workers help a fan-out: two chunks that each wait for the other both finish")
    func idleWorkersHelp() {
        let pool = WorkerPool(threadCount: 1)
        defer { pool.stop() }
        let barrier = TwoPartyBarrier()
        let tally = Tally(count: 0)
        pool.forEach(count: 2) { _ in tally.note(barrier.arriveAndWait()) }
        #expect(tally.notes == [true, true], "one thread alone cannot pass the barrier: a worker ran the other chunk")
        #expect(pool.statistics.chunksRunByWorkers == 1)
        #expect(pool.statistics.chunksRunByCallers == 1)
    }

    @Test("work started on a pool stays on it: nested fan-outs use the pool of the thread they run on")
    func nestedWorkStays() async {
        let pool = WorkerPool(threadCount: 2)
        let inside = await pool.run { WorkerPool.current === pool && pool.ownsCurrentThread }
        #expect(inside)
        #expect(WorkerPool.current === WorkerPool.shared)
        #expect(!pool.ownsCurrentThread)
        pool.stop()
    }

    @Test("64 async jobs started at once, each fanning out, run only on the pool's threads, and no other thread waits")
    func asyncJobsStayOnThePool() async {
        let pool = WorkerPool(threadCount: 2)
        let tally = Tally(count: 64 * 8)
        await withTaskGroup(of: Void.self) { group in
            for job in 0 ..< 64 {
                group.addTask {
                    await pool.run {
                        pool.forEach(count: 8) { chunk in
                            tally.note(pool.ownsCurrentThread)
                            tally.add(at: job * 8 + chunk)
                        }
                    }
                }
            }
        }
        let statistics = pool.statistics
        #expect(tally.counts == Array(repeating: 1, count: 64 * 8))
        #expect(tally.notes.allSatisfy { $0 }, "every chunk ran on a thread of the pool")
        #expect(statistics.jobsRun == 64)
        #expect(statistics.chunksRunOnOtherThreads == 0)
        #expect(statistics.waitsOnOtherThreads == 0)
        pool.stop()
    }
}

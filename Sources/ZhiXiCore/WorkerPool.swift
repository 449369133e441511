#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The threads the library owns for its parallel work, and the one way every library entry
/// point that fans out (the optimizer, the evaluator, the planner's large inputs, the
/// retention sweep) uses them.
///
/// **Why it exists.** A library call made from a task of Swift's cooperative pool (or from a
/// thread of Dispatch's global pool, which is the same threads on Linux) must never wait for
/// work it queued to that same pool: when every thread of the pool is such a caller, the work
/// cannot start until the system adds a thread, which libdispatch does only after about a
/// second. So nothing here is ever queued to Dispatch or to the cooperative pool. Work runs on
/// the calling thread and on ``threadCount`` threads this type starts itself (one per core,
/// started on first use, named `zhixi-worker-N`), which only ever run this library's work.
///
/// **The two doors.**
/// - ``forEach(count:_:)`` (synchronous fan-out): the caller runs the chunks itself, claiming
///   them one by one, and idle workers help by claiming chunks too. When no chunk is left to
///   claim, the caller waits only for chunks that a worker has already started: running work
///   on a thread the library owns, never work queued behind anything.
/// - ``run(_:)`` (`async`): the work runs on a worker and the calling task is suspended, so
///   it holds no thread of the cooperative pool while it waits. Nested fan-outs inside the
///   work use the same workers.
///
/// Workers take the most recently opened fan-out with chunks left before any queued
/// ``run(_:)`` job, so the work a fit has started finishes before the next fit starts.
/// Which thread runs a chunk never changes a result: callers choose their chunks from the data
/// alone and combine the chunks' results in chunk order.
// Safe: the mutex and conditions are shared by pointer; every var is touched under the mutex.
package final class WorkerPool: @unchecked Sendable {
    /// The library's pool: one worker per core (at least one).
    package static let shared = WorkerPool(threadCount: ProcessInfo.processInfo.activeProcessorCount)

    /// The pool whose worker is running the current code, or ``shared`` on any other thread:
    /// the pool a nested fan-out uses, so that work started on a pool stays on it.
    package static var current: WorkerPool {
        guard let raw = pthread_getspecific(currentPoolKey) else { return shared }
        return Unmanaged<WorkerPool>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Whether the current thread is a worker of this pool.
    package var ownsCurrentThread: Bool {
        pthread_getspecific(Self.currentPoolKey) == Unmanaged.passUnretained(self).toOpaque()
    }

    /// What a pool has done since it was created; every count is exact (kept under the
    /// pool's lock).
    package struct Statistics: Sendable, Hashable {
        /// ``run(_:)`` jobs finished by the workers.
        package var jobsRun = 0
        /// Chunks of fan-outs run by the workers (helping) and by the threads that opened them.
        package var chunksRunByWorkers = 0
        /// See ``chunksRunByWorkers``.
        package var chunksRunByCallers = 0
        /// Chunks run by a caller that is not a worker of this pool (e.g. a task of Swift's
        /// cooperative pool calling a synchronous entry point).
        package var chunksRunOnOtherThreads = 0
        /// Times a thread that is not a worker of this pool blocked to wait for chunks that
        /// workers were running.
        package var waitsOnOtherThreads = 0
    }

    /// The number of worker threads.
    package let threadCount: Int

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Signalled when a fan-out opens or a job is queued (workers wait on it).
    private let workAvailable = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Broadcast when the last running chunk of a fan-out whose caller waits finishes.
    private let chunksFinished = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Fan-outs with chunks left to claim, oldest first (under `mutex`).
    private var openFanOuts: [FanOut] = []
    /// Queued ``run(_:)`` jobs: `jobs[jobsHead...]` (under `mutex`).
    private var jobs: [@Sendable () -> Void] = []
    private var jobsHead = 0
    private var idleWorkers = 0
    private var startedThreads = 0
    private var stopping = false
    private var counts = Statistics()

    /// A pool of `threadCount` workers (at least one), started on first use.
    package init(threadCount: Int) {
        self.threadCount = max(1, threadCount)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(workAvailable, nil)
        pthread_cond_init(chunksFinished, nil)
    }

    deinit {
        pthread_cond_destroy(chunksFinished)
        pthread_cond_destroy(workAvailable)
        pthread_mutex_destroy(mutex)
        chunksFinished.deallocate()
        workAvailable.deallocate()
        mutex.deallocate()
    }

    /// The counts so far.
    package var statistics: Statistics {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return counts
    }

    /// Lets the workers finish what is queued and exit. Fan-outs opened later run on their
    /// callers alone; ``run(_:)`` must not be called again. For pools made by tests.
    package func stop() {
        pthread_mutex_lock(mutex)
        stopping = true
        pthread_cond_broadcast(workAvailable)
        pthread_mutex_unlock(mutex)
    }

    // MARK: Fan-out

    /// Calls `body(chunk)` once for every chunk in `0 ..< count`, on the calling thread and on
    /// idle workers of this pool, and returns when all have returned. Runs inline when
    /// `count` is 1. `body` is called from several threads at once: it may only read shared
    /// state and write outputs that no other chunk writes.
    ///
    /// The caller never waits for a chunk that has not started: it claims every chunk no
    /// worker has claimed, and then waits only for chunks running on workers.
    package func forEach(count: Int, _ body: (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let fanOut = FanOut(count: count, body: ChunkBody(call: body))
            pthread_mutex_lock(mutex)
            startThreadsIfNeeded()
            openFanOuts.append(fanOut)
            for _ in 0 ..< min(count - 1, idleWorkers) { pthread_cond_signal(workAvailable) }
            pthread_mutex_unlock(mutex)
            help(fanOut, asCaller: true)
            finish(fanOut)
        }
    }

    /// Starts `work` on an idle worker of this pool, or leaves it for the caller: the
    /// returned ``PendingWork``'s ``PendingWork/result()`` runs it on the calling thread if no
    /// worker has started it by then, and otherwise waits for the worker to finish it.
    package func start<Result: Sendable>(_ work: @escaping @Sendable () -> Result) -> PendingWork<Result> {
        let box = ResultBox<Result>()
        let fanOut = FanOut(count: 1, body: ChunkBody { _ in box.value = work() })
        pthread_mutex_lock(mutex)
        startThreadsIfNeeded()
        openFanOuts.append(fanOut)
        if idleWorkers > 0 { pthread_cond_signal(workAvailable) }
        pthread_mutex_unlock(mutex)
        return PendingWork(pool: self, fanOut: fanOut, box: box)
    }

    /// Runs the unclaimed chunks of `fanOut` on this thread.
    fileprivate func help(_ fanOut: FanOut, asCaller: Bool) {
        let owned = asCaller && ownsCurrentThread
        while true {
            pthread_mutex_lock(mutex)
            guard let chunk = claim(fanOut) else {
                pthread_mutex_unlock(mutex)
                return
            }
            if asCaller {
                counts.chunksRunByCallers += 1
                if !owned { counts.chunksRunOnOtherThreads += 1 }
            }
            pthread_mutex_unlock(mutex)
            fanOut.body.call(chunk)
            pthread_mutex_lock(mutex)
            complete(fanOut)
            pthread_mutex_unlock(mutex)
        }
    }

    /// Waits until every chunk of `fanOut` (all claimed by now) has finished.
    fileprivate func finish(_ fanOut: FanOut) {
        pthread_mutex_lock(mutex)
        if fanOut.finished < fanOut.count {
            if !ownsCurrentThread { counts.waitsOnOtherThreads += 1 }
            fanOut.callerWaits = true
            while fanOut.finished < fanOut.count { pthread_cond_wait(chunksFinished, mutex) }
        }
        pthread_mutex_unlock(mutex)
    }

    /// The next chunk of `fanOut`, or `nil` when all are claimed. Under `mutex`.
    private func claim(_ fanOut: FanOut) -> Int? {
        guard fanOut.next < fanOut.count else { return nil }
        let chunk = fanOut.next
        fanOut.next += 1
        if fanOut.next == fanOut.count, let index = openFanOuts.lastIndex(where: { $0 === fanOut }) {
            openFanOuts.remove(at: index)
        }
        return chunk
    }

    /// Records a finished chunk and wakes the caller after the last. Under `mutex`.
    private func complete(_ fanOut: FanOut) {
        fanOut.finished += 1
        if fanOut.finished == fanOut.count, fanOut.callerWaits { pthread_cond_broadcast(chunksFinished) }
    }

    // MARK: Async work

    /// Runs `work` on a worker of this pool and returns its result; the calling task is
    /// suspended meanwhile and holds no thread. Jobs start in the order they were queued,
    /// after the fan-outs already open.
    package func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result, Never>) in
            pthread_mutex_lock(mutex)
            precondition(!stopping, "a stopped WorkerPool runs no more jobs")
            startThreadsIfNeeded()
            jobs.append { [self] in
                let result = work()
                pthread_mutex_lock(mutex)
                counts.jobsRun += 1
                pthread_mutex_unlock(mutex)
                continuation.resume(returning: result)
            }
            if idleWorkers > 0 { pthread_cond_signal(workAvailable) }
            pthread_mutex_unlock(mutex)
        }
    }

    // MARK: Workers

    /// Starts the workers the first time there is work. Under `mutex`.
    private func startThreadsIfNeeded() {
        guard startedThreads == 0, !stopping else { return }
        startedThreads = threadCount
        for index in 0 ..< threadCount {
            let thread = Thread { [self] in workerLoop() }
            thread.name = "zhixi-worker-\(index + 1)"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// One worker: open fan-outs first (the newest), then queued jobs, else sleep.
    private func workerLoop() {
        pthread_setspecific(Self.currentPoolKey, Unmanaged.passUnretained(self).toOpaque())
        pthread_mutex_lock(mutex)
        while true {
            if let fanOut = openFanOuts.last, let chunk = claim(fanOut) {
                counts.chunksRunByWorkers += 1
                pthread_mutex_unlock(mutex)
                fanOut.body.call(chunk)
                pthread_mutex_lock(mutex)
                complete(fanOut)
                continue
            }
            if jobsHead < jobs.count {
                let job = jobs[jobsHead]
                jobsHead += 1
                if jobsHead == jobs.count {
                    jobs.removeAll(keepingCapacity: true)
                    jobsHead = 0
                }
                pthread_mutex_unlock(mutex)
                job()
                pthread_mutex_lock(mutex)
                continue
            }
            if stopping { break }
            idleWorkers += 1
            pthread_cond_wait(workAvailable, mutex)
            idleWorkers -= 1
        }
        pthread_mutex_unlock(mutex)
        pthread_setspecific(Self.currentPoolKey, nil)
    }

    /// The thread-specific slot holding the pool of a worker thread.
    private static let currentPoolKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}

/// Work started with ``WorkerPool/start(_:)``, whose result is fetched later.
package struct PendingWork<Result: Sendable>: Sendable {
    fileprivate let pool: WorkerPool
    fileprivate let fanOut: FanOut
    fileprivate let box: ResultBox<Result>

    /// The work's result: runs it on this thread if no worker has started it, otherwise waits
    /// for the worker running it.
    package func result() -> Result {
        pool.help(fanOut, asCaller: true)
        pool.finish(fanOut)
        return box.value!
    }
}

/// One fan-out: its chunks, how many are claimed and finished (under the pool's mutex).
// Safe: crosses to the workers with the pool; its vars are touched under the pool's mutex only.
private final class FanOut: @unchecked Sendable {
    let count: Int
    let body: ChunkBody
    var next = 0
    var finished = 0
    var callerWaits = false

    init(count: Int, body: ChunkBody) {
        self.count = count
        self.body = body
    }
}

/// A fan-out's body, called from several threads; the callers of ``WorkerPool`` promise
/// that the chunks only read shared state and write disjoint outputs.
// Safe: a borrowed closure crosses threads; it outlives no fan-out and writes disjoint outputs.
private struct ChunkBody: @unchecked Sendable {
    let call: (Int) -> Void
}

/// The result of pending work, written by the thread that runs it before the fan-out is
/// marked finished (under the pool's mutex), and read after.
// Safe: written once before the fan-out finishes and read after, ordered by the pool's mutex.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}

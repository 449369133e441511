import Foundation
import ZhiXiCore

/// Runs independent work over the chunks of a range on all processor cores and returns the
/// chunks' results in order, so the outcome does not depend on which thread finished first.
///
/// The chunks run on the calling thread and the library's worker threads (`WorkerPool`), never
/// on Dispatch's or Swift's shared pools: a plan made from a task never waits for work that
/// the cooperative pool would have to start.
enum ParallelChunks {
    /// The processor cores, read once: on Linux each read of `activeProcessorCount` opens and
    /// reads cgroup files, which costs more than planning a small learner's lesson when a
    /// batch plans thousands of learners.
    private static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Splits `0 ..< count` into contiguous chunks of at least `minimumChunk` elements (at most
    /// four per core) and maps each with `body`. Runs inline when one chunk suffices.
    static func map<Result>(count: Int, minimumChunk: Int, _ body: @Sendable (Range<Int>) -> Result) -> [Result] {
        let chunkCount = max(1, min(cores * 4, count / max(1, minimumChunk)))
        if chunkCount == 1 { return [body(0 ..< count)] }
        let results = ResultSlots<Result>(count: chunkCount)
        WorkerPool.current.forEach(count: chunkCount) { chunk in
            let lower = count * chunk / chunkCount
            let upper = count * (chunk + 1) / chunkCount
            results.store(body(lower ..< upper), at: chunk)
        }
        return results.values()
    }
}

extension ParallelChunks {
    /// An array of `count` elements, element `i` made by `make(i)`, filled in place on all
    /// cores (no intermediate arrays, no copies).
    static func array<Element>(count: Int, minimumChunk: Int, _ make: @Sendable (Int) -> Element) -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            let target = UnsafeSendableBuffer(buffer: buffer)
            _ = map(count: count, minimumChunk: minimumChunk) { range in
                for index in range { target.buffer.initializeElement(at: index, to: make(index)) }
            }
            initialized = count
        }
    }
}

/// A buffer that concurrent chunks initialise at disjoint indices.
private struct UnsafeSendableBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
}

/// Write-once slots that concurrent chunks fill at distinct indices.
private final class ResultSlots<Result>: @unchecked Sendable {
    private var slots: [Result?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ value: Result, at index: Int) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func values() -> [Result] { slots.map { $0! } }
}

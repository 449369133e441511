import Foundation

/// The package's one parallel-for: work over chunks of a range on all processor cores, with
/// the chunks chosen from the data alone — never from the number of cores — and their
/// results combined in chunk order. So an outcome, a floating-point sum included, is the
/// same to the last bit on every run and every machine, whichever thread ran which chunk.
///
/// The chunks run on the calling thread and the library's worker threads (``WorkerPool``),
/// never on Dispatch's or Swift's shared pools: a caller on either never waits for work
/// that its own pool would have to start. A body is called from several threads at once: it
/// may only read shared state and write outputs that no other chunk writes.
package enum ParallelChunks {
    /// The most chunks ``map(count:minimumChunk:_:)`` and ``array(count:minimumChunk:_:)``
    /// cut a range into: four per core on a 16-core machine.
    package static let maximumChunks = 64

    /// The number of chunks for `count` elements of at least `minimumChunk` each: from 1 to
    /// ``maximumChunks``, a function of the two numbers only.
    package static func chunkCount(count: Int, minimumChunk: Int) -> Int {
        max(1, min(maximumChunks, count / max(1, minimumChunk)))
    }

    /// Calls `body(chunk)` for every chunk in `0 ..< chunkCount` on all cores, and returns
    /// when all have returned. Runs inline when there is at most one chunk.
    package static func forEach(chunkCount: Int, _ body: (Int) -> Void) {
        WorkerPool.current.forEach(count: chunkCount, body)
    }

    /// Splits `0 ..< count` into ``chunkCount(count:minimumChunk:)`` contiguous ranges and
    /// maps each with `body`; the results are in range order.
    package static func map<Result>(count: Int, minimumChunk: Int, _ body: (Range<Int>) -> Result) -> [Result] {
        let chunks = chunkCount(count: count, minimumChunk: minimumChunk)
        if chunks == 1 { return [body(0 ..< count)] }
        return array(chunks: chunks) { chunk in body(count * chunk / chunks ..< count * (chunk + 1) / chunks) }
    }

    /// An array of `count` elements, element `i` made by `make(i)`, filled in place on all
    /// cores in ``chunkCount(count:minimumChunk:)`` chunks (no intermediate arrays).
    package static func array<Element>(count: Int, minimumChunk: Int, _ make: (Int) -> Element) -> [Element] {
        // Never `unsafeUninitializedCapacity: 0`: it writes the count into the standard
        // library's one shared empty array, a data race with every thread reading an empty
        // array (ThreadSanitizer reports it).
        guard count > 0 else { return [] }
        let chunks = chunkCount(count: count, minimumChunk: minimumChunk)
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            let target = SendableBuffer(buffer)
            forEach(chunkCount: chunks) { chunk in
                for index in count * chunk / chunks ..< count * (chunk + 1) / chunks {
                    target.buffer.initializeElement(at: index, to: make(index))
                }
            }
            initialized = count
        }
    }

    /// One element per chunk: `make(chunk)` for every chunk in `0 ..< chunks`, each chunk on
    /// its own (for a few large pieces of work, such as the folds of an evaluation).
    package static func array<Element>(chunks: Int, _ make: (Int) -> Element) -> [Element] {
        guard chunks > 0 else { return [] }   // not the shared empty array's count (above)
        return [Element](unsafeUninitializedCapacity: chunks) { buffer, initialized in
            let target = SendableBuffer(buffer)
            forEach(chunkCount: chunks) { chunk in target.buffer.initializeElement(at: chunk, to: make(chunk)) }
            initialized = chunks
        }
    }

    /// Calls `body(chunk, partial)` for every chunk in `0 ..< chunkCount`, each with its own
    /// zeroed `partial` of `width` values, and returns their element-wise sum, added in chunk
    /// order. O(chunks · width) besides the work.
    package static func sum(chunkCount: Int, width: Int, _ body: (Int, UnsafeMutablePointer<Double>) -> Void) -> [Double] {
        var partials = [Double](repeating: 0, count: max(1, chunkCount) * width)
        partials.withUnsafeMutableBufferPointer { buffer in
            let base = SendablePointer(buffer.baseAddress!)
            forEach(chunkCount: chunkCount) { chunk in body(chunk, base.pointer + chunk * width) }
        }
        var total = [Double](repeating: 0, count: width)
        for chunk in 0 ..< max(1, chunkCount) {
            for index in 0 ..< width { total[index] += partials[chunk * width + index] }
        }
        return total
    }

    /// Splits `0 ..< count` into consecutive ranges whose `cost` adds up to at least
    /// `minimumCost` each (the last may be smaller): chunks of even work for ``forEach(chunkCount:_:)``
    /// and ``sum(chunkCount:width:_:)``. O(count).
    package static func ranges(count: Int, minimumCost: Int, cost: (Int) -> Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        var accumulated = 0
        for index in 0 ..< count {
            accumulated += cost(index)
            if accumulated >= minimumCost {
                result.append(start ..< index + 1)
                start = index + 1
                accumulated = 0
            }
        }
        if start < count { result.append(start ..< count) }
        return result
    }
}

/// A buffer that the chunks of a ``ParallelChunks`` call write at disjoint indices.
// Safe: the pointer crosses threads, and no two chunks touch the same element.
package struct SendableBuffer<Element>: @unchecked Sendable {
    /// The buffer.
    package let buffer: UnsafeMutableBufferPointer<Element>

    /// Wraps `buffer`.
    package init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}

/// A pointer that the chunks of a ``ParallelChunks`` call write at disjoint offsets.
// Safe: the pointer crosses threads, and no two chunks touch the same element.
package struct SendablePointer<Element>: @unchecked Sendable {
    /// The pointer.
    package let pointer: UnsafeMutablePointer<Element>

    /// Wraps `pointer`.
    package init(_ pointer: UnsafeMutablePointer<Element>) { self.pointer = pointer }
}

import ZhiXiCore

/// Runs work over a fixed list of chunks on all cores and adds up what the chunks return in
/// chunk order, so that a sum of floating-point values is the same on every run and every
/// machine, however many cores there are and whichever thread finishes first: the chunks
/// are chosen from the data alone, never from the number of cores.
///
/// The chunks run on the calling thread and the library's worker threads (`WorkerPool`):
/// nothing is queued to Dispatch or to Swift's cooperative pool, so a caller on either never
/// waits for work that its own pool would have to start.
enum ChunkedReduction {
    /// The vector each chunk fills: a loss and the 21 partial derivatives.
    static let width = 22

    /// Calls `body(chunk, partial)` for every chunk, each with its own zeroed `partial` of
    /// ``width`` values, and returns their element-wise sum in chunk order. Runs inline when
    /// there is a single chunk. O(chunks · width) besides the work.
    static func sum(chunkCount: Int, _ body: (Int, UnsafeMutablePointer<Double>) -> Void) -> [Double] {
        var partials = [Double](repeating: 0, count: max(1, chunkCount) * width)
        partials.withUnsafeMutableBufferPointer { buffer in
            let base = SendablePointer(pointer: buffer.baseAddress!)
            if chunkCount <= 1 {
                if chunkCount == 1 { body(0, base.pointer) }
                return
            }
            WorkerPool.current.forEach(count: chunkCount) { chunk in
                body(chunk, base.pointer + chunk * width)
            }
        }
        var total = [Double](repeating: 0, count: width)
        for chunk in 0..<max(1, chunkCount) {
            for index in 0..<width { total[index] += partials[chunk * width + index] }
        }
        return total
    }

    /// Calls `body(chunk)` for every chunk on all cores (for work that writes disjoint
    /// outputs and needs no reduction).
    static func forEach(chunkCount: Int, _ body: (Int) -> Void) {
        if chunkCount <= 1 {
            if chunkCount == 1 { body(0) }
            return
        }
        WorkerPool.current.forEach(count: chunkCount, body)
    }

    /// Splits `0 ..< count` into consecutive ranges whose `cost` adds up to at least
    /// `minimumCost` each (the last may be smaller). O(count).
    static func ranges(count: Int, minimumCost: Int, cost: (Int) -> Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        var accumulated = 0
        for index in 0..<count {
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

/// A pointer handed to concurrent chunks that write disjoint parts of it.
struct SendablePointer<Element>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Element>
}

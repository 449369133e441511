import ZhiXiCore

extension ChaCha12Generator {
    /// Shuffles `elements` as `rand` 0.10's `SliceRandom::shuffle` does with this generator
    /// (fsrs-rs 6.6 shuffles its batches so, from `StdRng::seed_from_u64(seed)`): Durstenfeld's
    /// Fisher–Yates from the front (`partial_shuffle` of the whole slice), position `i`
    /// swapped with an index in `0 ... i` drawn by `IncreasingUniform`, which draws one
    /// `random_range(..bound)` for several positions at once (`bound` the product
    /// `(i + 1)(i + 2)…` of as many as fit in 32 bits) and hands out its digits.
    /// - Complexity: O(n).
    mutating func shuffleAsRand<Element>(_ elements: inout [Element]) {
        guard elements.count > 1 else { return }
        var n: UInt32 = 0   // the next index is drawn from 0 ... n
        var chunk: UInt32 = 0
        var chunkRemaining: UInt8 = 1   // n = 0: the first index is 0, drawn from nothing
        for position in 0 ..< elements.count {
            let next = n + 1
            let remaining: UInt8
            if chunkRemaining > 0 {
                remaining = chunkRemaining - 1
            } else {
                // bound = (n + 1)(n + 2)…, as many factors as fit in 32 bits.
                var product = next, factor = next + 1, count: UInt8 = 1
                while true {
                    let (multiplied, overflow) = product.multipliedReportingOverflow(by: factor)
                    if overflow { break }
                    product = multiplied
                    factor += 1
                    count += 1
                }
                chunk = nextUInt32(in: 0 ..< product)
                remaining = count - 1
            }
            let index: UInt32
            if remaining == 0 {
                index = chunk
            } else {
                index = chunk % next
                chunk /= next
            }
            chunkRemaining = remaining
            n = next
            elements.swapAt(position, Int(index))
        }
    }
}

import Testing
import ZhiXiCore

@Suite("ParallelChunks: the one deterministic parallel-for")
struct ParallelChunksTests {
    @Test("the chunks depend on the data alone: from 1 to 64, never more than count / minimumChunk")
    func chunkCounts() {
        #expect(ParallelChunks.chunkCount(count: 0, minimumChunk: 100) == 1)
        #expect(ParallelChunks.chunkCount(count: 999, minimumChunk: 100) == 9)
        #expect(ParallelChunks.chunkCount(count: 1_000_000, minimumChunk: 100) == ParallelChunks.maximumChunks)
        #expect(ParallelChunks.chunkCount(count: 10, minimumChunk: 0) == 10)
    }

    @Test("map covers 0 ..< count once, in order, in contiguous ranges")
    func mapCoversTheRange() {
        for count in [0, 1, 7, 1_000, 12_345] {
            let ranges = ParallelChunks.map(count: count, minimumChunk: 50) { $0 }
            #expect(!ranges.isEmpty)
            #expect(ranges.first?.lowerBound == 0)
            #expect(ranges.last?.upperBound == count)
            for (left, right) in zip(ranges, ranges.dropFirst()) { #expect(left.upperBound == right.lowerBound) }
        }
    }

    @Test("array(count:) puts make(i) at index i")
    func arrayFillsInPlace() {
        let squares = ParallelChunks.array(count: 10_000, minimumChunk: 64) { $0 * $0 }
        #expect(squares == (0 ..< 10_000).map { $0 * $0 })
    }

    @Test("sum adds the chunks' partial sums in chunk order: the same bits as adding them one by one")
    func sumIsInChunkOrder() {
        var generator = SplitMix64(seed: 7)
        let values = (0 ..< 50_000).map { _ in generator.nextUnitInterval() * 1e6 - 5e5 }
        let ranges = ParallelChunks.ranges(count: values.count, minimumCost: 1_000) { _ in 1 }
        #expect(ranges.count == 50)
        let total = ParallelChunks.sum(chunkCount: ranges.count, width: 2) { chunk, partial in
            for index in ranges[chunk] {
                partial[0] += values[index]
                partial[1] += 1
            }
        }
        var expected = 0.0
        for range in ranges {
            var partial = 0.0
            for index in range { partial += values[index] }
            expected += partial
        }
        #expect(total[0].bitPattern == expected.bitPattern)
        #expect(total[1] == Double(values.count))
    }

    @Test("ranges cut by cost: each but the last costs at least minimumCost")
    func rangesByCost() {
        let costs = [5, 1, 1, 9, 2, 2, 2, 1]
        let ranges = ParallelChunks.ranges(count: costs.count, minimumCost: 6) { costs[$0] }
        #expect(ranges == [0 ..< 2, 2 ..< 4, 4 ..< 7, 7 ..< 8])
        #expect(ParallelChunks.ranges(count: 0, minimumCost: 6) { _ in 1 }.isEmpty)
    }
}

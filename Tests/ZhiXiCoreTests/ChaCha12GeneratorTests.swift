import Testing
import ZhiXiCore

@Suite("ChaCha12Generator: Rust's StdRng (rand 0.9) and its draws")
struct ChaCha12GeneratorTests {
    @Test("from_seed: rand's own value-stability vector for StdRng")
    func stdRngVector() {
        var seed = [UInt8](repeating: 0, count: 32)
        seed.replaceSubrange(0..<16, with: [1, 0, 0, 0, 23, 0, 0, 0, 200, 1, 0, 0, 210, 30, 0, 0])
        var generator = ChaCha12Generator(seed: seed)
        #expect(generator.next() == 10_719_222_850_664_546_238)
    }

    @Test("seed_from_u64: rand_core's value-breakage vector (seed 0 → first eight bytes)")
    func seedExpansion() {
        let bytes = ChaCha12Generator.expandedSeed(0)
        #expect(bytes.count == 32)
        let first = bytes.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        #expect(first == 5_029_875_928_683_246_316)
    }

    @Test("next_u64 is two next_u32, low first, across the four-block buffer")
    func wordsAndBuffer() {
        var words = ChaCha12Generator(seedFromUInt64: 42), longs = words
        var fromWords: [UInt64] = []
        for _ in 0..<100 { fromWords.append(UInt64(words.nextUInt32()) | UInt64(words.nextUInt32()) << 32) }
        #expect((0..<100).map { _ in longs.next() } == fromWords)
    }

    @Test("the float draw is the word's top 23 bits over 2^23")
    func unitFloat() {
        var a = ChaCha12Generator(seedFromUInt64: 7), b = a
        for _ in 0..<1000 {
            let word = a.nextUInt32()
            #expect(b.nextUnitFloat() == Float(word >> 9) / 8_388_608)
        }
    }

    @Test("u32 ranges: the high word of word × span, within the range")
    func integerRange() {
        var a = ChaCha12Generator(seedFromUInt64: 9), b = a
        for span in UInt32(1)...300 {
            let word = a.nextUInt32()
            let value = b.nextUInt32(in: 600 ..< 600 + span)
            #expect(value == 600 + UInt32((UInt64(word) * UInt64(span)) >> 32))
            #expect((600 ..< 600 + span).contains(value))
        }
    }

    @Test("weighted index: running sums, the first above the draw; refuses what WeightedIndex refuses")
    func weightedIndex() {
        var a = ChaCha12Generator(seedFromUInt64: 11), b = a
        for _ in 0..<500 {
            let unit = a.nextUnitFloat()
            let index = b.nextWeightedIndex([1, 2, 3, 4])!
            let chosen = unit * 10
            #expect(index == [1, 3, 6].filter { $0 <= chosen }.count)
        }
        var generator = ChaCha12Generator(seedFromUInt64: 1)
        #expect(generator.nextWeightedIndex([]) == nil)
        #expect(generator.nextWeightedIndex([0, 0]) == nil)
        #expect(generator.nextWeightedIndex([1, -1]) == nil)
        #expect(generator.nextWeightedIndex([0, 5, 0]) == 1)
    }
}

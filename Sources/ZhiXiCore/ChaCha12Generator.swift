/// Rust's `rand::rngs::StdRng` as the `rand` 0.9 crate (0.9.4, `rand_chacha` 0.9, `rand_core`
/// 0.9) defines it, bit for bit: the ChaCha stream cipher with 12 rounds, a 256-bit key, a
/// 64-bit block counter and a 64-bit stream number (both starting at 0), read as consecutive
/// little-endian 32-bit words; plus the three draws Anki makes from it. Anki seeds one of these
/// per answer (``init(seedFromUInt64:)``) to choose fuzz and load-balanced days, so the same
/// numbers here give Anki's intervals exactly.
///
/// - `nextUInt32()` / `next()`: `RngCore::next_u32` / `next_u64` (the low word first).
/// - ``nextUnitFloat()``: `rng.random_range(0.0f32..1.0)`.
/// - ``nextUInt32(in:)``: `rng.random_range(low..high)` for `u32` (Canon's method, biased
///   variant: `rand`'s default features).
/// - ``nextWeightedIndex(_:)``: `WeightedIndex::<f32>::new(weights)?.sample(rng)`.
///
/// Not for cryptography here (nothing in the package needs it); a value type, each copy
/// continues the same stream independently.
///
/// ```swift
/// var generator = ChaCha12Generator(seedFromUInt64: 1_700_000_000_123 &+ 5)
/// let fuzzFactor = generator.nextUnitFloat()   // Anki's fuzz factor for that card and rep count
/// ```
@usableFromInline package struct ChaCha12Generator: RandomNumberGenerator, Sendable, Hashable {
    /// The key: the 32 seed bytes as eight little-endian words.
    private let key: [UInt32]
    /// The counter of the next block to compute.
    private var blockCounter: UInt64 = 0
    /// One block of output (16 words). `rand_chacha` computes four blocks at a time; its stream
    /// is the blocks in counter order, so computing them one by one gives the same words.
    private var buffer = [UInt32](repeating: 0, count: 16)
    /// The next word of `buffer` to hand out; 16 when it is used up.
    private var index = 16

    /// `StdRng::from_seed(seed)`: a generator keyed by 32 bytes.
    /// - Precondition: `seed` holds exactly 32 bytes.
    @usableFromInline package init(seed: [UInt8]) {
        precondition(seed.count == 32, "a ChaCha12 seed is 32 bytes")
        func word(_ at: Int) -> UInt32 {
            UInt32(seed[at]) | UInt32(seed[at + 1]) << 8 | UInt32(seed[at + 2]) << 16 | UInt32(seed[at + 3]) << 24
        }
        key = stride(from: 0, to: 32, by: 4).map(word)
    }

    /// `StdRng::seed_from_u64(state)`: keyed by ``expandedSeed(_:)``.
    @usableFromInline package init(seedFromUInt64 state: UInt64) {
        self.init(seed: Self.expandedSeed(state))
    }

    /// The 32 seed bytes `rand_core::SeedableRng::seed_from_u64` makes of a `u64`: eight
    /// outputs of PCG32 (XSH RR) started from `state`, each little-endian.
    @usableFromInline package static func expandedSeed(_ state: UInt64) -> [UInt8] {
        var state = state
        var seed: [UInt8] = []
        seed.reserveCapacity(32)
        for _ in 0..<8 {
            state = state &* 6_364_136_223_846_793_005 &+ 11_634_580_027_462_260_723
            let xorShifted = UInt32(truncatingIfNeeded: ((state >> 18) ^ state) >> 27)
            let rotation = UInt32(truncatingIfNeeded: state >> 59)
            let word = xorShifted >> rotation | xorShifted << ((32 &- rotation) & 31)
            for shift in stride(from: 0, to: 32, by: 8) { seed.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
        }
        return seed
    }

    /// The next 32 bits of the stream (`next_u32`).
    @usableFromInline package mutating func nextUInt32() -> UInt32 {
        if index >= 16 { refill() }
        defer { index += 1 }
        return buffer[index]
    }

    /// The next 64 bits: two words, the first one low (`next_u64`).
    @usableFromInline package mutating func next() -> UInt64 {
        let low = UInt64(nextUInt32())
        return low | UInt64(nextUInt32()) << 32
    }

    /// A number in `0 ..< 1` with 23 random bits, as `rand` 0.9 draws `random_range(0.0..1.0)`
    /// for `f32`: the word's top 23 bits as the fraction of a float in `1 ..< 2`, minus 1.
    /// One word.
    @usableFromInline package mutating func nextUnitFloat() -> Float {
        Float(bitPattern: nextUInt32() >> 9 | 0x3F80_0000) - 1
    }

    /// A number in `range`, as `rand` 0.9 draws `random_range(low..high)` for `u32`: the
    /// high word of `word × span`, and, when the low word is within `span` of overflowing, a
    /// second word that may add one. One or two words.
    /// - Precondition: `range` is not empty.
    @usableFromInline package mutating func nextUInt32(in range: Range<UInt32>) -> UInt32 {
        precondition(!range.isEmpty, "an empty range")
        let span = range.upperBound &- range.lowerBound
        let product = UInt64(nextUInt32()) &* UInt64(span)
        var result = UInt32(truncatingIfNeeded: product >> 32)
        let lowOrder = UInt32(truncatingIfNeeded: product)
        if lowOrder > 0 &- span {
            let next = UInt32(truncatingIfNeeded: (UInt64(nextUInt32()) &* UInt64(span)) >> 32)
            if lowOrder.addingReportingOverflow(next).overflow { result &+= 1 }
        }
        return range.lowerBound &+ result
    }

    /// An index drawn with probability proportional to its weight, as `rand` 0.9's
    /// `WeightedIndex<f32>` draws it: running sums in `Float`, a uniform number below the
    /// total (its scale lowered until the largest draw stays below the total), and the first
    /// index whose running sum exceeds it. One word; `nil` (no word drawn) for no weights, a
    /// negative or NaN weight, or a zero total, where `WeightedIndex::new` fails.
    @usableFromInline package mutating func nextWeightedIndex(_ weights: [Float]) -> Int? {
        guard let first = weights.first, first >= 0 else { return nil }
        var sums: [Float] = []
        sums.reserveCapacity(weights.count)
        var total = first
        for weight in weights.dropFirst() {
            guard weight >= 0 else { return nil }
            sums.append(total)
            total += weight
        }
        guard total != 0, total.isFinite else { return nil }
        let largestUnit: Float = 1 - Float.ulpOfOne
        var scale = total
        while scale * largestUnit + 0 > total { scale = Float(bitPattern: scale.bitPattern - 1) }
        let chosen = nextUnitFloat() * scale + 0
        var low = 0, high = sums.count
        while low < high {
            let middle = (low + high) / 2
            if sums[middle] <= chosen { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The block of counter `blockCounter` into the buffer.
    private mutating func refill() {
        var state: [UInt32] = [
            0x6170_7865, 0x3320_646E, 0x7962_2D32, 0x6B20_6574,
            key[0], key[1], key[2], key[3], key[4], key[5], key[6], key[7],
            UInt32(truncatingIfNeeded: blockCounter), UInt32(truncatingIfNeeded: blockCounter >> 32), 0, 0,
        ]
        let input = state
        for _ in 0..<6 {  // 12 rounds: a column round and a diagonal round, six times
            Self.quarterRound(&state, 0, 4, 8, 12)
            Self.quarterRound(&state, 1, 5, 9, 13)
            Self.quarterRound(&state, 2, 6, 10, 14)
            Self.quarterRound(&state, 3, 7, 11, 15)
            Self.quarterRound(&state, 0, 5, 10, 15)
            Self.quarterRound(&state, 1, 6, 11, 12)
            Self.quarterRound(&state, 2, 7, 8, 13)
            Self.quarterRound(&state, 3, 4, 9, 14)
        }
        for word in 0..<16 { buffer[word] = state[word] &+ input[word] }
        blockCounter &+= 1
        index = 0
    }

    private static func quarterRound(_ x: inout [UInt32], _ a: Int, _ b: Int, _ c: Int, _ d: Int) {
        x[a] &+= x[b]; x[d] = (x[d] ^ x[a]).rotatedLeft(16)
        x[c] &+= x[d]; x[b] = (x[b] ^ x[c]).rotatedLeft(12)
        x[a] &+= x[b]; x[d] = (x[d] ^ x[a]).rotatedLeft(8)
        x[c] &+= x[d]; x[b] = (x[b] ^ x[c]).rotatedLeft(7)
    }
}

extension UInt32 {
    fileprivate func rotatedLeft(_ count: UInt32) -> UInt32 { self << count | self >> (32 - count) }
}

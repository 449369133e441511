/// A small, fast, seeded pseudo-random number generator (Steele, Lea and Flood's SplitMix64),
/// used wherever scheduling needs randomness that must be reproducible: the same seed gives
/// the same sequence on every run and every platform.
///
/// Scheduling never uses `SystemRandomNumberGenerator`; a card reviewed the same way twice must
/// get the same interval. Not suitable for cryptography.
///
/// ```swift
/// var generator = SplitMix64(seed: 42)
/// let unit = generator.nextUnitInterval()   // in 0..<1
/// let die = Int.random(in: 1...6, using: &generator)
/// ```
@usableFromInline package struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    /// The generator's state; advances by a fixed odd constant on every draw. Save it to resume
    /// the sequence later.
    @usableFromInline package var state: UInt64

    /// Creates a generator whose sequence is determined by `seed` alone.
    @inlinable
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 pseudo-random bits.
    @inlinable
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    /// The next pseudo-random number in `0 ..< 1`, uniformly spaced at 2⁻⁵³ (every value is
    /// exactly representable as a `Double`).
    @inlinable
    package mutating func nextUnitInterval() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// SplitMix64's finaliser: a bijective scramble of 64 bits in which every input bit
    /// affects every output bit. Useful on its own to derive seeds from identifiers.
    @inlinable
    package static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

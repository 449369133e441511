import ZhiXiCore

/// The seed of the pseudo-random choices made for one review of one item: which day in the
/// fuzz range it gets, and the weighted draw of the load balancer.
///
/// It depends only on the item's identity and how many times it has been reviewed, so the
/// same item reviewed the same way always gets the same interval (a preview shows what the
/// review will do, a replay reproduces the history), while successive reviews, and items
/// introduced together, still spread over different days.
///
/// ```swift
/// let cardSeed = FuzzSeed(cardID: 1_700_000_000_123, reviewCount: 4)
/// let lessonSeed = FuzzSeed(itemKey: "lesson/linear-algebra/3", reviewCount: 2)
/// ```
@usableFromInline package struct FuzzSeed: Sendable, Hashable {
    /// The 64 seed bits.
    @usableFromInline package var value: UInt64

    /// A seed from raw bits.
    /// - Complexity: O(1).
    @inlinable
    package init(value: UInt64) {
        self.value = value
    }

    /// The seed of a card's review: mixes the card's id with the number of reviews it had
    /// before this one.
    /// - Complexity: O(1).
    @inlinable
    package init(cardID: Int64, reviewCount: Int) {
        self.init(itemHash: UInt64(bitPattern: cardID), reviewCount: reviewCount)
    }

    /// The seed of a review of an item with a string identifier (a lesson, a weak point): the
    /// identifier is hashed with `StableHash.fnv1a64(_:)` (ZhiXiCore), stable across runs and platforms.
    /// - Complexity: O(n) in the identifier's UTF-8 length.
    @usableFromInline package init(itemKey: String, reviewCount: Int) {
        self.init(itemHash: StableHash.fnv1a64(itemKey), reviewCount: reviewCount)
    }

    /// The seed of a review of an item identified by 64 hash bits.
    /// - Complexity: O(1).
    @inlinable
    package init(itemHash: UInt64, reviewCount: Int) {
        value = SplitMix64.mix(SplitMix64.mix(itemHash) ^ UInt64(bitPattern: Int64(reviewCount)))
    }

    /// A generator started from this seed.
    @inlinable
    package var generator: SplitMix64 { SplitMix64(seed: value) }
}

/// A 64-bit hash of text that is the same on every run, every platform and every Swift
/// version: FNV-1a (Fowler–Noll–Vo) over the text's UTF-8 bytes.
///
/// Use it to derive fuzz seeds from string identifiers (lessons, weak points). Never use
/// Swift's `hashValue` or `Hasher` for that: they are randomly seeded per process, so a lesson
/// would get a different interval every time the app starts.
///
/// ```swift
/// StableHash.fnv1a64("")       // 0xCBF29CE484222325 (the FNV offset basis)
/// StableHash.fnv1a64("a")      // 0xAF63DC4C8601EC8C
/// ```
@usableFromInline package enum StableHash {
    /// The FNV-1a 64-bit offset basis, the hash of no bytes.
    @usableFromInline package static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    /// The FNV 64-bit prime.
    @usableFromInline package static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The FNV-1a hash of the UTF-8 encoding of `text`. O(n) in the text's UTF-8 length;
    /// allocation-free for native strings.
    @usableFromInline package static func fnv1a64(_ text: String) -> UInt64 {
        if let hash = text.utf8.withContiguousStorageIfAvailable({ fnv1a64(bytes: $0) }) { return hash }
        var hash = offsetBasis
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* prime
        }
        return hash
    }

    /// The FNV-1a hash of `bytes`. O(n).
    @usableFromInline package static func fnv1a64<Bytes: Sequence<UInt8>>(bytes: Bytes) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* prime
        }
        return hash
    }
}

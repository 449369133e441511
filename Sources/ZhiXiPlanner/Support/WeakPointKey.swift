import ZhiXiCore
import ZhiXiScheduler

/// The identity of a weak point: its text with surrounding white space removed, runs of
/// white space collapsed to one space and ASCII letters lower-cased, so that "Gradient
/// descent " and "gradient  descent" are one weak point. Chinese text is unchanged.
enum WeakPointKey {
    /// `StableHash.fnv1a64(_:)` (ZhiXiCore) of the text's normalised form, computed from its UTF-8
    /// bytes without building the normalised string; `nil` for text that is only white space.
    /// O(n), no allocation.
    static func hash(_ text: String) -> UInt64? {
        if let hash = text.utf8.withContiguousStorageIfAvailable({ hash(bytes: $0) }) { return hash }
        return hash(bytes: Array(text.utf8))
    }

    /// ``hash(_:)`` of UTF-8 bytes.
    static func hash<Bytes: Sequence<UInt8>>(bytes: Bytes) -> UInt64? {
        var hash = StableHash.offsetBasis
        var started = false
        var pendingSpace = false
        for byte in bytes {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = started
                continue
            }
            if pendingSpace {
                hash = (hash ^ 0x20) &* StableHash.prime
                pendingSpace = false
            }
            started = true
            let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            hash = (hash ^ UInt64(folded)) &* StableHash.prime
        }
        return started ? hash : nil
    }

    /// The text shown for a weak point: trimmed of surrounding white space (the text itself,
    /// without copying, when there is none).
    static func display(_ text: String) -> String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = text.utf8.first, let last = text.utf8.last, isSpace(first) || isSpace(last) else { return text }
        let trimmed = text.utf8.drop(while: isSpace)
        var end = trimmed.endIndex
        while end > trimmed.startIndex {
            let previous = trimmed.index(before: end)
            guard isSpace(trimmed[previous]) else { break }
            end = previous
        }
        return String(decoding: trimmed[trimmed.startIndex..<end], as: UTF8.self)
    }
}

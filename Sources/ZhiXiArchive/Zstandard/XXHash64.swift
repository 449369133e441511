/// XXH64 (Yann Collet's 64-bit xxHash), the checksum of a Zstandard frame's content: the
/// frame stores the low 32 bits of XXH64 with seed 0 (RFC 8878 §3.1.1).
///
/// ```swift
/// XXHash64.hash(of: [])   // 0xEF46DB3751D8E999
/// ```
package enum XXHash64 {
    private static let prime1: UInt64 = 11_400_714_785_074_694_791
    private static let prime2: UInt64 = 14_029_467_366_897_019_727
    private static let prime3: UInt64 = 1_609_587_929_392_839_161
    private static let prime4: UInt64 = 9_650_029_242_287_828_579
    private static let prime5: UInt64 = 2_870_177_450_012_600_261

    /// The hash of `bytes` with `seed`.
    /// - Complexity: O(n).
    package static func hash(of bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return hash(UnsafePointer<UInt8>(bitPattern: 1)!, count: 0, seed: seed) }
            return hash(base, count: buffer.count, seed: seed)
        }
    }

    /// The hash of `count` bytes at `bytes` with `seed`.
    /// - Complexity: O(`count`).
    package static func hash(_ bytes: UnsafePointer<UInt8>, count: Int, seed: UInt64 = 0) -> UInt64 {
        let raw = UnsafeRawPointer(bytes)
        @inline(__always) func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        @inline(__always) func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
            let sum = accumulator &+ input &* prime2
            return ((sum << 31) | (sum >> 33)) &* prime1
        }
        @inline(__always) func merge(_ accumulator: UInt64, _ value: UInt64) -> UInt64 {
            (accumulator ^ round(0, value)) &* prime1 &+ prime4
        }
        var position = 0
        var hash: UInt64
        if count >= 32 {
            var v1 = seed &+ prime1 &+ prime2, v2 = seed &+ prime2, v3 = seed, v4 = seed &- prime1
            let stripes = count - 32
            while position <= stripes {
                v1 = round(v1, word(position))
                v2 = round(v2, word(position + 8))
                v3 = round(v3, word(position + 16))
                v4 = round(v4, word(position + 24))
                position += 32
            }
            hash = ((v1 << 1) | (v1 >> 63)) &+ ((v2 << 7) | (v2 >> 57)) &+ ((v3 << 12) | (v3 >> 52)) &+ ((v4 << 18) | (v4 >> 46))
            hash = merge(hash, v1)
            hash = merge(hash, v2)
            hash = merge(hash, v3)
            hash = merge(hash, v4)
        } else {
            hash = seed &+ prime5
        }
        hash &+= UInt64(count)
        while position + 8 <= count {
            hash ^= round(0, word(position))
            hash = ((hash << 27) | (hash >> 37)) &* prime1 &+ prime4
            position += 8
        }
        if position + 4 <= count {
            hash ^= UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt32.self))) &* prime1
            hash = ((hash << 23) | (hash >> 41)) &* prime2 &+ prime3
            position += 4
        }
        while position < count {
            hash ^= UInt64(bytes[position]) &* prime5
            hash = ((hash << 11) | (hash >> 53)) &* prime1
            position += 1
        }
        hash ^= hash >> 33
        hash &*= prime2
        hash ^= hash >> 29
        hash &*= prime3
        hash ^= hash >> 32
        return hash
    }
}

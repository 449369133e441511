/// A bit stream read from its last byte towards its first, as Zstandard writes its Huffman
/// and FSE streams (RFC 8878 §4.1): the last byte's highest set bit marks where the stream
/// starts, and values are read from the top of a 64-bit container loaded little-endian.
///
/// Reads never touch memory outside `[start, start + count)`: past the stream's first bit a
/// read yields garbage bits but stays in bounds, and `isExhaustedExactly` / `isOverflowed`
/// tell the caller whether the stream was consumed exactly, which every caller checks.
struct BackwardBitReader {
    /// The stream's first byte.
    let start: UnsafePointer<UInt8>
    /// Where `container` was loaded from: the 8 bytes `[position, position + 8)`, or, for a
    /// stream shorter than 8 bytes, its bytes placed at the container's low end.
    var position: UnsafePointer<UInt8>
    var container: UInt64
    /// Bits already consumed from the container's top.
    var consumed: Int

    /// A reader over `count` bytes at `start`; nil when the stream is empty or its last byte
    /// is zero (no start marker).
    init?(start: UnsafePointer<UInt8>, count: Int) {
        guard count > 0 else { return nil }
        let last = start[count - 1]
        guard last != 0 else { return nil }
        self.start = start
        let markerGap = last.leadingZeroBitCount + 1
        if count >= 8 {
            position = start + (count - 8)
            container = UInt64(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt64.self))
            consumed = markerGap
        } else {
            position = start
            var value: UInt64 = 0
            for index in 0 ..< count { value |= UInt64(start[index]) &<< UInt64(8 * index) }
            container = value
            consumed = markerGap + 8 * (8 - count)
        }
    }

    /// The next `bitCount` bits (0...56) as a number, consumed.
    @inline(__always)
    mutating func read(_ bitCount: Int) -> Int {
        let value = ((container &<< UInt64(truncatingIfNeeded: consumed)) &>> 1) &>> UInt64(truncatingIfNeeded: 63 &- bitCount)
        consumed &+= bitCount
        return Int(truncatingIfNeeded: value)
    }

    /// The next `bitCount` bits (1...56), not consumed.
    @inline(__always)
    func peek(_ bitCount: Int) -> Int {
        Int(truncatingIfNeeded: (container &<< UInt64(truncatingIfNeeded: consumed)) &>> UInt64(truncatingIfNeeded: 64 &- bitCount))
    }

    @inline(__always)
    mutating func skip(_ bitCount: Int) {
        consumed &+= bitCount
    }

    /// Refills the container: afterwards at least 57 bits are available unless the stream's
    /// start is in the container (then all that is left of it is).
    @inline(__always)
    mutating func reload() {
        let bytes = min(consumed &>> 3, position - start)
        if bytes > 0 {
            position -= bytes
            consumed &-= bytes &<< 3
            container = UInt64(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt64.self))
        }
    }

    /// Bits of the stream not yet consumed; negative once more were read than it holds.
    var remainingBits: Int { (position - start) &* 8 &+ 64 &- consumed }

    /// Every bit consumed, and no more.
    var isExhaustedExactly: Bool { remainingBits == 0 }

    /// More bits were read than the stream holds (only after a reload).
    var isOverflowed: Bool { remainingBits < 0 }
}

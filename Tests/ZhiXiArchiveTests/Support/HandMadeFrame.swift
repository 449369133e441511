/// Zstandard frames written byte by byte (RFC 8878), for inputs the zstd tool never makes:
/// bombs, lies, reserved values.
enum HandMadeFrame {
    static let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]

    /// A frame header: the window (when not single-segment), an optional dictionary id and
    /// content size (written in 8 bytes), the checksum flag.
    static func header(contentSize: UInt64? = nil, windowLog: Int = 17, checksum: Bool = false, dictionary: UInt32? = nil,
                       reservedBit: Bool = false) -> [UInt8] {
        var descriptor: UInt8 = checksum ? 0x04 : 0
        if contentSize != nil { descriptor |= 0xC0 }
        if dictionary != nil { descriptor |= 0x03 }
        if reservedBit { descriptor |= 0x08 }
        var bytes = magic + [descriptor, UInt8((windowLog - 10) << 3)]
        if let dictionary { bytes += (0 ..< 4).map { UInt8(truncatingIfNeeded: dictionary >> UInt32(8 * $0)) } }
        if let contentSize { bytes += (0 ..< 8).map { UInt8(truncatingIfNeeded: contentSize >> UInt64(8 * $0)) } }
        return bytes
    }

    /// A 3-byte block header.
    static func blockHeader(type: Int, size: Int, last: Bool) -> [UInt8] {
        let value = (last ? 1 : 0) | type << 1 | size << 3
        return [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF)]
    }

    static func rawBlock(_ content: [UInt8], last: Bool) -> [UInt8] {
        blockHeader(type: 0, size: content.count, last: last) + content
    }

    static func rleBlock(_ byte: UInt8, count: Int, last: Bool) -> [UInt8] {
        blockHeader(type: 1, size: count, last: last) + [byte]
    }

    /// The content of a compressed block: raw literals (none or one byte), then one sequence
    /// (three RLE tables, no state bits) of that literal length, whose match has `matchLength`
    /// (3…34, or 65,539…131,074) and offset value `offsetValue` (> 3: a distance of
    /// offsetValue − 3; 1…3: a repeat offset). `modes` replaces the compression-modes byte.
    static func compressedRunContent(literals: [UInt8] = [0x41], matchLength: Int, offsetValue: Int, modes: UInt8 = 0x54) -> [UInt8] {
        precondition(literals.count <= 1)
        let offsetCode = Int.bitWidth - 1 - offsetValue.leadingZeroBitCount
        let offsetExtra = offsetValue - (1 << offsetCode)
        let matchCode: Int, matchExtraBits: Int, matchExtra: Int
        if matchLength < 35 {
            (matchCode, matchExtraBits, matchExtra) = (matchLength - 3, 0, 0)
        } else {
            (matchCode, matchExtraBits, matchExtra) = (52, 16, matchLength - 65_539)
        }
        // Read from the top: the offset's extra bits, then the match length's.
        let bitCount = offsetCode + matchExtraBits
        let stream = 1 << bitCount | offsetExtra << matchExtraBits | matchExtra
        let streamBytes = (0 ..< (bitCount / 8 + 1)).map { UInt8(truncatingIfNeeded: stream >> (8 * $0)) }
        return [UInt8(literals.count << 3)] + literals + [0x01, modes, UInt8(literals.count), UInt8(offsetCode), UInt8(matchCode)] + streamBytes
    }

    static func compressedBlock(_ content: [UInt8], last: Bool) -> [UInt8] {
        blockHeader(type: 2, size: content.count, last: last) + content
    }
}

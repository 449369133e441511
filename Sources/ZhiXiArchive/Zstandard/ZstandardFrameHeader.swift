/// A Zstandard frame's header (RFC 8878 §3.1.1.1): the window, the dictionary, the declared
/// content size and whether a checksum follows the last block.
struct ZstandardFrameHeader {
    static let magic: UInt32 = 0xFD2F_B528
    static let skippableMagicMask: UInt32 = 0xFFFF_FFF0
    static let skippableMagic: UInt32 = 0x184D_2A50
    /// The largest window accepted: 2^31 bytes (zstd's own limit on 64-bit machines).
    static let maximumWindowLog = 31

    /// Bytes from the magic number to the first block header.
    var size: Int
    var windowSize: Int
    var contentSize: Int?
    var hasChecksum: Bool
    /// min(window, 128 KiB): the most a block may hold or regenerate.
    var blockMaximumSize: Int

    /// Parses the header of the frame whose magic number is at `offset` (already checked).
    /// A content size too large for an `Int` is reported as `Int.max` (more than any limit).
    /// - Complexity: O(1).
    init(_ input: UnsafePointer<UInt8>, count: Int, at offset: Int) throws(ArchiveError) {
        guard offset + 5 <= count else {
            throw ArchiveError(.truncated, .zstandard, "the frame header ends early", at: offset)
        }
        let descriptor = Int(input[offset + 4])
        let contentSizeFlag = descriptor >> 6
        let singleSegment = descriptor & 0x20 != 0
        guard descriptor & 0x08 == 0 else {
            throw ArchiveError(.malformed, .zstandard, "the reserved bit of the frame header descriptor is set", at: offset + 4)
        }
        hasChecksum = descriptor & 0x04 != 0
        let dictionaryFieldSize = [0, 1, 2, 4][descriptor & 3]
        let contentFieldSize = [singleSegment ? 1 : 0, 2, 4, 8][contentSizeFlag]
        size = 5 + (singleSegment ? 0 : 1) + dictionaryFieldSize + contentFieldSize
        guard offset + size <= count else {
            throw ArchiveError(.truncated, .zstandard, "the frame header (\(size) bytes) ends early", at: offset)
        }
        var position = offset + 5
        var window: UInt64 = 0
        if !singleSegment {
            let byte = Int(input[position])
            let windowLog = 10 + (byte >> 3)
            guard windowLog <= Self.maximumWindowLog else {
                throw ArchiveError(.unsupported, .zstandard,
                                   "the frame asks for a window of 2^\(windowLog) bytes, more than the 2^\(Self.maximumWindowLog) accepted", at: position)
            }
            window = UInt64(1) << UInt64(windowLog)
            window += (window >> 3) * UInt64(byte & 7)
            position += 1
        }
        func littleEndian(_ width: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in 0 ..< width { value |= UInt64(input[position + index]) << UInt64(8 * index) }
            return value
        }
        let dictionary = littleEndian(dictionaryFieldSize)
        guard dictionary == 0 else {
            throw ArchiveError(.unsupported, .zstandard,
                               "the frame needs dictionary \(dictionary) to decompress, and no dictionary is given", at: position)
        }
        position += dictionaryFieldSize
        if contentFieldSize > 0 {
            var declared = littleEndian(contentFieldSize)
            if contentFieldSize == 2 { declared += 256 }
            contentSize = declared > UInt64(Int.max) ? Int.max : Int(declared)
        } else {
            contentSize = nil
        }
        if singleSegment { window = UInt64(contentSize ?? 0) }
        windowSize = Int(min(window, UInt64(Int.max)))
        blockMaximumSize = min(windowSize, ZstandardBlockDecoder.maximumBlockSize)
    }
}

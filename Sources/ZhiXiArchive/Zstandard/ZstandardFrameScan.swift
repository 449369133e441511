/// The frames of a Zstandard input, walked by their headers and block headers without
/// decoding anything (RFC 8878 §3.1): where each frame and block is, the most each frame can
/// produce, and what the frames declare, all checked against the limit before any expansion.
struct ZstandardFrameScan {
    struct Frame {
        var offset: Int
        /// Nil for a skippable frame.
        var header: ZstandardFrameHeader?
        /// The byte after the frame (after its checksum).
        var end: Int
        /// The most the frame can produce: its declared content size, or else the sum of its
        /// raw and RLE blocks' sizes and one block maximum per compressed block.
        var capacity: Int
    }

    var frames: [Frame] = []
    /// The sum of the frames' capacities: an upper bound on the whole output.
    var capacity = 0

    /// - Complexity: O(frames + blocks).
    init(_ input: UnsafePointer<UInt8>, count: Int, limit: Int) throws(ArchiveError) {
        guard count > 0 else { throw ArchiveError(.truncated, .zstandard, "the input is empty: no frame", at: 0) }
        var offset = 0
        var declaredAtLeast = 0   // declared content sizes, or raw and RLE bytes of frames without one
        while offset < count {
            guard offset + 4 <= count else {
                throw ArchiveError(.truncated, .zstandard, "\(count - offset) bytes after the last frame are too few for a frame", at: offset)
            }
            let magic = UInt32(littleEndian: UnsafeRawPointer(input + offset).loadUnaligned(as: UInt32.self))
            if magic & ZstandardFrameHeader.skippableMagicMask == ZstandardFrameHeader.skippableMagic {
                guard offset + 8 <= count else { throw ArchiveError(.truncated, .zstandard, "the skippable frame's header ends early", at: offset) }
                let size = Int(UInt32(littleEndian: UnsafeRawPointer(input + offset + 4).loadUnaligned(as: UInt32.self)))
                guard size <= count - offset - 8 else {
                    throw ArchiveError(.truncated, .zstandard, "the skippable frame of \(size) bytes ends early", at: offset)
                }
                frames.append(Frame(offset: offset, header: nil, end: offset + 8 + size, capacity: 0))
                offset += 8 + size
                continue
            }
            guard magic == ZstandardFrameHeader.magic else {
                let hex = String(magic, radix: 16, uppercase: true)
                throw ArchiveError(.malformed, .zstandard,
                                   offset == 0 ? "not Zstandard data (the first 4 bytes read 0x\(hex), a frame starts with 0xFD2FB528)"
                                       : "the bytes after the frame ending here are not a frame (0x\(hex))", at: offset)
            }
            let header = try ZstandardFrameHeader(input, count: count, at: offset)
            if let declared = header.contentSize {
                if declared > limit {
                    throw ArchiveError(.limitExceeded, .zstandard,
                                       "the frame declares \(declared) bytes of content, more than the limit of \(limit) bytes", at: offset)
                }
                let sum = declaredAtLeast.addingReportingOverflow(declared)
                declaredAtLeast = sum.overflow ? Int.max : sum.partialValue
                if declaredAtLeast > limit {
                    throw ArchiveError(.limitExceeded, .zstandard,
                                       "the frames declare \(declaredAtLeast) bytes of content in all, more than the limit of \(limit) bytes", at: offset)
                }
            }
            var position = offset + header.size
            var upperBound = 0, lowerBound = 0
            while true {
                guard position + 3 <= count else {
                    throw ArchiveError(.truncated, .zstandard, "the input ends before the frame's \(position == offset + header.size ? "first" : "next") block header", at: position)
                }
                let blockHeader = Int(input[position]) | Int(input[position + 1]) << 8 | Int(input[position + 2]) << 16
                let isLast = blockHeader & 1 != 0
                let type = (blockHeader >> 1) & 3
                let size = blockHeader >> 3
                guard type != 3 else {
                    throw ArchiveError(.malformed, .zstandard, "a block has the reserved block type 3", at: position)
                }
                guard size <= header.blockMaximumSize else {
                    throw ArchiveError(.malformed, .zstandard,
                                       "a \(["raw", "RLE", "compressed"][type]) block of \(size) bytes is larger than the frame's block maximum of \(header.blockMaximumSize)",
                                       at: position)
                }
                let contentSize = type == 1 ? 1 : size
                guard contentSize <= count - position - 3 else {
                    throw ArchiveError(.truncated, .zstandard, "the input ends inside a block of \(contentSize) bytes", at: position)
                }
                if type == 2 {
                    upperBound += header.blockMaximumSize
                } else {
                    upperBound += size
                    lowerBound += size
                    if header.contentSize == nil, lowerBound > limit - declaredAtLeast {
                        throw ArchiveError(.limitExceeded, .zstandard,
                                           "the frame's raw and RLE blocks alone hold \(declaredAtLeast + lowerBound) bytes\(frames.isEmpty ? "" : " with the frames before it"), more than the limit of \(limit) bytes",
                                           at: offset)
                    }
                }
                position += 3 + contentSize
                if isLast { break }
            }
            if header.hasChecksum {
                guard position + 4 <= count else { throw ArchiveError(.truncated, .zstandard, "the frame's content checksum is missing", at: position) }
                position += 4
            }
            var frameCapacity = upperBound
            if let declared = header.contentSize {
                guard declared <= upperBound, declared >= lowerBound else {
                    throw ArchiveError(.malformed, .zstandard,
                                       declared > upperBound ? "the frame declares \(declared) bytes of content, but its blocks can hold at most \(upperBound)"
                                           : "the frame declares \(declared) bytes of content, but its raw and RLE blocks alone hold \(lowerBound)", at: offset)
                }
                frameCapacity = declared
            } else {
                declaredAtLeast += lowerBound
            }
            frames.append(Frame(offset: offset, header: header, end: position, capacity: frameCapacity))
            capacity += frameCapacity
            offset = position
        }
    }
}

/// Zstandard decompression in Swift (RFC 8878): frames with or without a content size,
/// checksum or single segment, raw, RLE and compressed blocks, Huffman literals (1 or 4
/// streams, tables reused), FSE sequences in all four modes, repeat offsets, the window;
/// skippable frames are skipped and concatenated frames joined. Frames that need a dictionary
/// are refused. Decompression only.
///
/// Every call takes an `ExpansionLimit`: declared content sizes (and raw and RLE blocks) are
/// checked against it before anything is decoded, and the output stops at it while
/// decoding. Truncated or corrupted input is an `ArchiveError` saying what and at which byte;
/// no input makes it read out of bounds, trap, loop without end or allocate without bound
/// (at most the limit, or what the input's blocks can hold, whichever is less).
///
/// ```swift
/// let database = try ZstandardDecoder.decompress(entryBytes, limit: ExpansionLimit(maximumOutputBytes: 4 << 30))
/// ```
package enum ZstandardDecoder {
    /// Whether `prefix` starts with a Zstandard frame's magic number (0xFD2FB528, stored
    /// little-endian) or a skippable frame's (0x184D2A50–0x184D2A5F). Reads 4 elements.
    /// - Complexity: O(1).
    package static func hasFrameMagic(_ prefix: some Collection<UInt8>) -> Bool {
        var iterator = prefix.makeIterator()
        var magic: UInt32 = 0
        for index in 0 ..< 4 {
            guard let byte = iterator.next() else { return false }
            magic |= UInt32(byte) << UInt32(8 * index)
        }
        return magic == ZstandardFrameHeader.magic
            || magic & ZstandardFrameHeader.skippableMagicMask == ZstandardFrameHeader.skippableMagic
    }

    /// The content of every frame of `input`, joined.
    /// - Complexity: O(input + output) time; the output and about 140 KiB of tables.
    package static func decompress(_ input: [UInt8], limit: ExpansionLimit) throws(ArchiveError) -> [UInt8] {
        let result = input.withUnsafeBytes { bytes in
            Result { () throws(ArchiveError) -> [UInt8] in try decompress(bytes, limit: limit) }
        }
        return try result.get()
    }

    /// The content of every frame of the bytes at `input`, joined, as an array (a copy of
    /// what ``decompress(_:limit:allocator:declaredLength:)`` writes).
    /// - Complexity: O(input + output) time; twice the output and about 140 KiB of tables.
    package static func decompress(_ input: UnsafeRawBufferPointer, limit: ExpansionLimit) throws(ArchiveError) -> [UInt8] {
        try decompress(input, limit: limit, allocator: .system).array
    }

    /// The content of every frame of the bytes at `input`, joined, written into memory from
    /// `allocator` (no other copy is made; a growing output is reallocated, not copied).
    /// - Parameters:
    ///   - input: the compressed bytes (one or more frames).
    ///   - limit: the most the output may expand to; more is refused.
    ///   - allocator: where the output's memory comes from.
    ///   - declaredLength: for content that gives its own length in its first bytes: once
    ///     they are out, the output may be no longer than they say (a bomb behind an honest
    ///     header stops there).
    /// - Complexity: O(input + output) time; the output and about 140 KiB of tables.
    package static func decompress(_ input: UnsafeRawBufferPointer, limit: ExpansionLimit, allocator: AllocatedBytes.Allocator,
                                   declaredLength: DeclaredLength? = nil) throws(ArchiveError) -> AllocatedBytes {
        guard let base = input.baseAddress, input.count > 0 else {
            throw ArchiveError(.truncated, .zstandard, "the input is empty: no frame", at: 0)
        }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        let scan = try ZstandardFrameScan(bytes, count: input.count, limit: limit.maximumOutputBytes)
        var stream = ZstandardStream(input: bytes, count: input.count, scan: scan, limit: limit.maximumOutputBytes)
        // Room for everything the frames can produce, unless that is far more than the input
        // suggests (tiny compressed blocks): then grow as the output needs. Content that gives
        // its own length first gets one block's room, until its first bytes say how much.
        var ceiling = min(scan.capacity, limit.maximumOutputBytes)
        var capacity = min(ceiling, max(64 << 20, input.count.multipliedReportingOverflow(by: 64).overflow ? Int.max : input.count * 64))
        if let declaredLength { capacity = min(capacity, max(declaredLength.prefixLength, 128 << 10)) }
        let overrun = ZstandardBlockDecoder.copyOverrun
        guard let output = AllocatedBytes(capacity: capacity + overrun, allocator: allocator) else {
            throw ArchiveError(.limitExceeded, .zstandard, "\(capacity) bytes of memory for the output could not be had", at: 0)
        }
        var written = 0
        var lengthFromContent: Int?
        var prefixChecked = declaredLength == nil
        while true {
            guard let destination = output.base else { throw ArchiveError(.limitExceeded, .zstandard, "the output's memory is gone", at: 0) }
            LargeBuffer.adviseHugePages(destination + written, count: capacity - written)
            let finished: Bool
            do {
                finished = try stream.decode(into: destination, written: &written, capacity: capacity)
            } catch {
                output.setCount(written)
                if let lengthFromContent, error.kind == .limitExceeded {
                    throw ArchiveError(.malformed, .zstandard, "the content expands past the \(lengthFromContent) bytes its own first bytes give",
                                       at: error.byteOffset)
                }
                throw error
            }
            output.setCount(written)
            if !prefixChecked, let declaredLength, written >= declaredLength.prefixLength || finished {
                prefixChecked = true
                if let length = declaredLength.length(UnsafeRawBufferPointer(output.bytes)) {
                    guard written <= length else {
                        throw ArchiveError(.malformed, .zstandard, "the content expands past the \(length) bytes its own first bytes give", at: 0)
                    }
                    lengthFromContent = length
                    stream.limit = min(stream.limit, length)
                    ceiling = min(ceiling, length)
                }
            }
            if finished { return output }
            let grown = min(ceiling, max(capacity > ceiling / 2 ? ceiling : capacity * 2, written + stream.roomNeeded))
            guard grown > capacity else {
                if let lengthFromContent, written + stream.roomNeeded > lengthFromContent {
                    throw ArchiveError(.malformed, .zstandard, "the content expands past the \(lengthFromContent) bytes its own first bytes give",
                                       at: 0)
                }
                throw ArchiveError(.malformed, .zstandard, "the frames need more room than their blocks can hold", at: 0)
            }
            guard output.reserve(grown + overrun) else {
                throw ArchiveError(.limitExceeded, .zstandard, "\(grown) bytes of memory for the output could not be had", at: 0)
            }
            capacity = grown
        }
    }
}

/// The decoding of a scanned input, block by block, resumable when the output must grow.
struct ZstandardStream {
    let input: UnsafePointer<UInt8>
    let count: Int
    let scan: ZstandardFrameScan
    /// The most bytes the output may reach (lowered when the content gives its own length).
    var limit: Int
    let blocks: ZstandardBlockDecoder
    private var frameIndex = 0
    /// The next block header of the current frame; nil before a frame starts.
    private var blockPosition: Int?
    /// Where the current frame's output starts.
    private var frameStart = 0
    /// The room the next block needs, when `decode` stopped for it.
    private(set) var roomNeeded = 0

    init(input: UnsafePointer<UInt8>, count: Int, scan: ZstandardFrameScan, limit: Int) {
        self.input = input
        self.count = count
        self.scan = scan
        self.limit = limit
        blocks = ZstandardBlockDecoder(inputStart: input, largestBlock: scan.frames.compactMap { $0.header?.blockMaximumSize }.max() ?? 0)
    }

    /// Decodes blocks into `output`, which holds `written` bytes and has room for `capacity`
    /// (plus the copy overrun); true when every frame is done, false when the next block
    /// needs more room than is left (`roomNeeded`).
    mutating func decode(into output: UnsafeMutablePointer<UInt8>, written: inout Int, capacity: Int) throws(ArchiveError) -> Bool {
        while frameIndex < scan.frames.count {
            let frame = scan.frames[frameIndex]
            guard let header = frame.header else {
                frameIndex += 1
                continue
            }
            if blockPosition == nil {
                blocks.startFrame()
                blockPosition = frame.offset + header.size
                frameStart = written
            }
            while var position = blockPosition {
                let blockHeader = Int(input[position]) | Int(input[position + 1]) << 8 | Int(input[position + 2]) << 16
                let isLast = blockHeader & 1 != 0
                let type = (blockHeader >> 1) & 3
                let size = blockHeader >> 3
                let produced = written - frameStart
                let allowedByFrame = header.contentSize.map { $0 - produced } ?? Int.max
                let allowedByLimit = limit - written
                let room: Int
                if type == 2 {
                    room = min(header.blockMaximumSize, allowedByFrame, allowedByLimit)
                } else {
                    guard size <= allowedByFrame else {
                        throw ArchiveError(.malformed, .zstandard,
                                           "the frame's blocks produce more than the \(header.contentSize ?? 0) bytes its header declares", at: position)
                    }
                    guard size <= allowedByLimit else {
                        throw ArchiveError(.limitExceeded, .zstandard, "the output would pass the limit of \(limit) bytes", at: position)
                    }
                    room = size
                }
                guard room <= capacity - written else {
                    roomNeeded = room
                    return false
                }
                let destination = output + written
                switch type {
                case 0:
                    destination.update(from: input + position + 3, count: size)
                    written += size
                    position += 3 + size
                case 1:
                    destination.update(repeating: input[position + 3], count: size)
                    written += size
                    position += 4
                default:
                    let reason: ZstandardBlockDecoder.OutputBound.Reason =
                        header.blockMaximumSize <= min(allowedByFrame, allowedByLimit) ? .blockMaximum(header.blockMaximumSize)
                            : allowedByFrame <= allowedByLimit ? .declaredContentSize(header.contentSize ?? 0) : .limit(limit)
                    let end = try blocks.decodeCompressedBlock(input + position + 3, count: size, output: destination, frameStart: output + frameStart,
                                                               bound: .init(end: destination + room, reason: reason), windowSize: header.windowSize,
                                                               blockMaximum: header.blockMaximumSize)
                    written = end - output
                    position += 3 + size
                }
                blockPosition = isLast ? nil : position
                if isLast { try finishFrame(header, output: output, written: written, checksumAt: position) }
            }
            frameIndex += 1
        }
        return true
    }

    private func finishFrame(_ header: ZstandardFrameHeader, output: UnsafeMutablePointer<UInt8>, written: Int, checksumAt position: Int) throws(ArchiveError) {
        let produced = written - frameStart
        if let declared = header.contentSize, declared != produced {
            throw ArchiveError(.malformed, .zstandard, "the frame declares \(declared) bytes of content, its blocks produce \(produced)", at: position)
        }
        guard header.hasChecksum else { return }
        let stored = UInt32(littleEndian: UnsafeRawPointer(input + position).loadUnaligned(as: UInt32.self))
        let computed = UInt32(truncatingIfNeeded: XXHash64.hash(output + frameStart, count: produced))
        guard stored == computed else {
            throw ArchiveError(.checksumMismatch, .zstandard,
                               "the content's checksum is 0x\(String(computed, radix: 16, uppercase: true)), the frame says 0x\(String(stored, radix: 16, uppercase: true))",
                               at: position)
        }
    }
}

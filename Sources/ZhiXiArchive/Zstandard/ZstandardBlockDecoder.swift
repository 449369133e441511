/// Decodes the compressed blocks of one frame at a time (RFC 8878 §3.1.1.3): the literals
/// section, then the sequences section executed into the output. Holds what a frame carries
/// from block to block (the Huffman table, the three FSE tables, the repeat offsets) and the
/// scratch memory, allocated once per decompression and freed with the decoder.
final class ZstandardBlockDecoder {
    /// The largest block content and the largest regenerated block (128 KiB).
    static let maximumBlockSize = 128 * 1024
    /// Bytes a copy may write past the end of what it copies (16-byte chunks): the output and
    /// the literals buffer have this much room beyond their ends.
    static let copyOverrun = 32

    /// The first byte of the whole input, for the byte offsets of errors.
    let inputStart: UnsafePointer<UInt8>
    private let literals: UnsafeMutablePointer<UInt8>
    private let huffmanTable: UnsafeMutablePointer<UInt16>
    private var huffmanTableLog = 0
    private let literalLengthTable: UnsafeMutablePointer<FiniteStateEntropyCell>
    private let offsetTable: UnsafeMutablePointer<FiniteStateEntropyCell>
    private let matchLengthTable: UnsafeMutablePointer<FiniteStateEntropyCell>
    private var literalLengthLog = 0, offsetLog = 0, matchLengthLog = 0
    private var hasSequenceTables = false
    private var repeatOffsets = (1, 4, 8)
    private let normalized: UnsafeMutablePointer<Int16>
    private let huffmanScratch: HuffmanTable.Scratch

    /// A decoder for frames whose blocks hold at most `largestBlock` bytes (the literals
    /// buffer is that large).
    init(inputStart: UnsafePointer<UInt8>, largestBlock: Int) {
        self.inputStart = inputStart
        literals = .allocate(capacity: largestBlock + Self.copyOverrun * 2)
        literals.initialize(repeating: 0, count: largestBlock + Self.copyOverrun * 2)
        huffmanTable = .allocate(capacity: HuffmanTable.maximumEntries)
        huffmanTable.initialize(repeating: 0, count: HuffmanTable.maximumEntries)
        let emptyCell = FiniteStateEntropyCell(base: 0, nextState: 0, extraBits: 0, stateBits: 0)
        literalLengthTable = .allocate(capacity: 512)
        literalLengthTable.initialize(repeating: emptyCell, count: 512)
        offsetTable = .allocate(capacity: 256)
        offsetTable.initialize(repeating: emptyCell, count: 256)
        matchLengthTable = .allocate(capacity: 512)
        matchLengthTable.initialize(repeating: emptyCell, count: 512)
        normalized = .allocate(capacity: 256)
        normalized.initialize(repeating: 0, count: 256)
        let weights = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        weights.initialize(repeating: 0, count: 256)
        let weightNormalized = UnsafeMutablePointer<Int16>.allocate(capacity: 256)
        weightNormalized.initialize(repeating: 0, count: 256)
        let cells = UnsafeMutablePointer<FiniteStateEntropyCell>.allocate(capacity: 64)
        cells.initialize(repeating: emptyCell, count: 64)
        let ranks = UnsafeMutablePointer<Int>.allocate(capacity: 2 * (HuffmanTable.maximumTableLog + 1))
        ranks.initialize(repeating: 0, count: 2 * (HuffmanTable.maximumTableLog + 1))
        huffmanScratch = HuffmanTable.Scratch(weights: weights, normalized: weightNormalized, cells: cells, ranks: ranks)
    }

    deinit {
        literals.deallocate()
        huffmanTable.deallocate()
        literalLengthTable.deallocate()
        offsetTable.deallocate()
        matchLengthTable.deallocate()
        normalized.deallocate()
        huffmanScratch.weights.deallocate()
        huffmanScratch.normalized.deallocate()
        huffmanScratch.cells.deallocate()
        huffmanScratch.ranks.deallocate()
    }

    /// Forgets what the previous frame left: tables and repeat offsets start again.
    func startFrame() {
        huffmanTableLog = 0
        hasSequenceTables = false
        repeatOffsets = (1, 4, 8)
    }

    /// Where a block's output must end, and which rule set that end (for the error).
    struct OutputBound {
        enum Reason { case blockMaximum(Int), declaredContentSize(Int), limit(Int) }
        var end: UnsafeMutablePointer<UInt8>
        var reason: Reason
    }

    /// Decodes the compressed block of `count` bytes at `block` into `output` (which holds
    /// `frameStart` up to the current position); returns the new output position.
    /// `windowSize` bounds the offsets, `blockMaximum` the literals. Writes may run
    /// `copyOverrun` bytes past `bound.end`.
    /// - Complexity: O(block size + regenerated size).
    func decodeCompressedBlock(_ block: UnsafePointer<UInt8>, count: Int, output: UnsafeMutablePointer<UInt8>,
                               frameStart: UnsafeMutablePointer<UInt8>, bound: OutputBound, windowSize: Int,
                               blockMaximum: Int) throws(ArchiveError) -> UnsafeMutablePointer<UInt8> {
        let blockOffset = block - inputStart
        guard count >= 2 else {
            throw ArchiveError(.malformed, .zstandard, "a compressed block of \(count) byte\(count == 1 ? "" : "s") is too short for its two sections", at: blockOffset)
        }
        let (literalCount, literalsSize) = try decodeLiterals(block, count: count, blockMaximum: blockMaximum, at: blockOffset)
        return try decodeSequences(block + literalsSize, count: count - literalsSize, literalCount: literalCount, output: output,
                                   frameStart: frameStart, bound: bound, windowSize: windowSize)
    }

    // MARK: - Literals

    /// Decodes the literals section into `literals`; returns how many literals and how many
    /// bytes of the block the section took.
    private func decodeLiterals(_ block: UnsafePointer<UInt8>, count: Int, blockMaximum: Int, at blockOffset: Int) throws(ArchiveError) -> (Int, Int) {
        let first = Int(block[0])
        let type = first & 3
        let sizeFormat = (first >> 2) & 3
        switch type {
        case 0, 1:
            var headerSize = 1, size = first >> 3
            if sizeFormat == 1 {
                headerSize = 2
                size = (first >> 4) + Int(block[1]) << 4
            } else if sizeFormat == 3 {
                guard count >= 3 else { throw ArchiveError(.truncated, .zstandard, "the literals header ends early", at: blockOffset) }
                headerSize = 3
                size = (first >> 4) + Int(block[1]) << 4 + Int(block[2]) << 12
            }
            guard size <= blockMaximum else {
                throw ArchiveError(.malformed, .zstandard, "the block declares \(size) literals, more than the \(blockMaximum) a block of the frame holds",
                                   at: blockOffset)
            }
            if type == 0 {
                guard headerSize + size <= count else {
                    throw ArchiveError(.truncated, .zstandard, "the block's \(size) raw literals run past its end", at: blockOffset)
                }
                literals.update(from: block + headerSize, count: size)
                return (size, headerSize + size)
            }
            guard headerSize + 1 <= count else {
                throw ArchiveError(.truncated, .zstandard, "the block's repeated literal byte is missing", at: blockOffset)
            }
            literals.update(repeating: block[headerSize], count: size)
            return (size, headerSize + 1)
        default:
            guard count >= 5 else { throw ArchiveError(.truncated, .zstandard, "the literals header ends early", at: blockOffset) }
            let header = UInt64(UInt32(littleEndian: UnsafeRawPointer(block).loadUnaligned(as: UInt32.self))) | UInt64(block[4]) << 32
            let headerSize: Int, size: Int, compressedSize: Int
            switch sizeFormat {
            case 0, 1:
                headerSize = 3
                size = Int((header >> 4) & 0x3FF)
                compressedSize = Int((header >> 14) & 0x3FF)
            case 2:
                headerSize = 4
                size = Int((header >> 4) & 0x3FFF)
                compressedSize = Int((header >> 18) & 0x3FFF)
            default:
                headerSize = 5
                size = Int((header >> 4) & 0x3FFFF)
                compressedSize = Int((header >> 22) & 0x3FFFF)
            }
            let streamCount = sizeFormat == 0 ? 1 : 4
            guard size <= blockMaximum else {
                throw ArchiveError(.malformed, .zstandard, "the block declares \(size) literals, more than the \(blockMaximum) a block of the frame holds",
                                   at: blockOffset)
            }
            guard headerSize + compressedSize <= count else {
                throw ArchiveError(.truncated, .zstandard, "the block's \(compressedSize) bytes of Huffman-coded literals run past its end", at: blockOffset)
            }
            if streamCount == 4, size < 6 {
                throw ArchiveError(.malformed, .zstandard, "\(size) literals cannot be split into 4 Huffman streams", at: blockOffset)
            }
            var streams = block + headerSize
            var streamsSize = compressedSize
            if type == 2 {
                let tree = try HuffmanTable.read(streams, count: streamsSize, into: huffmanTable, scratch: huffmanScratch, at: blockOffset + headerSize)
                huffmanTableLog = tree.tableLog
                streams += tree.bytesRead
                streamsSize -= tree.bytesRead
            } else if huffmanTableLog == 0 {
                throw ArchiveError(.malformed, .zstandard, "the literals reuse a Huffman table, but no earlier block of the frame has one", at: blockOffset)
            }
            let streamsOffset = streams - inputStart
            if streamCount == 1 {
                try decodeHuffmanStream(streams, count: streamsSize, into: literals, symbolCount: size, streamNumber: 1, at: streamsOffset)
            } else {
                try decodeFourHuffmanStreams(streams, count: streamsSize, symbolCount: size, at: streamsOffset)
            }
            return (size, headerSize + compressedSize)
        }
    }

    /// One Huffman stream of `symbolCount` literals.
    private func decodeHuffmanStream(_ stream: UnsafePointer<UInt8>, count: Int, into destination: UnsafeMutablePointer<UInt8>,
                                     symbolCount: Int, streamNumber: Int, at offset: Int) throws(ArchiveError) {
        guard var reader = BackwardBitReader(start: stream, count: count) else {
            throw ArchiveError(.malformed, .zstandard, "Huffman stream \(streamNumber) of the literals is empty or has no end marker", at: offset)
        }
        let table = huffmanTable
        let tableLog = huffmanTableLog
        var index = 0
        while index + 4 <= symbolCount {
            reader.reload()
            for step in 0 ..< 4 {
                let entry = table[reader.peek(tableLog)]
                reader.skip(Int(entry >> 8))
                destination[index + step] = UInt8(truncatingIfNeeded: entry)
            }
            index += 4
        }
        while index < symbolCount {
            reader.reload()
            let entry = table[reader.peek(tableLog)]
            reader.skip(Int(entry >> 8))
            destination[index] = UInt8(truncatingIfNeeded: entry)
            index += 1
        }
        guard reader.isExhaustedExactly else {
            throw ArchiveError(.malformed, .zstandard,
                               "Huffman stream \(streamNumber) of the literals \(reader.isOverflowed ? "ends early" : "has bits left over")", at: offset)
        }
    }

    /// Four Huffman streams after a 6-byte jump table, decoded side by side.
    private func decodeFourHuffmanStreams(_ streams: UnsafePointer<UInt8>, count: Int, symbolCount: Int, at offset: Int) throws(ArchiveError) {
        guard count >= 10 else {
            throw ArchiveError(.truncated, .zstandard, "the 4 Huffman streams of the literals take \(count) bytes, fewer than their jump table needs", at: offset)
        }
        let size1 = Int(streams[0]) | Int(streams[1]) << 8
        let size2 = Int(streams[2]) | Int(streams[3]) << 8
        let size3 = Int(streams[4]) | Int(streams[5]) << 8
        let size4 = count - 6 - size1 - size2 - size3
        guard size4 > 0 else {
            throw ArchiveError(.malformed, .zstandard, "the jump table of the literals' 4 Huffman streams points past their end", at: offset)
        }
        let segment = (symbolCount + 3) / 4
        let last = symbolCount - 3 * segment
        guard last >= 0 else {
            throw ArchiveError(.malformed, .zstandard, "\(symbolCount) literals cannot be split into 4 Huffman streams", at: offset)
        }
        let start1 = streams + 6, start2 = start1 + size1, start3 = start2 + size2, start4 = start3 + size3
        guard var reader1 = BackwardBitReader(start: start1, count: size1),
              var reader2 = BackwardBitReader(start: start2, count: size2),
              var reader3 = BackwardBitReader(start: start3, count: size3),
              var reader4 = BackwardBitReader(start: start4, count: size4) else {
            throw ArchiveError(.malformed, .zstandard, "a Huffman stream of the literals is empty or has no end marker", at: offset)
        }
        let table = huffmanTable
        let tableLog = huffmanTableLog
        let out1 = literals, out2 = out1 + segment, out3 = out2 + segment, out4 = out3 + segment
        var index = 0
        // Four symbols from each stream per round: 4 × 12 bits fit the 57 a reload guarantees.
        while index + 4 <= last {
            reader1.reload(); reader2.reload(); reader3.reload(); reader4.reload()
            for step in 0 ..< 4 {
                let entry1 = table[reader1.peek(tableLog)]
                let entry2 = table[reader2.peek(tableLog)]
                let entry3 = table[reader3.peek(tableLog)]
                let entry4 = table[reader4.peek(tableLog)]
                reader1.skip(Int(entry1 >> 8)); reader2.skip(Int(entry2 >> 8))
                reader3.skip(Int(entry3 >> 8)); reader4.skip(Int(entry4 >> 8))
                out1[index + step] = UInt8(truncatingIfNeeded: entry1)
                out2[index + step] = UInt8(truncatingIfNeeded: entry2)
                out3[index + step] = UInt8(truncatingIfNeeded: entry3)
                out4[index + step] = UInt8(truncatingIfNeeded: entry4)
            }
            index += 4
        }
        func finish(_ reader: inout BackwardBitReader, _ destination: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int, number: Int,
                    at streamOffset: Int) throws(ArchiveError) {
            var position = start
            while position < end {
                reader.reload()
                let entry = table[reader.peek(tableLog)]
                reader.skip(Int(entry >> 8))
                destination[position] = UInt8(truncatingIfNeeded: entry)
                position += 1
            }
            guard reader.isExhaustedExactly else {
                throw ArchiveError(.malformed, .zstandard,
                                   "Huffman stream \(number) of the literals \(reader.isOverflowed ? "ends early" : "has bits left over")", at: streamOffset)
            }
        }
        try finish(&reader1, out1, from: index, to: segment, number: 1, at: start1 - inputStart)
        try finish(&reader2, out2, from: index, to: segment, number: 2, at: start2 - inputStart)
        try finish(&reader3, out3, from: index, to: segment, number: 3, at: start3 - inputStart)
        try finish(&reader4, out4, from: index, to: last, number: 4, at: start4 - inputStart)
    }

    // MARK: - Sequences

    /// Reads one of the three tables of the sequences section per its mode; returns the bytes
    /// its description took.
    private func readTable(mode: Int, code: SequenceCode, _ bytes: UnsafePointer<UInt8>, count: Int,
                           into table: UnsafeMutablePointer<FiniteStateEntropyCell>, log: inout Int) throws(ArchiveError) -> Int {
        let offset = bytes - inputStart
        switch mode {
        case 0:
            let predefined = code.predefinedDistribution
            predefined.counts.withUnsafeBufferPointer { normalized.update(from: $0.baseAddress!, count: $0.count) }
            try FiniteStateEntropy.buildTable(normalized, symbolCount: predefined.counts.count, accuracyLog: predefined.accuracyLog,
                                              code: code, into: table, what: code.name, at: offset)
            log = predefined.accuracyLog
            return 0
        case 1:
            guard count >= 1 else { throw ArchiveError(.truncated, .zstandard, "the repeated symbol of the \(code.name) is missing", at: offset) }
            let symbol = Int(bytes[0])
            guard symbol <= code.maximumSymbol else {
                throw ArchiveError(.malformed, .zstandard, "the repeated code \(symbol) of the \(code.name) is more than \(code.maximumSymbol)", at: offset)
            }
            FiniteStateEntropy.buildRepeatedSymbolTable(symbol, code: code, into: table)
            log = 0
            return 1
        case 2:
            let distribution = try FiniteStateEntropy.readDistribution(bytes, count: count, maximumSymbol: code.maximumSymbol,
                                                                       maximumAccuracyLog: code.maximumAccuracyLog, into: normalized,
                                                                       what: code.name, at: offset)
            try FiniteStateEntropy.buildTable(normalized, symbolCount: distribution.symbolCount, accuracyLog: distribution.accuracyLog,
                                              code: code, into: table, what: code.name, at: offset)
            log = distribution.accuracyLog
            return distribution.bytesRead
        default:
            guard hasSequenceTables else {
                throw ArchiveError(.malformed, .zstandard, "the \(code.name) reuse the previous table, but no earlier block of the frame has one", at: offset)
            }
            return 0
        }
    }

    /// Decodes the sequences section and executes it: literals copied, matches copied from
    /// the output, the block's last literals after them.
    private func decodeSequences(_ section: UnsafePointer<UInt8>, count: Int, literalCount: Int, output: UnsafeMutablePointer<UInt8>,
                                 frameStart: UnsafeMutablePointer<UInt8>, bound: OutputBound, windowSize: Int) throws(ArchiveError) -> UnsafeMutablePointer<UInt8> {
        let sectionOffset = section - inputStart
        guard count >= 1 else {
            throw ArchiveError(.truncated, .zstandard, "the block ends before its sequences section", at: sectionOffset)
        }
        var position = 1
        var sequenceCount = Int(section[0])
        if sequenceCount == 255 {
            guard count >= 3 else { throw ArchiveError(.truncated, .zstandard, "the number of sequences ends early", at: sectionOffset) }
            sequenceCount = Int(section[1]) + Int(section[2]) << 8 + 0x7F00
            position = 3
        } else if sequenceCount >= 128 {
            guard count >= 2 else { throw ArchiveError(.truncated, .zstandard, "the number of sequences ends early", at: sectionOffset) }
            sequenceCount = (sequenceCount - 128) << 8 + Int(section[1])
            position = 2
        }
        var op = output
        let oend = bound.end
        if sequenceCount == 0 {
            guard position == count else {
                throw ArchiveError(.malformed, .zstandard, "a block without sequences has \(count - position) bytes after its sequence count",
                                   at: sectionOffset + position)
            }
            guard literalCount <= oend - op else { throw overflow(bound, at: sectionOffset) }
            op.update(from: literals, count: literalCount)
            return op + literalCount
        }
        guard position < count else { throw ArchiveError(.truncated, .zstandard, "the sequences' compression modes are missing", at: sectionOffset) }
        let modes = Int(section[position])
        guard modes & 3 == 0 else {
            throw ArchiveError(.malformed, .zstandard, "the reserved bits of the sequences' compression modes are set", at: sectionOffset + position)
        }
        position += 1
        position += try readTable(mode: modes >> 6, code: .literalLength, section + position, count: count - position,
                                  into: literalLengthTable, log: &literalLengthLog)
        position += try readTable(mode: (modes >> 4) & 3, code: .offset, section + position, count: count - position,
                                  into: offsetTable, log: &offsetLog)
        position += try readTable(mode: (modes >> 2) & 3, code: .matchLength, section + position, count: count - position,
                                  into: matchLengthTable, log: &matchLengthLog)
        hasSequenceTables = true
        guard var reader = BackwardBitReader(start: section + position, count: count - position) else {
            throw ArchiveError(.malformed, .zstandard, "the sequences' bit stream is empty or has no end marker", at: sectionOffset + position)
        }
        let streamOffset = sectionOffset + position

        let llTable = literalLengthTable, ofTable = offsetTable, mlTable = matchLengthTable
        var llState = reader.read(literalLengthLog)
        var ofState = reader.read(offsetLog)
        var mlState = reader.read(matchLengthLog)
        reader.reload()
        var (rep0, rep1, rep2) = repeatOffsets
        var literal = UnsafePointer(literals)
        let literalEnd = literal + literalCount
        let window = windowSize
        var remaining = sequenceCount
        while remaining > 0 {
            remaining -= 1
            let llCell = llTable[llState], mlCell = mlTable[mlState], ofCell = ofTable[ofState]
            let ofBits = Int(ofCell.extraBits), mlBits = Int(mlCell.extraBits), llBits = Int(llCell.extraBits)
            let offsetValue = Int(ofCell.base) &+ reader.read(ofBits)
            let matchLength = Int(mlCell.base) &+ reader.read(mlBits)
            if ofBits &+ mlBits &+ llBits > 31 { reader.reload() }
            let literalLength = Int(llCell.base) &+ reader.read(llBits)
            var offset: Int
            if offsetValue > 3 {
                offset = offsetValue &- 3
                rep2 = rep1
                rep1 = rep0
                rep0 = offset
            } else {
                switch offsetValue &- 1 &+ (literalLength == 0 ? 1 : 0) {
                case 0:
                    offset = rep0
                case 1:
                    offset = rep1
                    rep1 = rep0
                    rep0 = offset
                case 2:
                    offset = rep2
                    rep2 = rep1
                    rep1 = rep0
                    rep0 = offset
                default:
                    offset = rep0 &- 1
                    rep2 = rep1
                    rep1 = rep0
                    rep0 = offset
                }
            }
            if remaining > 0 {
                llState = Int(llCell.nextState) &+ reader.read(Int(llCell.stateBits))
                mlState = Int(mlCell.nextState) &+ reader.read(Int(mlCell.stateBits))
                ofState = Int(ofCell.nextState) &+ reader.read(Int(ofCell.stateBits))
                reader.reload()
            }

            // Execute: the literals, then the match.
            guard literalLength <= literalEnd - literal else {
                throw ArchiveError(.malformed, .zstandard,
                                   "sequence \(sequenceCount - remaining) of \(sequenceCount) needs \(literalLength) literals, the block has \(literalEnd - literal) left",
                                   at: streamOffset)
            }
            guard literalLength &+ matchLength <= oend - op else { throw overflow(bound, at: streamOffset) }
            Self.copyChunks(to: op, from: literal, count: literalLength)
            op += literalLength
            literal += literalLength
            let available = op - frameStart
            guard offset > 0, offset <= available, offset <= window else {
                throw ArchiveError(.malformed, .zstandard,
                                   "sequence \(sequenceCount - remaining) of \(sequenceCount) copies from \(offset) bytes back, "
                                       + (offset > available ? "but the frame has produced \(available)" : offset > window ? "more than the window of \(window) bytes" : "which is not a distance"),
                                   at: streamOffset)
            }
            Self.copyMatch(to: op, distance: offset, count: matchLength)
            op += matchLength
        }
        guard reader.isExhaustedExactly else {
            throw ArchiveError(.malformed, .zstandard, "the sequences' bit stream \(reader.isOverflowed ? "ends early" : "has bits left over")", at: streamOffset)
        }
        repeatOffsets = (rep0, rep1, rep2)
        let lastLiterals = literalEnd - literal
        guard lastLiterals <= oend - op else { throw overflow(bound, at: streamOffset) }
        op.update(from: literal, count: lastLiterals)
        return op + lastLiterals
    }

    private func overflow(_ bound: OutputBound, at offset: Int) -> ArchiveError {
        switch bound.reason {
        case .blockMaximum(let size):
            ArchiveError(.malformed, .zstandard, "a block decompresses to more than the \(size) bytes a block may hold", at: offset)
        case .declaredContentSize(let size):
            ArchiveError(.malformed, .zstandard, "the frame's blocks produce more than the \(size) bytes its header declares", at: offset)
        case .limit(let size):
            ArchiveError(.limitExceeded, .zstandard, "the output would pass the limit of \(size) bytes", at: offset)
        }
    }

    // MARK: - Copies

    /// Copies `count` bytes in 16-byte chunks (source and destination apart by at least 16);
    /// may write and read up to 15 bytes past the ends.
    @inline(__always)
    static func copyChunks(to destination: UnsafeMutablePointer<UInt8>, from source: UnsafePointer<UInt8>, count: Int) {
        var target = UnsafeMutableRawPointer(destination)
        var origin = UnsafeRawPointer(source)
        let end = target + count
        repeat {
            target.storeBytes(of: origin.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
            target += 16
            origin += 16
        } while target < end
    }

    /// Copies a match of `count` bytes from `distance` bytes back, overlapping when the match
    /// is longer than the distance (the bytes repeat); may write up to 15 bytes past the end.
    @inline(__always)
    static func copyMatch(to destination: UnsafeMutablePointer<UInt8>, distance: Int, count: Int) {
        if distance >= 16 {
            copyChunks(to: destination, from: destination - distance, count: count)
        } else if distance == 1 {
            destination.update(repeating: destination[-1], count: count)
        } else {
            // Byte by byte until the pattern's copy is at least 8 bytes behind, then 8 at a time.
            var stride = distance
            while stride < 8 { stride += distance }
            let head = min(count, stride)
            for index in 0 ..< head { destination[index] = destination[index - distance] }
            guard count > head else { return }
            var target = UnsafeMutableRawPointer(destination + head)
            let end = UnsafeMutableRawPointer(destination + count)
            repeat {
                target.storeBytes(of: UnsafeRawPointer(target - stride).loadUnaligned(as: UInt64.self), as: UInt64.self)
                target += 8
            } while target < end
        }
    }
}

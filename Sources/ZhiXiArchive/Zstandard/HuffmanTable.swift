/// The Huffman table of a block's literals (RFC 8878 §4.2): the tree description read from
/// the input (weights written directly or FSE-compressed, the last weight implied) and spread
/// into a table indexed by the next `tableLog` bits of a stream, each entry the symbol and its
/// code length (`symbol | bits << 8`).
enum HuffmanTable {
    /// Entries of the largest table (a 12-bit code); the format's encoders write at most 11.
    static let maximumEntries = 1 << maximumTableLog
    static let maximumTableLog = 12

    /// Scratch the tree description needs, allocated once per decompression.
    struct Scratch {
        let weights: UnsafeMutablePointer<UInt8>                    // 256
        let normalized: UnsafeMutablePointer<Int16>                 // 256
        let cells: UnsafeMutablePointer<FiniteStateEntropyCell>     // 64
        let ranks: UnsafeMutablePointer<Int>                        // 2 × 13: counts, then starts
    }

    /// Reads a tree description from `count` bytes at `bytes` (the literals' compressed size
    /// bounds it) into `table`; returns the table's log and the bytes the description took.
    /// - Complexity: O(table size + symbols).
    static func read(_ bytes: UnsafePointer<UInt8>, count: Int, into table: UnsafeMutablePointer<UInt16>, scratch: Scratch,
                     at offset: Int) throws(ArchiveError) -> (tableLog: Int, bytesRead: Int) {
        guard count > 0 else { throw ArchiveError(.truncated, .zstandard, "the Huffman tree description is missing", at: offset) }
        let weights = scratch.weights
        let header = Int(bytes[0])
        var weightCount: Int
        let bytesRead: Int
        if header >= 128 {
            weightCount = header - 127
            let packedBytes = (weightCount + 1) / 2
            guard 1 + packedBytes <= count else {
                throw ArchiveError(.truncated, .zstandard, "the Huffman weights (\(weightCount), written directly) end early", at: offset)
            }
            for index in 0 ..< weightCount {
                let byte = bytes[1 + index / 2]
                weights[index] = index & 1 == 0 ? byte >> 4 : byte & 15
            }
            bytesRead = 1 + packedBytes
        } else {
            let compressedSize = header
            guard compressedSize > 0 else {
                throw ArchiveError(.malformed, .zstandard, "the Huffman weights have a compressed size of 0", at: offset)
            }
            guard 1 + compressedSize <= count else {
                throw ArchiveError(.truncated, .zstandard, "the FSE-compressed Huffman weights (\(compressedSize) bytes) end early", at: offset)
            }
            weightCount = try decodeCompressedWeights(bytes + 1, count: compressedSize, scratch: scratch, at: offset + 1)
            bytesRead = 1 + compressedSize
        }
        // The weights' sum of 2^(w-1) is completed to a power of two by the implied last weight.
        let ranks = scratch.ranks
        ranks.initialize(repeating: 0, count: maximumTableLog + 1)
        var total = 0
        for index in 0 ..< weightCount {
            let weight = Int(weights[index])
            guard weight <= maximumTableLog else {
                throw ArchiveError(.malformed, .zstandard, "a Huffman weight is \(weight), more than \(maximumTableLog)", at: offset)
            }
            ranks[weight] += 1
            total += (1 << weight) >> 1
        }
        guard total > 0 else { throw ArchiveError(.malformed, .zstandard, "the Huffman weights are all zero", at: offset) }
        let tableLog = Int.bitWidth - total.leadingZeroBitCount
        guard tableLog <= maximumTableLog else {
            throw ArchiveError(.malformed, .zstandard, "the Huffman codes would be \(tableLog) bits long, more than \(maximumTableLog)", at: offset)
        }
        let rest = (1 << tableLog) - total
        guard rest & (rest - 1) == 0 else {
            throw ArchiveError(.malformed, .zstandard, "the Huffman weights do not complete to a power of two", at: offset)
        }
        guard weightCount < 256 else {
            throw ArchiveError(.malformed, .zstandard, "the Huffman tree has more than 256 symbols", at: offset)
        }
        let lastWeight = Int.bitWidth - rest.leadingZeroBitCount
        weights[weightCount] = UInt8(lastWeight)
        ranks[lastWeight] += 1
        weightCount += 1
        guard ranks[1] >= 2, ranks[1] & 1 == 0 else {
            throw ArchiveError(.malformed, .zstandard, "the Huffman weights do not form a complete tree", at: offset)
        }
        // Weight 1 first (one entry each, in symbol order), then weight 2 (two entries each)…
        let rankStart = ranks + (maximumTableLog + 1)
        var next = 0
        for weight in 1 ... tableLog {
            rankStart[weight] = next
            next += ranks[weight] << (weight - 1)
        }
        for symbol in 0 ..< weightCount {
            let weight = Int(weights[symbol])
            guard weight > 0 else { continue }
            let length = 1 << (weight - 1)
            let entry = UInt16(symbol) | UInt16(tableLog + 1 - weight) << 8
            (table + rankStart[weight]).update(repeating: entry, count: length)
            rankStart[weight] += length
        }
        return (tableLog, bytesRead)
    }

    /// The weights of an FSE-compressed tree description: a table description (accuracy
    /// log ≤ 6) and a backward stream of two interleaved states, up to 255 weights.
    private static func decodeCompressedWeights(_ bytes: UnsafePointer<UInt8>, count: Int, scratch: Scratch,
                                                at offset: Int) throws(ArchiveError) -> Int {
        let distribution = try FiniteStateEntropy.readDistribution(bytes, count: count, maximumSymbol: 255, maximumAccuracyLog: 6,
                                                                   into: scratch.normalized, what: "Huffman weights", at: offset)
        try FiniteStateEntropy.buildTable(scratch.normalized, symbolCount: distribution.symbolCount, accuracyLog: distribution.accuracyLog,
                                          code: nil, into: scratch.cells, what: "Huffman weights", at: offset)
        guard var reader = BackwardBitReader(start: bytes + distribution.bytesRead, count: count - distribution.bytesRead) else {
            throw ArchiveError(.malformed, .zstandard, "the stream of Huffman weights is empty or has no end marker", at: offset)
        }
        let cells = scratch.cells
        let weights = scratch.weights
        let log = distribution.accuracyLog
        var first = reader.read(log)
        reader.reload()
        var second = reader.read(log)
        var count = 0
        while true {
            guard count <= 253 else {
                throw ArchiveError(.malformed, .zstandard, "the stream of Huffman weights holds more than 255 weights", at: offset)
            }
            reader.reload()
            weights[count] = UInt8(truncatingIfNeeded: cells[first].base)
            count += 1
            first = Int(cells[first].nextState) + reader.read(Int(cells[first].stateBits))
            if reader.isOverflowed {
                weights[count] = UInt8(truncatingIfNeeded: cells[second].base)
                count += 1
                break
            }
            reader.reload()
            weights[count] = UInt8(truncatingIfNeeded: cells[second].base)
            count += 1
            second = Int(cells[second].nextState) + reader.read(Int(cells[second].stateBits))
            if reader.isOverflowed {
                weights[count] = UInt8(truncatingIfNeeded: cells[first].base)
                count += 1
                break
            }
        }
        return count
    }
}

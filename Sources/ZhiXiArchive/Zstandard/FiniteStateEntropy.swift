/// One state of an FSE decoding table (RFC 8878 §4.1): the symbol's baseline and extra bits
/// (for sequences; the symbol itself for Huffman weights), the base of the next state and the
/// number of bits to read for it. 8 bytes.
struct FiniteStateEntropyCell {
    var base: UInt32
    var nextState: UInt16
    var extraBits: UInt8
    var stateBits: UInt8
}

/// Finite State Entropy tables: reading a table description (the normalized probabilities)
/// and spreading it into a decoding table.
enum FiniteStateEntropy {
    /// A table description read from the input.
    struct Distribution {
        var accuracyLog: Int
        /// Symbols `0 ..< symbolCount` have a probability written (the rest are zero).
        var symbolCount: Int
        var bytesRead: Int
    }

    /// Reads an FSE table description (RFC 8878 §4.1.1) from `count` bytes at `bytes` into
    /// `normalized` (room for `maximumSymbol + 1` values; −1 is "less than one").
    /// `offset` is the byte of the input at `bytes`, for errors.
    /// - Complexity: O(`maximumSymbol`).
    static func readDistribution(_ bytes: UnsafePointer<UInt8>, count: Int, maximumSymbol: Int, maximumAccuracyLog: Int,
                                 into normalized: UnsafeMutablePointer<Int16>, what: String, at offset: Int) throws(ArchiveError) -> Distribution {
        guard count > 0 else { throw ArchiveError(.truncated, .zstandard, "the table description of \(what) is missing", at: offset) }
        normalized.initialize(repeating: 0, count: maximumSymbol + 1)
        var bitPosition = 0
        /// `width` (≤ 32) bits from `bitPosition`, zeros past the end.
        func bits(_ width: Int) -> Int {
            let byte = bitPosition >> 3
            var window: UInt64 = 0
            if byte + 8 <= count {
                window = UInt64(littleEndian: UnsafeRawPointer(bytes + byte).loadUnaligned(as: UInt64.self))
            } else {
                var index = byte
                while index < count, index < byte + 8 {
                    window |= UInt64(bytes[index]) << UInt64(8 * (index - byte))
                    index += 1
                }
            }
            return Int((window >> UInt64(bitPosition & 7)) & ((1 << UInt64(width)) - 1))
        }
        let accuracyLog = bits(4) + 5
        bitPosition = 4
        guard accuracyLog <= maximumAccuracyLog else {
            throw ArchiveError(.malformed, .zstandard, "the FSE table of \(what) has accuracy log \(accuracyLog), more than the \(maximumAccuracyLog) allowed", at: offset)
        }
        var remaining = (1 << accuracyLog) + 1
        var threshold = 1 << accuracyLog
        var bitCount = accuracyLog + 1
        var symbol = 0
        var previousWasZero = false
        while remaining > 1 {
            if previousWasZero {
                // Runs of zero probabilities: 2-bit counts, 3 meaning "three more, and go on".
                while true {
                    let repeats = bits(2)
                    bitPosition += 2
                    symbol += repeats
                    guard symbol <= maximumSymbol + 1, bitPosition <= count * 8 else {
                        throw ArchiveError(.malformed, .zstandard, "the FSE table of \(what) has probabilities past its last symbol", at: offset)
                    }
                    if repeats != 3 { break }
                }
            }
            guard symbol <= maximumSymbol else {
                throw ArchiveError(.malformed, .zstandard, "the FSE table of \(what) has probabilities past its last symbol \(maximumSymbol)", at: offset)
            }
            let maximumShort = 2 * threshold - 1 - remaining
            let value = bits(bitCount)
            var probability: Int
            if value & (threshold - 1) < maximumShort {
                probability = value & (threshold - 1)
                bitPosition += bitCount - 1
            } else {
                probability = value & (2 * threshold - 1)
                if probability >= threshold { probability -= maximumShort }
                bitPosition += bitCount
            }
            probability -= 1
            remaining -= abs(probability)
            normalized[symbol] = Int16(probability)
            symbol += 1
            previousWasZero = probability == 0
            while remaining < threshold {
                bitCount -= 1
                threshold >>= 1
            }
            guard bitPosition <= count * 8 else { break }
        }
        let bytesRead = (bitPosition + 7) >> 3
        guard remaining == 1 else {
            if bytesRead > count {
                throw ArchiveError(.truncated, .zstandard, "the FSE table description of \(what) ends early", at: offset)
            }
            throw ArchiveError(.malformed, .zstandard, "the probabilities of the FSE table of \(what) do not add up to its size", at: offset)
        }
        guard bytesRead <= count else {
            throw ArchiveError(.truncated, .zstandard, "the FSE table description of \(what) ends early", at: offset)
        }
        return Distribution(accuracyLog: accuracyLog, symbolCount: symbol, bytesRead: bytesRead)
    }

    /// Spreads a distribution into `1 << accuracyLog` cells (RFC 8878 §4.1.1): symbols of
    /// probability −1 at the top, the others placed with the step `(size/2) + (size/8) + 3`;
    /// each cell's next-state base and bit count from the symbol's running count. With a
    /// `code`, a cell holds that alphabet's baseline and extra bits; without, the symbol.
    /// - Complexity: O(table size).
    static func buildTable(_ normalized: UnsafePointer<Int16>, symbolCount: Int, accuracyLog: Int, code: SequenceCode?,
                           into cells: UnsafeMutablePointer<FiniteStateEntropyCell>, what: String, at offset: Int) throws(ArchiveError) {
        let spread = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 512 + 256) { scratch in
            withUnsafeTemporaryAllocation(of: (base: UInt32, extraBits: UInt8).self, capacity: 256) { baselines in
                spreadTable(normalized, symbolCount: symbolCount, accuracyLog: accuracyLog, code: code, into: cells,
                            symbols: scratch.baseAddress!, nextCount: scratch.baseAddress! + 512, baselines: baselines.baseAddress!)
            }
        }
        guard spread else {
            throw ArchiveError(.malformed, .zstandard, "the FSE table of \(what) does not spread over its cells", at: offset)
        }
    }

    /// `buildTable`'s work in scratch memory: false when the spread does not come back to 0.
    private static func spreadTable(_ normalized: UnsafePointer<Int16>, symbolCount: Int, accuracyLog: Int, code: SequenceCode?,
                                    into cells: UnsafeMutablePointer<FiniteStateEntropyCell>, symbols: UnsafeMutablePointer<UInt16>,
                                    nextCount: UnsafeMutablePointer<UInt16>, baselines: UnsafeMutablePointer<(base: UInt32, extraBits: UInt8)>) -> Bool {
        let tableSize = 1 << accuracyLog
        var highThreshold = tableSize - 1
        for symbol in 0 ..< symbolCount {
            baselines[symbol] = code?.baseline(of: symbol) ?? (base: UInt32(symbol), extraBits: 0)
            let probability = Int(normalized[symbol])
            if probability == -1 {
                symbols[highThreshold] = UInt16(symbol)
                highThreshold -= 1
                nextCount[symbol] = 1
            } else {
                nextCount[symbol] = UInt16(max(0, probability))
            }
        }
        let step = (tableSize >> 1) + (tableSize >> 3) + 3
        let mask = tableSize - 1
        var position = 0
        for symbol in 0 ..< symbolCount {
            let probability = Int(normalized[symbol])
            guard probability > 0 else { continue }
            for _ in 0 ..< probability {
                symbols[position] = UInt16(symbol)
                repeat { position = (position + step) & mask } while position > highThreshold
            }
        }
        guard position == 0 else { return false }
        for state in 0 ..< tableSize {
            let symbol = Int(symbols[state])
            let next = Int(nextCount[symbol])
            nextCount[symbol] += 1
            let stateBits = accuracyLog - (Int.bitWidth - 1 - next.leadingZeroBitCount)
            let baseline = baselines[symbol]
            cells[state] = FiniteStateEntropyCell(base: baseline.base, nextState: UInt16((next << stateBits) - tableSize),
                                                  extraBits: baseline.extraBits, stateBits: UInt8(stateBits))
        }
        return true
    }

    /// The one-cell table of the "RLE" mode: every sequence uses `symbol`, no bits are read.
    static func buildRepeatedSymbolTable(_ symbol: Int, code: SequenceCode, into cells: UnsafeMutablePointer<FiniteStateEntropyCell>) {
        let baseline = code.baseline(of: symbol)
        cells[0] = FiniteStateEntropyCell(base: baseline.base, nextState: 0, extraBits: baseline.extraBits, stateBits: 0)
    }
}

import Foundation
import Testing
import ZhiXiArchive

@Suite("Zstandard: truncated, corrupted and foreign input")
struct ZstandardDamageTests {
    static let limit = ExpansionLimit(maximumOutputBytes: 1 << 20)

    /// Small fixtures: every cut and every bit of them is tried.
    static let smallFixtures = ArchiveFixtures.zstandard.filter {
        ["text-small-19.zst", "text-small-1-nocheck.zst", "text-small-pipe.zst", "one-byte-19.zst", "one-byte-nocheck.zst",
         "empty-3.zst", "empty-pipe.zst", "skippable-frames.zst"].contains($0.file)
    }

    @Test("a cut at every byte is a 'truncated' error, or (between frames) the frames before the cut",
          arguments: smallFixtures)
    func truncatedEverywhere(_ fixture: ArchiveFixtures.ZstandardFixture) throws {
        let frame = try ArchiveFixtures.bytes("zstd/" + fixture.file)
        let full = try ZstandardDecoder.decompress(frame, limit: Self.limit)
        var whole = 0
        for length in 0 ..< frame.count {
            do {
                let output = try ZstandardDecoder.decompress(Array(frame[..<length]), limit: Self.limit)
                #expect(full.starts(with: output), "cut at \(length)")
                whole += 1
            } catch {
                #expect(error.kind == .truncated, "cut at \(length): \(error)")
                #expect((0 ... length).contains(error.byteOffset ?? -1), "cut at \(length): \(error)")
            }
        }
        // Only skippable-frames.zst has whole frames before its end: after each of its first three.
        #expect(whole == (fixture.file == "skippable-frames.zst" ? 3 : 0))
    }

    @Test("cuts through larger frames (every 61st byte) are 'truncated' errors too")
    func truncatedLargerFrames() throws {
        for file in ["sqlite-db-19.zst", "text-150k-22.zst", "repetitive-4m-long.zst"] {
            let frame = try ArchiveFixtures.bytes("zstd/" + file)
            for length in stride(from: 0, to: frame.count, by: 61) {
                #expect(throws: ArchiveError.self, "\(file) cut at \(length)") {
                    _ = try ZstandardDecoder.decompress(Array(frame[..<length]), limit: ExpansionLimit(maximumOutputBytes: 8 << 20))
                }
            }
        }
    }

    @Test("every flipped bit: an error, or output; with a checksum never wrong output", arguments: smallFixtures)
    func bitFlips(_ fixture: ArchiveFixtures.ZstandardFixture) throws {
        let frame = try ArchiveFixtures.bytes("zstd/" + fixture.file)
        let full = try ZstandardDecoder.decompress(frame, limit: Self.limit)
        var errors = 0, silent = 0
        for bit in 0 ..< frame.count * 8 {
            var damaged = frame
            damaged[bit / 8] ^= 1 << UInt8(bit % 8)
            do {
                let output = try ZstandardDecoder.decompress(damaged, limit: Self.limit)
                if fixture.checksum {
                    #expect(output == full, "bit \(bit) changed the output of a checksummed frame without an error")
                }
                if output != full { silent += 1 }
            } catch {
                errors += 1
                #expect((0 ... frame.count).contains(error.byteOffset ?? -1), "bit \(bit): \(error)")
            }
        }
        #expect(errors > 0)
        if fixture.checksum { #expect(silent == 0) }
    }

    @Test("a checksum flipped in the frame's last bytes is a checksum mismatch at that byte")
    func checksumMismatch() throws {
        var frame = try ArchiveFixtures.bytes("zstd/text-small-19.zst")
        frame[frame.count - 2] ^= 0x10
        let error = try #require(throws: ArchiveError.self) { try ZstandardDecoder.decompress(frame, limit: Self.limit) }
        #expect(error.kind == .checksumMismatch)
        #expect(error.byteOffset == frame.count - 4)
        #expect(error.description.contains("checksum"))
    }

    @Test("3,000 random overwrites of real frames never trap, loop or pass the limit")
    func randomOverwrites() throws {
        var generator = TestRandom(seed: 7)
        let frames = try ["text-small-19.zst", "text-small-pipe.zst", "skippable-frames.zst", "sqlite-db-19.zst", "text-150k-22.zst"]
            .map { try ArchiveFixtures.bytes("zstd/" + $0) }
        for round in 0 ..< 3_000 {
            var damaged = frames[round % frames.count]
            for _ in 0 ..< 1 + generator.next(below: 6) {
                damaged[generator.next(below: damaged.count)] = UInt8(truncatingIfNeeded: generator.next(below: 256))
            }
            if let output = try? ZstandardDecoder.decompress(damaged, limit: ExpansionLimit(maximumOutputBytes: 5 << 20)) {
                #expect(output.count <= 5 << 20)
            }
        }
    }

    @Test("random bytes after a valid frame header never trap")
    func randomBodies() {
        var generator = TestRandom(seed: 11)
        for round in 0 ..< 3_000 {
            let header = round % 2 == 0 ? HandMadeFrame.header() : HandMadeFrame.header(contentSize: UInt64(generator.next(below: 4096)))
            let body = (0 ..< generator.next(below: 300)).map { _ in UInt8(truncatingIfNeeded: generator.next(below: 256)) }
            _ = try? ZstandardDecoder.decompress(header + body, limit: Self.limit)
        }
    }

    @Test("foreign and reserved input: what is wrong, and where")
    func namedFailures() throws {
        func failure(_ bytes: [UInt8]) throws -> ArchiveError {
            try #require(throws: ArchiveError.self) { try ZstandardDecoder.decompress(bytes, limit: Self.limit) }
        }
        let empty = try failure([])
        #expect(empty.kind == .truncated && empty.description == "zstd at byte 0: the input is empty: no frame")
        let zip = try failure(Array("PK\u{3}\u{4}rest of a zip".utf8))
        #expect(zip.kind == .malformed && zip.byteOffset == 0 && zip.reason.contains("not Zstandard data"))

        let dictionary = try failure(HandMadeFrame.header(dictionary: 0xBEEF) + HandMadeFrame.rawBlock([1], last: true))
        #expect(dictionary.kind == .unsupported && dictionary.reason.contains("dictionary 48879"))
        let reserved = try failure(HandMadeFrame.header(reservedBit: true) + HandMadeFrame.rawBlock([1], last: true))
        #expect(reserved.kind == .malformed && reserved.byteOffset == 4 && reserved.reason.contains("reserved bit"))
        let window = try failure(HandMadeFrame.header(windowLog: 41) + HandMadeFrame.rawBlock([1], last: true))
        #expect(window.kind == .unsupported && window.reason.contains("2^41"))
        let blockType = try failure(HandMadeFrame.header() + HandMadeFrame.blockHeader(type: 3, size: 1, last: true) + [0])
        #expect(blockType.kind == .malformed && blockType.byteOffset == 6 && blockType.reason.contains("reserved block type"))

        let valid = try ArchiveFixtures.bytes("zstd/one-byte-19.zst")
        let trailing = try failure(valid + [1, 2, 3, 4, 5])
        #expect(trailing.kind == .malformed && trailing.byteOffset == valid.count)
        let short = try failure(valid + [1, 2])
        #expect(short.kind == .truncated && short.byteOffset == valid.count)

        let lying = try failure(HandMadeFrame.header(contentSize: 10) + HandMadeFrame.rawBlock([1, 2, 3, 4, 5], last: true))
        #expect(lying.kind == .malformed && lying.reason.contains("declares 10 bytes") && lying.reason.contains("at most 5"))

        let treeless = try failure(HandMadeFrame.header() + HandMadeFrame.compressedBlock([0xA3, 0x40, 0x01, 1, 2, 3, 4, 5], last: true))
        #expect(treeless.kind == .malformed && treeless.reason.contains("reuse a Huffman table"))

        let repeatTables = try failure(HandMadeFrame.header()
            + HandMadeFrame.compressedBlock(HandMadeFrame.compressedRunContent(matchLength: 10, offsetValue: 4, modes: 0xFC), last: true))
        #expect(repeatTables.kind == .malformed && repeatTables.reason.contains("reuse the previous table"))

        let farBack = try failure(HandMadeFrame.header()
            + HandMadeFrame.compressedBlock(HandMadeFrame.compressedRunContent(matchLength: 10, offsetValue: 8), last: true))
        #expect(farBack.kind == .malformed && farBack.reason.contains("copies from 5 bytes back, but the frame has produced 1"))
    }

    @Test("hand-made compressed blocks decode: a run, a repeat-offset copy, the window's edge")
    func handMadeBlocks() throws {
        let run = HandMadeFrame.header()
            + HandMadeFrame.compressedBlock(HandMadeFrame.compressedRunContent(matchLength: 34, offsetValue: 4), last: true)
        #expect(try ZstandardDecoder.decompress(run, limit: Self.limit) == [UInt8](repeating: 0x41, count: 35))
        // Two blocks: "AB" then a match 2 back (offset value 5), then "C" and the repeat offset 1
        // (offset value 1: the last distance, 2).
        let first = HandMadeFrame.rawBlock([0x41, 0x42], last: false)
        let second = HandMadeFrame.compressedBlock(HandMadeFrame.compressedRunContent(literals: [0x43], matchLength: 4, offsetValue: 5), last: false)
        let third = HandMadeFrame.compressedBlock(HandMadeFrame.compressedRunContent(literals: [0x44], matchLength: 3, offsetValue: 1), last: true)
        let output = try ZstandardDecoder.decompress(HandMadeFrame.header() + first + second + third, limit: Self.limit)
        #expect(String(decoding: output, as: UTF8.self) == "ABCBCBCDCDC")
        // A 1 KiB window: a distance of 1,025 is refused although the frame produced more.
        let big = HandMadeFrame.rawBlock([UInt8](repeating: 7, count: 1000), last: false) + HandMadeFrame.rawBlock([UInt8](repeating: 8, count: 24), last: false)
        let beyond = HandMadeFrame.compressedBlock(HandMadeFrame.compressedRunContent(matchLength: 3, offsetValue: 1_025 + 3), last: true)
        let error = try #require(throws: ArchiveError.self) {
            try ZstandardDecoder.decompress(HandMadeFrame.header(windowLog: 10) + big + beyond, limit: Self.limit)
        }
        #expect(error.reason.contains("more than the window of 1024 bytes"))
        let inside = HandMadeFrame.compressedBlock(HandMadeFrame.compressedRunContent(matchLength: 3, offsetValue: 1_024 + 3), last: true)
        #expect(try ZstandardDecoder.decompress(HandMadeFrame.header(windowLog: 10) + big + inside, limit: Self.limit).count == 1_028)
    }

    /// What zstd 1.5.4 did not write into the fixtures (see docs/CORRECTNESS.md): RLE
    /// literals, the repeat offsets after a sequence without literals, a 3-byte sequence count.
    @Test("hand-made features the fixtures lack: RLE literals, repeat offsets without literals, 32,512 sequences")
    func handMadeRareFeatures() throws {
        func decode(_ blocks: [UInt8]) throws -> String {
            String(decoding: try ZstandardDecoder.decompress(HandMadeFrame.header() + blocks, limit: Self.limit), as: UTF8.self)
        }
        // RLE literals with 1-, 2- and 3-byte headers, no sequences.
        #expect(try decode(HandMadeFrame.compressedBlock([0x01 | 5 << 3, 0x51, 0x00], last: true)) == "QQQQQ")
        #expect(try decode(HandMadeFrame.compressedBlock([0x85, 62, 0x52, 0x00], last: true)) == String(repeating: "R", count: 1_000))
        let big = 70_000
        #expect(try decode(HandMadeFrame.compressedBlock([UInt8(0x0D | (big & 0xF) << 4), UInt8((big >> 4) & 0xFF), UInt8(big >> 12), 0x53, 0x00], last: true))
                == String(repeating: "S", count: big))
        // Literal length 0: offset values 3, 1, 2 mean rep0 − 1, rep1, rep2 (RFC 8878 §3.1.1.5).
        let start = HandMadeFrame.rawBlock(Array("ABCDEFGH".utf8), last: false)
            + HandMadeFrame.compressedBlock(HandMadeFrame.compressedRunContent(literals: [0x58], matchLength: 3, offsetValue: 7), last: false)
        func noLiterals(_ offsetValue: Int, last: Bool = false) -> [UInt8] {
            HandMadeFrame.compressedBlock(HandMadeFrame.compressedRunContent(literals: [], matchLength: 3, offsetValue: offsetValue), last: last)
        }
        #expect(try decode(start + noLiterals(3) + noLiterals(1) + noLiterals(2, last: true)) == "ABCDEFGHXFGHFGHHFGGGG")
        // rep0 − 1 when rep0 is 1 is no distance at all.
        let zero = try #require(throws: ArchiveError.self) { try decode(start + noLiterals(3) + noLiterals(1) + noLiterals(2) + noLiterals(3, last: true)) }
        #expect(zero.reason.contains("copies from 0 bytes back") && zero.reason.contains("not a distance"))
        // 32,512 sequences (count in 3 bytes): each 3 bytes from 1 back, 2 zero bits apiece.
        let sequences = [0x00, 0xFF, 0x00, 0x00, 0x54, 0x00, 0x02, 0x00] + [UInt8](repeating: 0, count: 8_128) + [0x01]
        let many = try decode(HandMadeFrame.rawBlock([0x41], last: false) + HandMadeFrame.compressedBlock(sequences, last: true))
        #expect(many == String(repeating: "A", count: 1 + 32_512 * 3))
    }
}

/// SplitMix64, for the tests' seeded damage (the package's own lives in ZhiXiCore).
struct TestRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(below bound: Int) -> Int { bound <= 1 ? 0 : Int(next() % UInt64(bound)) }
}

import Testing
import ZhiXiArchive

@Suite("Zstandard: bombs refused, before expanding or while")
struct ZstandardBombTests {
    static let gibibyte = ExpansionLimit(maximumOutputBytes: 1 << 30)

    @Test("a frame declaring 100 GB is refused from its header, naming the size and the limit")
    func declaredHundredGigabytes() throws {
        let frame = HandMadeFrame.header(contentSize: 100_000_000_000) + HandMadeFrame.rleBlock(0, count: 100_000, last: true)
        let error = try #require(throws: ArchiveError.self) { try ZstandardDecoder.decompress(frame, limit: Self.gibibyte) }
        #expect(error.kind == .limitExceeded)
        #expect(error.description == "zstd at byte 0: the frame declares 100000000000 bytes of content, more than the limit of 1073741824 bytes")
    }

    @Test("with no limit to speak of, a declared size the blocks cannot hold is a lie, refused before allocating")
    func declaredMoreThanTheBlocksHold() throws {
        let frame = HandMadeFrame.header(contentSize: 100_000_000_000) + HandMadeFrame.rleBlock(0, count: 100_000, last: true)
        let error = try #require(throws: ArchiveError.self) {
            try ZstandardDecoder.decompress(frame, limit: ExpansionLimit(maximumOutputBytes: .max))
        }
        #expect(error.kind == .malformed)
        #expect(error.reason == "the frame declares 100000000000 bytes of content, but its blocks can hold at most 100000")
    }

    @Test("two frames declaring 2^62 bytes each, with no limit: a lie, not an overflow")
    func declaredSizesThatOverflow() throws {
        let frame = HandMadeFrame.header(contentSize: 1 << 62) + HandMadeFrame.rleBlock(0, count: 10, last: true)
        let error = try #require(throws: ArchiveError.self) {
            try ZstandardDecoder.decompress(frame + frame, limit: ExpansionLimit(maximumOutputBytes: .max))
        }
        #expect(error.kind == .malformed && error.reason.contains("can hold at most 10"))
        let huge = HandMadeFrame.header(contentSize: .max) + HandMadeFrame.rleBlock(0, count: 10, last: true)
        #expect(throws: ArchiveError.self) { try ZstandardDecoder.decompress(huge + huge, limit: ExpansionLimit(maximumOutputBytes: .max)) }
    }

    @Test("RLE blocks without a declared size, 13 GB in 400 KB, are refused by their headers")
    func rleBlocksBomb() throws {
        var frame = HandMadeFrame.header()
        for index in 0 ..< 100_000 { frame += HandMadeFrame.rleBlock(0, count: 131_072, last: index == 99_999) }
        let error = try #require(throws: ArchiveError.self) { try ZstandardDecoder.decompress(frame, limit: Self.gibibyte) }
        #expect(error.kind == .limitExceeded)
        #expect(error.reason.contains("raw and RLE blocks alone hold 1073872896 bytes"))
    }

    @Test("compressed blocks without a declared size that expand to 1 GB stop at a 64 MiB limit")
    func compressedBlocksBomb() throws {
        let block = HandMadeFrame.compressedRunContent(matchLength: 131_071, offsetValue: 4)
        var frame = HandMadeFrame.header()
        for index in 0 ..< 8_192 { frame += HandMadeFrame.compressedBlock(block, last: index == 8_191) }
        #expect(frame.count < 200_000)
        let error = try #require(throws: ArchiveError.self) {
            try ZstandardDecoder.decompress(frame, limit: ExpansionLimit(maximumOutputBytes: 64 << 20))
        }
        #expect(error.kind == .limitExceeded)
        #expect(error.reason == "the output would pass the limit of 67108864 bytes")
        // The same blocks, 100 of them, within the limit: 13 MB of 'A'.
        var small = HandMadeFrame.header()
        for index in 0 ..< 100 { small += HandMadeFrame.compressedBlock(block, last: index == 99) }
        let output = try ZstandardDecoder.decompress(small, limit: ExpansionLimit(maximumOutputBytes: 64 << 20))
        #expect(output.count == 13_107_200)
        #expect(output.allSatisfy { $0 == 0x41 })
    }

    @Test("frames that each fit but together pass the limit are refused before expanding")
    func framesTogether() throws {
        func frame() -> [UInt8] {
            var bytes = HandMadeFrame.header(contentSize: 320 * 131_072)
            for index in 0 ..< 320 { bytes += HandMadeFrame.rleBlock(9, count: 131_072, last: index == 319) }
            return bytes
        }
        let limit = ExpansionLimit(maximumOutputBytes: 64 << 20)
        #expect(try ZstandardDecoder.decompress(frame(), limit: limit).count == 41_943_040)
        let error = try #require(throws: ArchiveError.self) { try ZstandardDecoder.decompress(frame() + frame(), limit: limit) }
        #expect(error.kind == .limitExceeded)
        #expect(error.reason.contains("declare 83886080 bytes of content in all"))
    }

    @Test("the limit is exact: output of the limit's size passes, one byte less refuses it", arguments: [
        "text-150k-3.zst", "text-150k-pipe.zst", "repetitive-4m-pipe-nocheck.zst", "four-frames.zst",
    ])
    func exactLimit(_ file: String) throws {
        let frame = try ArchiveFixtures.bytes("zstd/" + file)
        let size = try ZstandardDecoder.decompress(frame, limit: Self.gibibyte).count
        #expect(try ZstandardDecoder.decompress(frame, limit: ExpansionLimit(maximumOutputBytes: size)).count == size)
        let error = try #require(throws: ArchiveError.self) {
            try ZstandardDecoder.decompress(frame, limit: ExpansionLimit(maximumOutputBytes: size - 1))
        }
        #expect(error.kind == .limitExceeded)
        #expect(error.reason.contains("\(size - 1) bytes"))
    }
}

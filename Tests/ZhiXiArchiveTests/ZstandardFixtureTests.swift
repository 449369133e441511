import Foundation
import Testing
import ZhiXiArchive

@Suite("Zstandard: frames made by the zstd tool")
struct ZstandardFixtureTests {
    static let limit = ExpansionLimit(maximumOutputBytes: 64 << 20)

    @Test("every fixture decodes to the bytes its generator hashed", arguments: ArchiveFixtures.zstandard)
    func decodesFixture(_ fixture: ArchiveFixtures.ZstandardFixture) throws {
        let frame = try ArchiveFixtures.bytes("zstd/" + fixture.file)
        #expect(ZstandardDecoder.hasFrameMagic(frame))
        let output = try ZstandardDecoder.decompress(frame, limit: Self.limit)
        #expect(output.count == fixture.bytes)
        #expect(SHA256.hex(output) == fixture.sha256, "\(fixture.made)")
    }

    @Test("the raw-buffer entry point gives the same bytes as the array one")
    func rawBufferEntryPoint() throws {
        let frame = try ArchiveFixtures.bytes("zstd/sqlite-db-19.zst")
        let viaArray = try ZstandardDecoder.decompress(frame, limit: Self.limit)
        let viaBuffer = try frame.withUnsafeBytes { try ZstandardDecoder.decompress($0, limit: Self.limit) }
        #expect(viaArray == viaBuffer)
    }

    @Test("the SQLite fixture decodes to a database: its header and its page count agree with its size")
    func sqliteHeader() throws {
        let database = try ZstandardDecoder.decompress(try ArchiveFixtures.bytes("zstd/sqlite-db-pipe.zst"), limit: Self.limit)
        #expect(Array(database.prefix(16)) == Array("SQLite format 3\u{0}".utf8))
        let pageSize = Int(database[16]) << 8 | Int(database[17])
        let pages = database[28 ..< 32].reduce(0) { $0 << 8 | Int($1) }
        #expect(pageSize * pages == database.count)
    }

    @Test("magic numbers: a frame, skippable frames; not zip, not short prefixes")
    func magic() {
        #expect(ZstandardDecoder.hasFrameMagic([0x28, 0xB5, 0x2F, 0xFD, 0x00]))
        #expect(ZstandardDecoder.hasFrameMagic([0x50, 0x2A, 0x4D, 0x18]))
        #expect(ZstandardDecoder.hasFrameMagic([0x5F, 0x2A, 0x4D, 0x18]))
        #expect(!ZstandardDecoder.hasFrameMagic([0x28, 0xB5, 0x2F]))
        #expect(!ZstandardDecoder.hasFrameMagic(Array("PK\u{3}\u{4}".utf8)))
        #expect(!ZstandardDecoder.hasFrameMagic(Array("SQLite format 3".utf8)))
    }

    struct Checksum: Decodable {
        var length: Int
        var low32: String
    }

    @Test("XXH64: the low 32 bits agree with the checksums zstd wrote, lengths 0…100 and longer")
    func xxh64AgainstZstd() throws {
        let data = try Data(contentsOf: ArchiveFixtures.directory.appendingPathComponent("zstd/xxh64-low32.json"))
        let cases = try JSONDecoder().decode([Checksum].self, from: data)
        #expect(cases.count > 100)
        for item in cases {
            let input = (0 ..< item.length).map { UInt8(($0 * 167 + item.length) % 256) }
            let low = UInt32(truncatingIfNeeded: XXHash64.hash(of: input))
            #expect(String(format: "%08X", low) == item.low32, "length \(item.length)")
        }
    }

    @Test("XXH64: published vectors, with and without a seed")
    func xxh64Vectors() {
        #expect(XXHash64.hash(of: []) == 0xEF46_DB37_51D8_E999)
        #expect(XXHash64.hash(of: Array("a".utf8)) == 0xD24E_C4F1_A98C_6E5B)
        #expect(XXHash64.hash(of: Array("abc".utf8)) == 4_952_883_123_889_572_249)
        #expect(XXHash64.hash(of: Array("ABC".utf8)) == 0xE66A_E735_4FCF_EE98)
        #expect(XXHash64.hash(of: Array("xxhash".utf8)) == 0x32DD_3895_2C4B_C720)
        #expect(XXHash64.hash(of: Array("abcdefghijklmnopqrstuvwxyz12345".utf8)) == 0x4676_0590_1B01_D6F6)
        #expect(XXHash64.hash(of: [], seed: 668_718_853) == 0x04E8_3058_2A31_A119)
        #expect(XXHash64.hash(of: Array("a".utf8), seed: 191_961_062) == 0x6E05_BA28_87C9_7977)
        #expect(XXHash64.hash(of: Array("abcdefghijklmnopqrstuvwxyz12345".utf8), seed: 877_380_273) == 0x37B5_62EC_5715_E132)
    }

    @Test("SHA-256 of the tests: the standard vectors")
    func sha256Vectors() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}

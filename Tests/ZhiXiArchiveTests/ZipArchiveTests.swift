import Testing
import ZhiXiArchive

@Suite("Zip: archives made by Python's zipfile and Info-ZIP's zip")
struct ZipArchiveTests {
    static let limit = ExpansionLimit(maximumOutputBytes: 16 << 20)

    @Test("entries as zipfile lists them; contents as it read them", arguments: ArchiveFixtures.zip)
    func readsFixture(_ fixture: ArchiveFixtures.ZipFixture) throws {
        let bytes = try ArchiveFixtures.bytes("zip/" + fixture.file)
        #expect(ZipArchive.hasSignature(bytes))
        let archive = try ZipArchive(bytes)
        #expect(archive.entries.map(\.name) == fixture.entries.map(\.name))
        for (entry, expected) in zip(archive.entries, fixture.entries) {
            #expect(entry.uncompressedSize == expected.size, "\(entry.name)")
            #expect(entry.compressedSize == expected.compressedSize, "\(entry.name)")
            #expect(entry.method.rawValue == expected.method, "\(entry.name)")
            #expect(entry.flags == expected.flags, "\(entry.name)")
            #expect(archive.entry(named: expected.name) == entry)
            if let digest = expected.sha256 {
                #expect(SHA256.hex(try archive.contents(of: entry, limit: Self.limit)) == digest, "\(fixture.file): \(entry.name)")
            } else {
                let error = try #require(throws: ArchiveError.self) { try archive.contents(of: entry, limit: Self.limit) }
                #expect(error.kind == .unsupported)
                #expect(error.entryName == entry.name)
            }
        }
        #expect(archive.entry(named: "no such entry") == nil)
    }

    @Test("what the fixtures hold: data descriptors, ZIP64 fields, UTF-8 names, a directory")
    func fixtureFeatures() throws {
        let descriptors = try ZipArchive(try ArchiveFixtures.bytes("zip/python-descriptors.zip"))
        #expect(descriptors.entries.allSatisfy { $0.hasDataDescriptor })
        let streamed = try ZipArchive(try ArchiveFixtures.bytes("zip/infozip-streamed.zip"))
        #expect(streamed.entries.map(\.name) == ["-"] && streamed.entries[0].hasDataDescriptor)
        let stored = try ZipArchive(try ArchiveFixtures.bytes("zip/python-stored.zip"))
        #expect(stored.entry(named: "résumé/日本語.txt") != nil)
        #expect(stored.entry(named: "folder/")?.isDirectory == true)
        #expect(try stored.contents(of: try #require(stored.entry(named: "empty.txt")), limit: Self.limit) == [])
    }

    @Test("refused by name: traditional encryption, bzip2")
    func refusedByName() throws {
        let encrypted = try ZipArchive(try ArchiveFixtures.bytes("zip/infozip-encrypted.zip"))
        let entry = try #require(encrypted.entry(named: "text.txt"))
        #expect(entry.isEncrypted)
        let error = try #require(throws: ArchiveError.self) { try encrypted.contents(of: entry, limit: Self.limit) }
        #expect(error.description.hasPrefix("zip entry 'text.txt' at byte "))
        #expect(error.reason == "the entry is encrypted (PKWARE traditional encryption); encrypted entries are not read")
        let bzip2 = try ZipArchive(try ArchiveFixtures.bytes("zip/python-bzip2.zip"))
        let compressed = try #require(bzip2.entry(named: "meta"))
        let refusal = try #require(throws: ArchiveError.self) { try bzip2.contents(of: compressed, limit: Self.limit) }
        #expect(refusal.reason == "the entry is compressed with bzip2 (12); only stored (0) and deflate (8) are read")
    }

    @Test("signatures: local header or an empty archive's end record; not zstd, not text")
    func signatures() throws {
        #expect(ZipArchive.hasSignature(Array("PK\u{3}\u{4}".utf8)))
        #expect(ZipArchive.hasSignature(Array("PK\u{5}\u{6}".utf8)))
        #expect(!ZipArchive.hasSignature(Array("PK\u{3}".utf8)))
        #expect(!ZipArchive.hasSignature([0x28, 0xB5, 0x2F, 0xFD]))
        #expect(!ZipArchive.hasSignature(Array("card,rating\n".utf8)))
        let empty = try ZipArchive(ZipBuilder(entries: []).build())
        #expect(empty.entries.isEmpty)
    }
}

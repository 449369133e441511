import Foundation
import Testing
import ZhiXiArchive
import ZhiXiTestSupport

@Suite("Anki packages made by Anki's own library")
struct AnkiPackageTests {
    static let limit = ExpansionLimit(maximumOutputBytes: 1 << 30)

    /// Checks a SQLite file's header: magic, and page size × page count = file size.
    private func expectDatabase(_ bytes: [UInt8]) {
        #expect(Array(bytes.prefix(16)) == Array("SQLite format 3\u{0}".utf8))
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pages = bytes[28 ..< 32].reduce(0) { $0 << 8 | Int($1) }
        #expect((pageSize == 1 ? 65_536 : pageSize) * pages == bytes.count)
    }

    @Test("a current .colpkg: stored entries, collection.anki21b a Zstandard frame holding the database")
    func currentPackage() throws {
        let archive = try ZipArchive(try ArchiveFixtures.bytes("anki/tiny.colpkg"))
        #expect(archive.entries.map(\.name) == ["meta", "collection.anki21b", "collection.anki2", "media"])
        #expect(archive.entries.allSatisfy { $0.method == .stored })
        let frame = try archive.contents(of: try #require(archive.entry(named: "collection.anki21b")), limit: Self.limit)
        #expect(ZstandardDecoder.hasFrameMagic(frame))
        let database = try ZstandardDecoder.decompress(frame, limit: Self.limit)
        expectDatabase(database)
        // The legacy placeholder beside it is a database too (Anki's "please update" collection).
        expectDatabase(try archive.contents(of: try #require(archive.entry(named: "collection.anki2")), limit: Self.limit))
        // The media list is zstd-compressed as well.
        let media = try archive.contents(of: try #require(archive.entry(named: "media")), limit: Self.limit)
        #expect(try ZstandardDecoder.decompress(media, limit: Self.limit).count < 16)
    }

    @Test("a legacy .colpkg: collection.anki21 deflated")
    func legacyPackage() throws {
        let archive = try ZipArchive(try ArchiveFixtures.bytes("anki/tiny-legacy.colpkg"))
        let entry = try #require(archive.entry(named: "collection.anki21"))
        #expect(entry.method == .deflate)
        expectDatabase(try archive.contents(of: entry, limit: Self.limit))
    }

    @Test("sqlite3 reads the decompressed collection: its 5 cards and 15 reviews",
          .enabled(if: ArchiveFixtures.tool("sqlite3") != nil, "the sqlite3 tool is not on PATH: reading the collection with it is skipped"))
    func sqliteReadsIt() throws {
        let file = try decompressedCollection()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try ArchiveFixtures.run(try #require(ArchiveFixtures.tool("sqlite3")),
                                             ["-readonly", file.path, "select count(*) from cards; select count(*) from revlog;"])
        #expect(result.status == 0)
        #expect(String(decoding: result.output, as: UTF8.self) == "5\n15\n")
    }

    /// `pragma integrity_check` needs Anki's `unicase` collation (its indexes use it), which
    /// the sqlite3 tool lacks: Python's sqlite3 registers one.
    @Test("SQLite's integrity check passes on the decompressed collection (Python's sqlite3, Anki's collation registered)",
          .enabled(if: ArchiveFixtures.tool("python3") != nil, "python3 is not on PATH: the integrity check is skipped"))
    func integrity() throws {
        let file = try decompressedCollection()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let script = """
            import sqlite3, sys
            db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
            db.create_collation("unicase", lambda a, b: (a.casefold() > b.casefold()) - (a.casefold() < b.casefold()))
            print(db.execute("pragma integrity_check").fetchone()[0])
            """
        let result = try ArchiveFixtures.run(try #require(ArchiveFixtures.tool("python3")), ["-c", script, file.path])
        #expect(result.status == 0)
        #expect(String(decoding: result.output, as: UTF8.self) == "ok\n")
    }

    /// collection.anki21b of tiny.colpkg, decompressed into a new temporary directory.
    private func decompressedCollection() throws -> URL {
        let archive = try ZipArchive(try ArchiveFixtures.bytes("anki/tiny.colpkg"))
        let frame = try archive.contents(of: try #require(archive.entry(named: "collection.anki21b")), limit: Self.limit)
        let database = try ZstandardDecoder.decompress(frame, limit: Self.limit)
        let file = try TemporaryDirectory.make(prefix: "zhixi-archive-anki").appendingPathComponent("collection.anki2")
        try Data(database).write(to: file)
        return file
    }
}

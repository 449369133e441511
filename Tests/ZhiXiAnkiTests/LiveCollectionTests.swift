import Foundation
import Testing
import ZhiXiTestSupport
@testable import ZhiXiAnki

/// A live collection read while another connection holds it open and writes it: the committed
/// state, nothing written, no lock taken; rollback journals played back in memory; torn,
/// damaged and foreign databases.
@Suite struct LiveCollectionTests {
    private func directoryListing(_ directory: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            result[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return result
    }

    private func reviewCount(_ path: String) throws -> Int {
        try AnkiFile.open(path: path).revlog.count
    }

    /// Begins a transaction large enough that SQLite writes its pages out uncommitted (into the
    /// log, or into the file with the originals in the journal) and leaves it open.
    private func openALargeTransaction(_ writer: TestDatabase) throws {
        try writer.execute("PRAGMA cache_size = 2; BEGIN")
        for block in 0 ..< 40 { try writer.addReviews(250, from: 1_800_000_000_000 + Int64(block) * 1000) }
    }

    @Test func readsTheCommittedStateOfAnExclusiveWriteAheadLogDatabase() throws {
        let directory = try TemporaryDirectory.make(prefix: "anki-live-wal")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("collection.anki2").path
        let writer = try TestDatabase(path: path)
        try writer.execute("PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0")
        try writer.makeMinimalCollection()
        try writer.addReviews(100, from: 1_700_000_000_000)
        try openALargeTransaction(writer)
        let wal = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
        let log = wal.withUnsafeBytes { WriteAheadLog($0) }
        #expect(log.uncommittedFrameCount > 0, "the test needs frames of the open transaction in the log")
        #expect(!log.frames.isEmpty)

        let before = try directoryListing(directory)
        #expect(try reviewCount(path) == 100)
        #expect(try directoryListing(directory) == before, "the reader wrote nothing")
        // The writer still holds its lock and can commit; then the reader sees the new rows.
        try writer.execute("COMMIT")
        #expect(try reviewCount(path) == 100 + 40 * 250)
        try writer.addReviews(7, from: 1_900_000_000_000)
        #expect(try reviewCount(path) == 100 + 40 * 250 + 7)
        writer.close()
    }

    @Test func playsBackAHotRollbackJournalInMemory() throws {
        let directory = try TemporaryDirectory.make(prefix: "anki-live-journal")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("collection.anki2").path
        let writer = try TestDatabase(path: path)
        try writer.execute("PRAGMA journal_mode = DELETE; PRAGMA locking_mode = EXCLUSIVE")
        try writer.makeMinimalCollection()
        try writer.addReviews(100, from: 1_700_000_000_000)
        let committed = try Data(contentsOf: URL(fileURLWithPath: path))
        try openALargeTransaction(writer)
        let journal = try Data(contentsOf: URL(fileURLWithPath: path + "-journal"))
        let parsed = try journal.withUnsafeBytes { try RollbackJournal($0) }
        #expect(parsed != nil && !(parsed?.records.isEmpty ?? true), "the test needs a hot journal")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) != committed, "the test needs uncommitted pages in the file")

        let before = try directoryListing(directory)
        #expect(try reviewCount(path) == 100)
        #expect(try directoryListing(directory) == before, "the reader wrote nothing")
        try writer.execute("COMMIT")
        #expect(try reviewCount(path) == 100 + 40 * 250)
        writer.close()
    }

    @Test func aCorruptedFrameEndsTheLogWhereSQLiteWouldEndIt() throws {
        let directory = try TemporaryDirectory.make(prefix: "anki-live-torn")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("collection.anki2").path
        let writer = try TestDatabase(path: path)
        try writer.execute("PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0")
        try writer.makeMinimalCollection()
        try writer.addReviews(100, from: 1_700_000_000_000)
        let firstCommitLength = try Data(contentsOf: URL(fileURLWithPath: path + "-wal")).count
        try writer.addReviews(50, from: 1_800_000_000_000)
        // A copy, its last frame damaged: that commit's checksums fail, the first commit stands.
        let copy = directory.appendingPathComponent("copy.anki2").path
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let original = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
        writer.close()
        var wal = original
        #expect(wal.count > firstCommitLength)
        wal[wal.count - 10] ^= 0xFF
        try wal.write(to: URL(fileURLWithPath: copy + "-wal"))
        #expect(try reviewCount(copy) == 100)
        // Salts of another generation end the log too.
        wal = original
        wal[firstCommitLength + 8] ^= 0x01
        try wal.write(to: URL(fileURLWithPath: copy + "-wal"))
        #expect(try reviewCount(copy) == 100)
    }

    @Test func refusesDamagedAndForeignDatabasesNamingTheProblem() throws {
        let directory = try TemporaryDirectory.make(prefix: "anki-live-damaged")
        defer { try? FileManager.default.removeItem(at: directory) }
        func error(_ path: String) -> AnkiError? {
            do {
                _ = try AnkiFile.open(path: path)
                return nil
            } catch {
                return error
            }
        }
        // Not an Anki collection: a database with other tables.
        let foreign = directory.appendingPathComponent("foreign.db").path
        let other = try TestDatabase(path: foreign)
        try other.execute("CREATE TABLE things (id integer); INSERT INTO things VALUES (1)")
        other.close()
        #expect(error(foreign)?.kind == .damaged)
        #expect(error(foreign)?.description.contains("not an Anki collection") == true)
        // A schema the reader does not know.
        let unknown = directory.appendingPathComponent("schema16.anki2").path
        let old = try TestDatabase(path: unknown)
        try old.makeMinimalCollection(schema: 16)
        old.close()
        #expect(error(unknown)?.kind == .unsupportedSchema)
        // Cut short in the middle of its pages.
        let good = directory.appendingPathComponent("good.anki2").path
        let database = try TestDatabase(path: good)
        try database.makeMinimalCollection()
        try database.addReviews(3000, from: 1_700_000_000_000)
        database.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        let truncated = directory.appendingPathComponent("truncated.anki2").path
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        #expect(error(truncated)?.kind == .damaged)
        // Garbage after the header.
        var garbage = bytes
        for index in stride(from: 4096, to: garbage.count, by: 7) { garbage[index] = UInt8(truncatingIfNeeded: index) }
        let scrambled = directory.appendingPathComponent("scrambled.anki2").path
        try garbage.write(to: URL(fileURLWithPath: scrambled))
        #expect(error(scrambled)?.kind == .damaged)
        // Not a database at all, and an empty file.
        let text = directory.appendingPathComponent("log.csv").path
        try Data("card_id,review_time,review_rating\n".utf8).write(to: URL(fileURLWithPath: text))
        #expect(error(text)?.kind == .notAnkiFile)
        #expect(AnkiFile.format(ofFileAt: text) == .other)
        #expect(AnkiFile.format(ofFileAt: good) == .database)
        #expect(error(directory.appendingPathComponent("missing.anki2").path)?.kind == .unreadable)
        #expect(error(directory.path)?.kind == .unreadable)
        // The same bytes given whole (standard input) read alike.
        #expect(try AnkiFile.open(bytes: [UInt8](bytes), name: "standard input").revlog.count == 3000)
        #expect(throws: AnkiError.self) { try AnkiFile.open(bytes: [UInt8](bytes.prefix(bytes.count - 100)), name: "stdin") }
    }

    @Test func refusesADatabaseLargerThanTheLimit() throws {
        let directory = try TemporaryDirectory.make(prefix: "anki-live-limit")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("collection.anki2").path
        let database = try TestDatabase(path: path)
        try database.makeMinimalCollection()
        try database.addReviews(3000, from: 1_700_000_000_000)
        database.close()
        #expect {
            _ = try AnkiFile.open(path: path, limits: AnkiReadLimits(maximumFileBytes: 8192))
        } throws: { error in
            (error as? AnkiError)?.kind == .tooLarge
        }
    }
}

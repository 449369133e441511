import Foundation
import Testing
import ZhiXiArchive
import ZhiXiTestSupport
@testable import ZhiXiAnki
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 35, the Anki-file half: what a file, or a neighbour who can put files beside one, can
/// make the reader do. Damaged b-trees, headers, logs and journals that claim more than the
/// files hold, schemas that run code, companions that are not regular files, collections
/// reached through links, numbers out of range, standard input cut at pages — each refused
/// naming the file and what is wrong, or read as the sound file reads.
@Suite struct HostileFileTests {
    private func collection(_ directory: URL, reviews: Int = 3000, name: String = "collection.anki2", _ statements: String = "") throws -> String {
        let path = directory.appendingPathComponent(name).path
        let database = try TestDatabase(path: path)
        try database.makeMinimalCollection()
        if reviews > 0 { try database.addReviews(reviews, from: 1_700_000_000_000) }
        if !statements.isEmpty { try database.execute(statements) }
        database.close()
        return path
    }

    private func bytes(_ path: String) throws -> [UInt8] { try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) }
    private func write(_ bytes: [UInt8], _ path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }

    private func refusal(_ path: String) throws -> AnkiError {
        try #require(throws: AnkiError.self) { try AnkiFile.open(path: path) }
    }

    private func rootPage(_ table: String, _ bytes: [UInt8]) throws -> Int {
        var image = bytes
        image[18] = 1
        image[19] = 1
        let memory = try #require(image.withUnsafeBytes { AllocatedBytes(copying: $0, allocator: .sqlite) })
        let connection = try SQLiteConnection(image: memory, name: "root")
        var root = 0
        try connection.query("SELECT rootpage FROM sqlite_master WHERE name = '\(table)'") { row throws(AnkiError) in root = Int(row.int64(0)) }
        return root
    }

    /// The child pointers of an interior table page: where each is written.
    private func childPointers(_ bytes: [UInt8], page: Int) -> [Int] {
        let base = (page - 1) * 4096
        #expect(bytes[base] == 0x05, "page \(page) is an interior table page")
        let count = Int(bytes[base + 3]) << 8 | Int(bytes[base + 4])
        return (0 ..< count).map { base + (Int(bytes[base + 12 + 2 * $0]) << 8 | Int(bytes[base + 13 + 2 * $0])) } + [base + 8]
    }

    private func word(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    @Test func aTreeWhoseCellsAllPointAtOneLeafIsRefused() throws {
        let directory = try TemporaryDirectory.make(prefix: "anki-hostile-tree")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try collection(directory)
        var data = try bytes(path)
        let pointers = childPointers(data, page: try rootPage("revlog", data))
        #expect(pointers.count > 10)
        let first = Array(data[pointers[0] ..< pointers[0] + 4])
        for pointer in pointers { data.replaceSubrange(pointer ..< pointer + 4, with: first) }
        try write(data, path)
        let error = try refusal(path)
        #expect(error.kind == .damaged)
        #expect(error.description.hasPrefix(path + ": is damaged: SQLite's integrity check says \""))
        #expect(throws: AnkiError.self) { try AnkiFile.open(bytes: data, name: "standard input") }
        // A child pointer back to its own page, and one past the file's end.
        for target in [UInt32(try rootPage("revlog", data)), 0x7FFF_FFF0] {
            var looped = try bytes(try collection(directory, name: "loop-\(target).anki2"))
            let pointer = childPointers(looped, page: try rootPage("revlog", looped))[3]
            looped.replaceSubrange(pointer ..< pointer + 4, with: word(target))
            #expect(throws: AnkiError.self) { try AnkiFile.open(bytes: looped, name: "loop") }
        }
    }

    @Test func headersLogsAndJournalsClaimingMorePagesThanTheFilesHoldAreRefused() throws {
        let directory = try TemporaryDirectory.make(prefix: "anki-hostile-claims")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try collection(directory)
        let sound = try bytes(path)
        let pages = sound.count / 4096
        var lying = sound
        lying.replaceSubrange(28 ..< 32, with: word(262_143))
        lying.replaceSubrange(92 ..< 96, with: lying[24 ..< 28])
        try write(lying, path)
        #expect(try refusal(path).reason == "its header gives 262143 pages of 4096 bytes, but the file holds \(pages) (\(sound.count) bytes): "
                + "it is cut short or its header is wrong")
        let piped = try #require(throws: AnkiError.self) { try AnkiFile.open(bytes: lying, name: "standard input") }
        #expect(piped.description == "standard input: is cut short: its header gives 262143 pages of 4096 bytes, and it holds \(pages) "
                + "(\(sound.count) bytes)")

        // A log of one frame whose commit claims 262,143 pages.
        try write(sound, path)
        var header = word(0x377F_0682) + word(3_007_000) + word(4096) + word(0) + word(0x1234) + word(0x5678)
        var sums = header.withUnsafeBytes { WriteAheadLog.checksum($0, range: 0 ..< 24, bigEndian: false, seed: (0, 0)) }
        header += word(sums.0) + word(sums.1)
        var page = Array(sound[0 ..< 4096])
        page[18] = 1
        page[19] = 1
        let frameStart = word(1) + word(262_143)
        sums = frameStart.withUnsafeBytes { WriteAheadLog.checksum($0, range: 0 ..< 8, bigEndian: false, seed: sums) }
        sums = page.withUnsafeBytes { WriteAheadLog.checksum($0, range: 0 ..< 4096, bigEndian: false, seed: sums) }
        try write(header + frameStart + word(0x1234) + word(0x5678) + word(sums.0) + word(sums.1) + page, path + "-wal")
        #expect(try refusal(path).reason == "its write-ahead log (\(path)-wal) gives the database 262143 pages after its last commit, but the "
                + "file holds \(pages) and the log 0 more")
        try FileManager.default.removeItem(atPath: path + "-wal")

        // A hot journal claiming 262,143 pages before its transaction, with no record.
        var journal: [UInt8] = [0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7] + word(0) + word(7) + word(262_143) + word(512) + word(4096)
        journal += [UInt8](repeating: 0, count: 512 - journal.count)
        try write(journal, path + "-journal")
        #expect(try refusal(path).reason.hasPrefix("its rollback journal (\(path)-journal) gives the database 262143 pages before its transaction"))
    }

    @Test func companionsThatAreNotRegularFilesAreRefusedUnopened() throws {
        let directory = try TemporaryDirectory.make(prefix: "anki-hostile-companions")
        defer { try? FileManager.default.removeItem(at: directory) }
        for suffix in ["-wal", "-journal", "-shm"] {
            let path = try collection(directory, reviews: 10, name: "pipe\(suffix).anki2")
            #expect(mkfifo(path + suffix, 0o600) == 0)
            let error = try refusal(path)
            #expect(error.kind == .unreadable)
            #expect(error.reason == "beside it, \(path)\(suffix) is a named pipe (FIFO), not a regular file: SQLite keeps its companion "
                    + "files as regular files, and this one is not read")
        }
        let zero = try collection(directory, reviews: 10, name: "zero.anki2")
        try FileManager.default.createSymbolicLink(atPath: zero + "-wal", withDestinationPath: "/dev/zero")
        #expect(try refusal(zero).reason.contains("is a character device, not a regular file"))
        let folder = try collection(directory, reviews: 10, name: "folder.anki2")
        try FileManager.default.createDirectory(atPath: folder + "-journal", withIntermediateDirectories: false)
        #expect(try refusal(folder).reason.contains("is a directory, not a regular file"))
    }

    @Test func aCollectionThroughALinkReadsTheLogBesideTheFileNotBesideTheLink() throws {
        let directory = try TemporaryDirectory.make(prefix: "anki-hostile-link")
        defer { try? FileManager.default.removeItem(at: directory) }
        let profile = directory.appendingPathComponent("profile")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let path = profile.appendingPathComponent("collection.anki2").path
        let writer = try TestDatabase(path: path)
        try writer.execute("PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0")
        try writer.makeMinimalCollection()
        try writer.addReviews(100, from: 1_700_000_000_000)
        try writer.addReviews(600, from: 1_710_000_000_000)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        let direct = try AnkiFile.open(path: path)
        #expect(direct.revlog.count == 700)
        let elsewhere = directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let link = elsewhere.appendingPathComponent("collection.anki2").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../profile/collection.anki2")
        // Beside the link: a pipe as its -wal (read, it would block for ever) and a journal.
        #expect(mkfifo(link + "-wal", 0o600) == 0)
        try write([0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7], link + "-journal")
        let linked = try AnkiFile.open(path: link)
        #expect(linked.revlog == direct.revlog)
        #expect(linked.source == "\(link) with its write-ahead log")
        writer.close()
    }

    @Test func schemasThatRunCodeAreRefusedAndViewsAndTriggersAreNeverRead() throws {
        let directory = try TemporaryDirectory.make(prefix: "anki-hostile-schema")
        defer { try? FileManager.default.removeItem(at: directory) }
        let generated = try collection(directory, reviews: 10, name: "generated.anki2", """
            ALTER TABLE cards RENAME TO cards_old;
            CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
              mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL,
              ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL,
              odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL,
              data text GENERATED ALWAYS AS (printf('%.*c', 999999999, 'x')) VIRTUAL);
            INSERT INTO cards SELECT id, nid, did, ord, mod, usn, type, queue, due, ivl, factor, reps, lapses, left, odue, odid, flags FROM cards_old;
            """)
        #expect(try refusal(generated).reason == "its table cards has a generated column, data, which Anki's tables never have")
        let defaulted = try collection(directory, reviews: 10, name: "default.anki2", """
            PRAGMA writable_schema = ON;
            UPDATE sqlite_master SET sql = replace(sql, 'type integer NOT NULL)', 'type integer NOT NULL, extra text DEFAULT (printf(''%.*c'', 999999999, ''x'')))')
              WHERE name = 'revlog';
            """)
        #expect(try refusal(defaulted).reason.hasPrefix("its table revlog gives the column extra a default that is an expression"))
        let virtual = try collection(directory, reviews: 10, name: "virtual.anki2", """
            PRAGMA writable_schema = ON;
            UPDATE sqlite_master SET sql = replace(sql, 'CREATE TABLE revlog', 'CREATE VIRTUAL TABLE revlog USING nosuch') WHERE name = 'revlog';
            """)
        #expect(try refusal(virtual).kind == .damaged)
        let viewed = try collection(directory, reviews: 10, name: "view.anki2", """
            CREATE VIEW endless AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n;
            CREATE TRIGGER costly AFTER INSERT ON revlog BEGIN SELECT count(*) FROM endless; END;
            """)
        #expect(try AnkiFile.open(path: viewed).revlog.count == 10)
        let large = try collection(directory, reviews: 10, name: "large.anki2",
                                   "UPDATE cards SET data = '{' || printf('%.*c', 70000000, ' ') || '}'")
        #expect(try refusal(large).reason.contains("holds a value longer than 64 MiB"))
    }

    @Test func numbersOutOfRangeAreRefusedNamingWhereTheyAre() throws {
        let directory = try TemporaryDirectory.make(prefix: "anki-hostile-values")
        defer { try? FileManager.default.removeItem(at: directory) }
        func floats(_ field: Int, _ values: [Float]) -> String {
            let body = values.flatMap { value in withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) } }
            return String(format: "%02x%02x", field << 3 | 2, body.count) + body.map { String(format: "%02x", $0) }.joined()
        }
        func retention(_ value: Float) -> String {
            "ad02" + withUnsafeBytes(of: value.bitPattern.littleEndian) { $0.map { String(format: "%02x", $0) }.joined() }
        }
        let cases: [(String, String)] = [
            ("UPDATE deck_config SET config = x'\(floats(1, [1, 1.7e18]))'",
             "the preset 1 (\"Default\") has a learning step 2 of 1.7e+18 minutes; a step is a positive number of minutes, at most the "
                + "preset's maximum interval (36500 days, 52560000 minutes)"),
            ("UPDATE deck_config SET config = x'\(floats(2, [-5]))'", "the preset 1 (\"Default\") has a relearning step 1 of -5.0 minutes"),
            ("UPDATE deck_config SET config = x'\(retention(0.0001))'",
             "the preset 1 (\"Default\") has a desired retention of 0.0001, outside 0.70–0.99, the range Anki's deck options allow"),
            ("INSERT INTO config VALUES ('localOffset', 0, 0, '999999999')",
             "the collection's setting localOffset is 999999999 minutes west of UTC, more than the 14 hours (840 minutes) any time zone is from it"),
            ("UPDATE col SET crt = 1000000000000", "the collection's creation time (col.crt) is 1000000000000 seconds since 1970, outside the "
                + "years 1900–2200"),
            ("UPDATE revlog SET id = 253402300799000 WHERE id = 1700000000009",
             "the review-log row 253402300799000 (card 100) is dated 253402300799000 milliseconds since 1970, outside the years 1900–2200"),
            ("UPDATE revlog SET ivl = 2147483647 WHERE id = 1700000000009", "the review-log row 1700000000009 (card 100) has an interval of "
                + "2147483647 days, longer than the 109938 days of the years 1900–2200"),
            ("UPDATE cards SET data = '{\"s\":-5,\"d\":5}'", "the card 100 has a stability (cards.data) of -5.0 days"),
            ("UPDATE cards SET data = '{\"s\":5,\"d\":11}'", "the card 100 has a difficulty (cards.data) of 11.0, outside 1–10"),
            // A card's scheduling columns: Anki's own 32- and 16-bit numbers, and a due day or time
            // in the supported years (a due of -2^63+1 trapped the preview's day arithmetic).
            ("UPDATE cards SET due = -9223372036854775807", "the card 100 has due -9223372036854775807, beyond the 32-bit number"),
            ("UPDATE cards SET odue = 4294967296, odid = 1", "the card 100 has odue 4294967296, beyond the 32-bit number"),
            ("UPDATE cards SET reps = -1", "the card 100 has reps -1, outside the 0–4294967295 Anki keeps there"),
            ("UPDATE cards SET factor = 70000", "the card 100 has factor 70000, outside the 0–65535 Anki keeps there"),
            ("UPDATE cards SET type = 9", "the card 100 has type 9 and queue 2; Anki's types are 0–3 and its queues -3–4"),
            ("UPDATE cards SET due = -2000000", "the card 100 has due -2000000, a day or time outside the years 1900–2200"),
            ("UPDATE cards SET due = 200000", "the card 100 has due 200000, a day or time outside the years 1900–2200"),
        ]
        for (index, (statement, reason)) in cases.enumerated() {
            let path = try collection(directory, reviews: 10, name: "values-\(index).anki2", statement)
            let error = try refusal(path)
            #expect(error.kind == .damaged)
            #expect(error.reason.hasPrefix(reason), "\(statement)")
        }
        // At Anki's bounds, and a maximum interval read as Anki reads it.
        for value: Float in [0.7, 0.99] {
            let path = try collection(directory, reviews: 10, name: "retention-\(value).anki2",
                                      "UPDATE deck_config SET config = x'\(retention(value))'")
            #expect(try AnkiFile.open(path: path).presets.first?.desiredRetention == Double("\(value)"))
        }
        let offset = try collection(directory, reviews: 10, name: "offset.anki2", "INSERT INTO config VALUES ('localOffset', 0, 0, '-840')")
        #expect(try AnkiFile.open(path: offset).settings.localOffsetMinutesWest == -840)
    }

    @Test func standardInputCutAtWholePagesSaysSoInPages() throws {
        let directory = try TemporaryDirectory.make(prefix: "anki-hostile-stdin")
        defer { try? FileManager.default.removeItem(at: directory) }
        let sound = try bytes(try collection(directory))
        let pages = sound.count / 4096
        let cut = try #require(throws: AnkiError.self) { try AnkiFile.open(bytes: Array(sound.prefix(4096 * (pages - 3))), name: "standard input") }
        #expect(cut.description == "standard input: is cut short: its header gives \(pages) pages of 4096 bytes, and it holds \(pages - 3) "
                + "(\(4096 * (pages - 3)) bytes)")
        let torn = try #require(throws: AnkiError.self) { try AnkiFile.open(bytes: Array(sound.prefix(4096 * 2 + 100)), name: "standard input") }
        #expect(torn.reason == "is cut short: its 8292 bytes are not a whole number of 4096-byte pages (2 pages and 100 bytes)")
        // Pages after the header's count are not the database's, as SQLite reads it.
        #expect(try AnkiFile.open(bytes: sound + [UInt8](repeating: 0, count: 3 * 4096), name: "standard input").revlog.count == 3000)
    }
}

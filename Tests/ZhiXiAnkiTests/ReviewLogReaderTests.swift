import Foundation
import Testing
import ZhiXiArchive
import ZhiXiTestSupport
@testable import ZhiXiAnki

/// The review log as SQLite's own statement gives it, on a table deep enough for interior
/// pages of interior pages, every value of every integer width, read from the table's pages
/// (`SQLiteTableScan`); what the scan does not read (a text where Anki writes an integer)
/// falls back to SQL and reads as SQLite reads it.
@Suite struct ReviewLogReaderTests {
    private func connection(_ path: String) throws -> SQLiteConnection {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let image = try #require(bytes.withUnsafeBytes { AllocatedBytes(copying: $0, allocator: .sqlite) })
        return try SQLiteConnection(image: image, name: "collection.anki2")
    }

    @Test func theReaderGivesTheStatementsRowsInIDOrder() throws {
        let directory = try TemporaryDirectory.make(prefix: "anki-revlog")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("collection.anki2").path
        let database = try TestDatabase(path: path)
        try database.makeMinimalCollection()
        try database.execute("BEGIN")
        var sql = ""
        for row in 0 ..< 70_000 {
            if row % 5000 == 0 {
                if !sql.isEmpty { try database.execute(String(sql.dropLast()) + ";") }
                sql = "INSERT INTO revlog VALUES "
            }
            // Values of every integer width, negatives, a real, a NULL-free row.
            let ivl = row % 7 == 0 ? "-600" : row % 11 == 0 ? "\(row % 100_000)" : "\(row % 300)"
            let factor = row % 13 == 0 ? "2500.75" : "\(row % 4000)"
            sql += "(\(1_700_000_000_000 + Int64(row) * 997), \(1_690_000_000_000 + Int64(row % 5000)), \(row % 3 - 1), \(row % 5), "
                + "\(ivl), \(row % 2 == 0 ? 0 : -row), \(factor), \(row * 37 % 70_000), \(row % 6)),"
        }
        try database.execute(String(sql.dropLast()) + "; COMMIT")
        database.close()

        let connection = try connection(path)
        try connection.checkIntegrity()
        let rows = try AnkiCollectionReader.reviewLog(connection)
        var expected: [AnkiRevlogEntry] = []
        try connection.query("SELECT id, cid, usn, ease, ivl, lastIvl, factor, time, type FROM revlog ORDER BY id") { row throws(AnkiError) in
            expected.append(AnkiRevlogEntry(id: row.int64(0), cardID: row.int64(1), usn: Int32(row.int64(2)), button: UInt8(row.int64(3)),
                                            interval: Int32(truncatingIfNeeded: row.int64(4)), lastInterval: Int32(row.int64(5)),
                                            factor: Int32(row.int64(6)), durationMilliseconds: Int32(row.int64(7)), kind: UInt8(row.int64(8))))
        }
        #expect(expected.count == 70_000)
        #expect(rows == expected)
        #expect(try AnkiFile.open(path: path).revlog == expected)
        let root = try #require(try connection.rootPage(of: "revlog"))
        let scan = try #require(SQLiteTableScan(image: connection.imageBytes))
        var count = 0
        #expect(scan.rows(rootPage: root, columns: 9) { _, _ in count += 1 })
        #expect(count == 70_000)
    }

    @Test func aTextValueReadsAsSQLiteReadsIt() throws {
        let directory = try TemporaryDirectory.make(prefix: "anki-revlog-text")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("collection.anki2").path
        let database = try TestDatabase(path: path)
        try database.makeMinimalCollection()
        try database.addReviews(500, from: 1_700_000_000_000)
        try database.execute("UPDATE revlog SET ivl = 'twelve' WHERE id = 1700000000100")   // text, despite the column's affinity
        database.close()
        let reader = try connection(path)
        let root = try #require(try reader.rootPage(of: "revlog"))
        let scan = try #require(SQLiteTableScan(image: reader.imageBytes))
        #expect(!scan.rows(rootPage: root, columns: 9) { _, _ in })
        let rows = try AnkiCollectionReader.reviewLog(reader)
        #expect(rows.count == 500)
        #expect(rows[100].interval == 0, "as SQLite reads a text as an integer")
        #expect(rows[99].interval == 1)
    }
}

// The Anki collection reader of ZhiXiAnki on any database bytes: `AnkiFile.open(bytes:)` (the
// whole collection: SQL for the small tables, ProtobufReader and CardDataFields for decks,
// presets and cards' memory) and, on its own, the review log's reader
// (`AnkiCollectionReader.reviewLog`), which reads the table's b-tree pages and records in Swift
// (`SQLiteTableScan`) when the table is Anki's and SQL otherwise. Against the system's SQLite
// (`sqlite3_deserialize` of the same bytes, read-only, as the reader's own connection opens
// them: `query_only`, `trusted_schema = OFF`, the header's WAL bytes set to 1 as
// `AnkiFile` sets them), reading `SELECT id, cid, usn, ease, ivl, lastIvl, factor, time, type
// FROM revlog ORDER BY id`:
// - when SQLite reads every row, the reader gives the same rows (as `AnkiRevlogEntry`, SQLite's
//   integers truncated as the reader documents) in id order, and so does `AnkiFile.open` when
//   it reads the file at all. Rule: SQLite's `ORDER BY id` on a rowid table is the b-tree's
//   order, which on a damaged page need not rise; both readers promise id order, so SQLite's
//   rows are compared sorted by id (a stable sort: rows of one id in SQLite's order). Found by
//   this check: a collection whose leaf holds a cell of rowid 0 between others, which the two
//   readers ordered differently (`TableScanFindingTests.theWholeCollectionReadsTheSameReviewLog`);
// - when SQLite refuses part-way (a corrupt page or record), the reader refuses too, or agrees:
//   its rows begin with every row SQLite gave before the refusal (the page scan may read a
//   damaged page SQLite refuses, never a row differently);
// - when SQLite cannot open the image or has no such table, the reader refuses;
// - when both read it, `AnkiFile.open` gives the rows the reader gives on its own.
// `AnkiFile.open` may refuse what SQLite reads (a file that is not whole pages, a table missing,
// damaged JSON or Protocol Buffers): that is checked by its own tests, not here. The same
// answer twice, no crash, no sanitizer report. Rule: two refusals agree whatever their reasons,
// which are SQLite's: on some damaged files SQLite 3.40.1 itself says "database disk image is
// malformed" on one connection and "malformed database schema (?)" on another over the same
// bytes (about 1 in 20 processes, with the address layout; valgrind finds no invalid or
// uninitialised read), found by CI's 30 s from the seeds
// (`TableScanFindingTests.aDamagedSchemaIsRefusedEveryTime`; the input is a seed).
@testable import ZhiXiAnki
import CSQLite
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnkiSQLite(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(fuzzInput(data, size))
    guard bytes.count >= SQLiteFileHeader.length else { return 0 }
    var image = bytes
    image[18] = 1
    image[19] = 1
    let reference = ReferenceReviewLog(image)
    let ours = ourReviewLog(image)
    let again = ourReviewLog(image)
    fuzzCheck(ours.agrees(with: again), "the review log is read two ways from the same bytes: \(ours) / \(again)")
    let collection = Result { () throws(AnkiError) -> AnkiCollection in try AnkiFile.open(bytes: bytes, name: "fuzz") }
    switch (reference, ours) {
    case (.rows(let statement), .rows(let rows)):
        let expected = inIDOrder(statement)
        fuzzCheck(rows == expected, "the reader gives \(rows.count) review-log rows, SQLite \(expected.count) (\(firstDifference(rows, expected)))")
    case (.rows(let expected), .refused(let reason)):
        fuzzFinding("SQLite reads \(expected.count) review-log rows, the reader refuses: \(reason)")
    case (.refusedAfter(let before, let message), .rows(let rows)):
        fuzzCheck(rows.count >= before.count && Array(rows.prefix(before.count)) == before,
                  "SQLite refuses (\(message)) after \(before.count) rows, the reader gives \(rows.count) that do not begin with them")
    case (.refusedAfter, .refused), (.unreadable, .refused):
        break
    case (.unreadable(let message), .rows(let rows)):
        fuzzFinding("SQLite cannot read the review log (\(message)), the reader gives \(rows.count) rows")
    }
    if case .success(let read) = collection {
        if case .rows(let rows) = ours {
            fuzzCheck(read.revlog == rows, "AnkiFile.open gives \(read.revlog.count) review-log rows, the reader on its own \(rows.count) (\(firstDifference(read.revlog, rows)))")
        }
        switch reference {
        case .rows(let statement):
            let expected = inIDOrder(statement)
            fuzzCheck(read.revlog == expected, "AnkiFile.open gives \(read.revlog.count) review-log rows, SQLite \(expected.count) (\(firstDifference(read.revlog, expected)))")
        case .refusedAfter(let before, let message):
            fuzzCheck(read.revlog.count >= before.count && Array(read.revlog.prefix(before.count)) == before,
                      "SQLite refuses (\(message)) after \(before.count) rows, AnkiFile.open gives \(read.revlog.count) that do not begin with them")
        case .unreadable(let message):
            fuzzFinding("AnkiFile.open reads a collection whose review log SQLite cannot read: \(message)")
        }
        let again = Result { () throws(AnkiError) -> AnkiCollection in try AnkiFile.open(bytes: bytes, name: "fuzz") }
        fuzzCheck((try? again.get()).map { ($0.revlog, $0.noteIDs, $0.cards.count, $0.decks.count) } ?? ([], [], -1, -1)
                      == (read.revlog, read.noteIDs, read.cards.count, read.decks.count), "the same collection reads two ways")
    }
    return 0
}

/// The reader's answer: its rows, or its refusal.
enum ReviewLogAnswer: Equatable {
    case rows([AnkiRevlogEntry])
    case refused(String)

    /// The same rows, or both a refusal (for any reason: the reasons are SQLite's).
    func agrees(with other: ReviewLogAnswer) -> Bool {
        switch (self, other) {
        case (.rows(let rows), .rows(let others)): rows == others
        case (.refused, .refused): true
        default: false
        }
    }
}

/// `AnkiCollectionReader.reviewLog` on a connection of the reader's own over `image`.
func ourReviewLog(_ image: [UInt8]) -> ReviewLogAnswer {
    guard let copy = image.withUnsafeBytes({ DatabaseImage(copying: $0) }) else { return .refused("no memory") }
    do throws(AnkiError) {
        let connection = try SQLiteConnection(image: copy, name: "fuzz")
        return .rows(try AnkiCollectionReader.reviewLog(connection))
    } catch {
        return .refused("\(error)")
    }
}

/// The review log as SQLite reads it, through a connection of the harness's own.
enum ReferenceReviewLog: CustomStringConvertible {
    case rows([AnkiRevlogEntry])
    /// SQLite stepped through `rows`, then refused.
    case refusedAfter([AnkiRevlogEntry], String)
    /// SQLite could not open the image or prepare the statement.
    case unreadable(String)

    init(_ image: [UInt8]) {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let database = handle else {
            fatalError("SQLite cannot open a connection in memory")
        }
        defer { sqlite3_close(database) }
        guard let memory = sqlite3_malloc64(sqlite3_uint64(image.count)) else { fatalError("SQLite has no memory") }
        image.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
        guard sqlite3_deserialize(database, "main", memory.assumingMemoryBound(to: UInt8.self), Int64(image.count), Int64(image.count), flags) == SQLITE_OK,
              sqlite3_exec(database, "PRAGMA query_only = 1; PRAGMA trusted_schema = OFF", nil, nil, nil) == SQLITE_OK else {
            self = .unreadable(String(cString: sqlite3_errmsg(database)))
            return
        }
        var statement: OpaquePointer?
        let sql = "SELECT id, cid, usn, ease, ivl, lastIvl, factor, time, type FROM revlog ORDER BY id"
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            self = .unreadable(String(cString: sqlite3_errmsg(database)))
            return
        }
        defer { sqlite3_finalize(statement) }
        var rows: [AnkiRevlogEntry] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else {
                self = .refusedAfter(rows, String(cString: sqlite3_errmsg(database)))
                return
            }
            func value(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
            rows.append(AnkiRevlogEntry(id: value(0), cardID: value(1), usn: Int32(truncatingIfNeeded: value(2)),
                                        button: UInt8(truncatingIfNeeded: value(3)), interval: Int32(truncatingIfNeeded: value(4)),
                                        lastInterval: Int32(truncatingIfNeeded: value(5)), factor: Int32(truncatingIfNeeded: value(6)),
                                        durationMilliseconds: Int32(truncatingIfNeeded: value(7)), kind: UInt8(truncatingIfNeeded: value(8))))
        }
        self = .rows(rows)
    }

    var description: String {
        switch self {
        case .rows(let rows): "\(rows.count) rows"
        case .refusedAfter(let rows, let message): "refused after \(rows.count) rows: \(message)"
        case .unreadable(let message): "unreadable: \(message)"
        }
    }
}

/// SQLite's rows in id order, those of one id in SQLite's order (the standard library's sort
/// is stable), as the readers promise them.
func inIDOrder(_ rows: [AnkiRevlogEntry]) -> [AnkiRevlogEntry] {
    rows.sorted { $0.id < $1.id }
}

/// Where two row lists first differ, for a message.
func firstDifference(_ ours: [AnkiRevlogEntry], _ expected: [AnkiRevlogEntry]) -> String {
    for (index, (row, other)) in zip(ours, expected).enumerated() where row != other {
        return "row \(index): \(row) / \(other)"
    }
    return "the first \(min(ours.count, expected.count)) agree"
}

// ZhiXiAnki's reading of Anki collections, on any database bytes and any write-ahead log or
// rollback journal beside them, mutated structurally (`LLVMFuzzerCustomMutator` below: header
// fields, b-tree page headers, cell and child pointers, cells' sizes and keys, whole pages,
// and the log's frames and the journal's records with their checksums made right or left
// wrong) as well as byte by byte. An input is a database, or a database and its companion:
// "ZXW1" or "ZXJ1", the database's length (4 bytes, big-endian), the database, then the
// `-wal` or the `-journal`.
//
// Against the system's SQLite:
// - a database alone: `AnkiFile.open(bytes:)` accepts only what SQLite's own integrity check
//   (`PRAGMA quick_check`, on a connection of the harness's own) finds sound, and then gives
//   the review log SQLite's `SELECT … FROM revlog ORDER BY id` gives, in id order, every row
//   within the bounds the reader documents (years 1900–2200, intervals within their span);
//   on a sound image, `AnkiCollectionReader.reviewLog` on its own (the page scan,
//   `SQLiteTableScan`, or SQL where the scan gives up) gives the same rows, or refuses a row
//   out of bounds;
// - a database and its `-wal` or `-journal`, written to files: `AnkiFile.open(path:)` (which
//   applies the log's committed frames, or plays the journal back, in memory, in Swift)
//   accepts only what SQLite finds sound when it opens the same files itself (read-write, on
//   a copy: SQLite's own recovery of the log or journal), and then gives the review log SQLite
//   gives. Rules: SQLite uses a log only when the database's header says WAL (bytes 18 and 19
//   are 2), and plays back only a journal whose header it takes for hot; where it does not,
//   the reader's reading of the companion is checked for no crash and no refusal that is not
//   its own (the reader is stricter than SQLite: a companion it cannot use is refused);
// - the same answer twice, no crash, no sanitizer report, no input slower than 10 s or larger
//   than 2 GiB in memory.
@testable import ZhiXiAnki
import CSQLite
import Foundation
import ZhiXiArchive
import ZhiXiCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnkiSQLite(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = AnkiFuzzInput(Array(fuzzInput(data, size)))
    guard input.database.count >= SQLiteFileHeader.length else { return 0 }
    if let companion = input.companion {
        checkLive(input.database, companion: companion, isLog: input.isLog)
    } else {
        checkImage(input.database)
    }
    return 0
}

// MARK: - The input

/// A database and, optionally, its `-wal` or `-journal`.
struct AnkiFuzzInput {
    static let logTag = Array("ZXW1".utf8), journalTag = Array("ZXJ1".utf8)
    var database: [UInt8]
    var companion: [UInt8]?
    var isLog = true

    init(_ bytes: [UInt8]) {
        let tag = Array(bytes.prefix(4))
        if bytes.count >= 8, tag == Self.logTag || tag == Self.journalTag {
            let length = min(bytes.count - 8, Int(bytes[4]) << 24 | Int(bytes[5]) << 16 | Int(bytes[6]) << 8 | Int(bytes[7]))
            database = Array(bytes[8 ..< 8 + length])
            companion = Array(bytes[(8 + length)...])
            isLog = tag == Self.logTag
        } else {
            database = bytes
        }
    }

    init(database: [UInt8], companion: [UInt8]?, isLog: Bool) {
        self.database = database
        self.companion = companion
        self.isLog = isLog
    }

    var encoded: [UInt8] {
        guard let companion else { return database }
        let count = database.count
        return (isLog ? Self.logTag : Self.journalTag) + [UInt8(count >> 24 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF),
                                                          UInt8(count & 0xFF)] + database + companion
    }
}

// MARK: - A database alone

func checkImage(_ bytes: [UInt8]) {
    var image = bytes
    image[18] = 1
    image[19] = 1
    let reference = image.withUnsafeBytes { ReferenceReading(image: $0) }
    let ours = Result { () throws(AnkiError) -> AnkiCollection in try AnkiFile.open(bytes: bytes, name: "fuzz") }
    let again = Result { () throws(AnkiError) -> AnkiCollection in try AnkiFile.open(bytes: bytes, name: "fuzz") }
    fuzzCheck(sameAnswer(ours, again), "the same bytes read two ways")
    if case .success(let collection) = ours { checkAccepted(collection, against: reference) }
    // The review log's page scan on its own, on a sound image: SQLite's rows in id order, or
    // a refusal of a row out of bounds.
    guard reference.integrity == ["ok"], case .rows(let rows) = reference.revlog else { return }
    let expected = rows.sorted { $0.id < $1.id }
    switch ourReviewLog(image) {
    case .success(let read):
        fuzzCheck(read == expected, "the page scan gives \(read.count) rows, SQLite \(expected.count) (\(firstDifference(read, expected)))")
    case .failure(let error):
        fuzzCheck(!expected.allSatisfy(AnkiValueBounds.accepts), "the reader refuses a sound review log: \(error)")
    }
}

/// `AnkiCollectionReader.reviewLog` (its page scan, or SQL) on a connection of the reader's own.
func ourReviewLog(_ image: [UInt8]) -> Result<[AnkiRevlogEntry], AnkiError> {
    guard let copy = image.withUnsafeBytes({ AllocatedBytes(copying: $0, allocator: .sqlite) }) else { fatalError("no memory") }
    return Result { () throws(AnkiError) -> [AnkiRevlogEntry] in
        try AnkiCollectionReader.reviewLog(try SQLiteConnection(image: copy, name: "fuzz"))
    }
}

/// The collection the reader accepted, against SQLite's reading of the same database.
func checkAccepted(_ collection: AnkiCollection, against reference: ReferenceReading) {
    fuzzCheck(reference.integrity == ["ok"], "the reader accepts a database SQLite's integrity check refuses: \(reference.integrity.prefix(3))")
    switch reference.revlog {
    case .rows(let rows):
        let expected = rows.sorted { $0.id < $1.id }
        fuzzCheck(collection.revlog == expected,
                  "the reader gives \(collection.revlog.count) review-log rows, SQLite \(expected.count) (\(firstDifference(collection.revlog, expected)))")
    case .refused(let message):
        fuzzFinding("the reader accepts a collection whose review log SQLite cannot read: \(message)")
    }
    for row in collection.revlog {
        fuzzCheck(SupportedYears.contains(secondsSince1970: Double(row.id) / 1000), "a review-log row outside the years: \(row)")
        fuzzCheck(abs(Int64(row.interval)) <= Int64(SupportedYears.spanDays) * 86_400, "an interval out of bounds: \(row)")
    }
}

func sameAnswer(_ first: Result<AnkiCollection, AnkiError>, _ second: Result<AnkiCollection, AnkiError>) -> Bool {
    switch (first, second) {
    case (.success(let one), .success(let other)):
        one.revlog == other.revlog && one.cards == other.cards && one.noteIDs == other.noteIDs && one.decks == other.decks
            && one.presets == other.presets
    case (.failure, .failure): true   // SQLite's reasons for one damage may vary between connections (a rule: docs)
    default: false
    }
}

// MARK: - A database and its companion, as files

/// A directory of this process's own for the files of one input.
let fuzzDirectory: String = {
    let path = NSTemporaryDirectory() + "zhixi-fuzz-anki-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

func checkLive(_ database: [UInt8], companion: [UInt8], isLog: Bool) {
    let suffix = isLog ? "-wal" : "-journal"
    let ours = fuzzDirectory + "/ours", theirs = fuzzDirectory + "/theirs"
    for directory in [ours, theirs] {
        try? FileManager.default.removeItem(atPath: directory)
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: directory + "/collection.anki2", contents: Data(database))
        _ = FileManager.default.createFile(atPath: directory + "/collection.anki2" + suffix, contents: Data(companion))
    }
    let read = Result { () throws(AnkiError) -> AnkiCollection in try AnkiFile.open(path: ours + "/collection.anki2", name: "fuzz") }
    let again = Result { () throws(AnkiError) -> AnkiCollection in try AnkiFile.open(path: ours + "/collection.anki2", name: "fuzz") }
    fuzzCheck(sameAnswer(read, again), "the same files read two ways")
    let written = (try? FileManager.default.contentsOfDirectory(atPath: ours).sorted()) ?? []
    fuzzCheck(written == ["collection.anki2", "collection.anki2" + suffix], "the reader left files beside the collection: \(written)")
    guard case .success(let collection) = read else { return }
    // SQLite uses a log only under a header that says WAL, and plays back a journal it takes
    // for hot; otherwise it reads the file alone, and the reader's reading is not compared.
    let walHeader = database[18] == 2 && database[19] == 2
    guard isLog ? walHeader : !walHeader else { return }
    let reference = ReferenceReading(path: theirs + "/collection.anki2")
    guard reference.usedCompanion(suffix, directory: theirs) else { return }
    checkAccepted(collection, against: reference)
}

// MARK: - SQLite's reading

/// SQLite's verdict on a database and its review log, through connections of the harness's own.
struct ReferenceReading {
    enum ReviewLog { case rows([AnkiRevlogEntry]), refused(String) }
    var integrity: [String] = []
    var revlog = ReviewLog.refused("not read")
    /// Whether the companion was there when SQLite opened the database.
    private var companionSeen = false

    /// An image in memory, deserialized read-only (as the reader opens it).
    init(image: UnsafeRawBufferPointer) {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let database = handle else {
            fatalError("SQLite cannot open a connection in memory")
        }
        defer { sqlite3_close(database) }
        guard let memory = sqlite3_malloc64(sqlite3_uint64(image.count)) else { fatalError("SQLite has no memory") }
        memory.copyMemory(from: image.baseAddress!, byteCount: image.count)
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
        guard sqlite3_deserialize(database, "main", memory.assumingMemoryBound(to: UInt8.self), Int64(image.count), Int64(image.count), flags) == SQLITE_OK else {
            integrity = [String(cString: sqlite3_errmsg(database))]
            return
        }
        read(database)
    }

    /// A file with its companion, opened by SQLite itself (read-write: its own recovery).
    init(path: String) {
        companionSeen = true
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let database = handle else {
            integrity = [handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"]
            if let handle { sqlite3_close(handle) }
            return
        }
        defer { sqlite3_close(database) }
        read(database)
    }

    private mutating func read(_ database: OpaquePointer) {
        // As the reader's connections: no value past 64 MiB, CHECK constraints not run.
        sqlite3_limit(database, SQLITE_LIMIT_LENGTH, 64 << 20)
        sqlite3_exec(database, "PRAGMA ignore_check_constraints = ON", nil, nil, nil)
        sqlite3_create_collation_v2(database, "unicase", SQLITE_UTF8, nil, { _, leftCount, left, rightCount, right in
            let one = String(decoding: UnsafeRawBufferPointer(start: left, count: Int(leftCount)), as: UTF8.self).lowercased()
            let other = String(decoding: UnsafeRawBufferPointer(start: right, count: Int(rightCount)), as: UTF8.self).lowercased()
            return one < other ? -1 : one == other ? 0 : 1
        }, nil)
        switch rows(database, "PRAGMA quick_check(20)") {
        case .success(let values): integrity = values.map { $0.first?.text ?? "" }
        case .failure(let message): integrity = [message.text]
        }
        let sql = "SELECT id, cid, usn, ease, ivl, lastIvl, factor, time, type FROM revlog ORDER BY id"
        switch rows(database, sql) {
        case .success(let values):
            revlog = .rows(values.map { value in
                AnkiRevlogEntry(id: value[0].integer, cardID: value[1].integer, usn: Int32(truncatingIfNeeded: value[2].integer),
                                button: UInt8(truncatingIfNeeded: value[3].integer), interval: Int32(truncatingIfNeeded: value[4].integer),
                                lastInterval: Int32(truncatingIfNeeded: value[5].integer), factor: Int32(truncatingIfNeeded: value[6].integer),
                                durationMilliseconds: Int32(truncatingIfNeeded: value[7].integer), kind: UInt8(truncatingIfNeeded: value[8].integer))
            })
        case .failure(let message):
            revlog = .refused(message.text)
        }
    }

    /// Whether SQLite, having opened the database, still finds the companion it used or
    /// removed (a log it recovered, a journal it played back); `false` when it ignored it.
    func usedCompanion(_ suffix: String, directory: String) -> Bool {
        guard companionSeen else { return false }
        if suffix == "-journal" { return !FileManager.default.fileExists(atPath: directory + "/collection.anki2-journal") }
        return true
    }

    struct Value { var integer: Int64; var text: String }
    struct Message: Error { var text: String }

    private func rows(_ database: OpaquePointer, _ sql: String) -> Result<[[Value]], Message> {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            return .failure(Message(text: String(cString: sqlite3_errmsg(database))))
        }
        defer { sqlite3_finalize(statement) }
        var result: [[Value]] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { return .success(result) }
            guard step == SQLITE_ROW else { return .failure(Message(text: String(cString: sqlite3_errmsg(database)))) }
            result.append((0 ..< sqlite3_column_count(statement)).map { column in
                let text = sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
                return Value(integer: sqlite3_column_int64(statement, column), text: text)
            })
        }
    }
}

/// Where two row lists first differ, for a message.
func firstDifference(_ ours: [AnkiRevlogEntry], _ expected: [AnkiRevlogEntry]) -> String {
    for (index, (row, other)) in zip(ours, expected).enumerated() where row != other {
        return "row \(index): \(row) / \(other)"
    }
    return "the first \(min(ours.count, expected.count)) agree"
}

// MARK: - Structural mutations

@_silgen_name("LLVMFuzzerMutate")
func libFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzAnkiSQLiteMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
    var input = AnkiFuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
    if random.next() % 4 == 0 || input.database.count < SQLiteFileHeader.length {
        return libFuzzerMutate(data, size, maxSize)   // a byte-level mutation, a quarter of the time
    }
    StructuralMutation.apply(to: &input, random: &random)
    var bytes = input.encoded
    if bytes.count > maxSize { bytes = Array(bytes.prefix(maxSize)) }
    bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: $0.count) }
    return bytes.count
}

/// The mutations that know SQLite's file format (<https://www.sqlite.org/fileformat2.html>).
enum StructuralMutation {
    static func apply(to input: inout AnkiFuzzInput, random: inout SplitMix64) {
        let pageSize = max(512, (Int(input.database[16]) << 8 | Int(input.database[17])) == 1 ? 65_536
                                    : Int(input.database[16]) << 8 | Int(input.database[17]))
        let pages = max(1, input.database.count / pageSize)
        func randomPage() -> Int { Int(random.next() % UInt64(pages)) + 1 }
        /// One of eight random pages that `predicate` takes, if any.
        func pickPage(where predicate: (Int) -> Bool) -> Int? {
            for _ in 0 ..< 8 {
                let page = randomPage()
                if predicate(page) { return page }
            }
            return nil
        }
        func word(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func interesting() -> Int {
            [0, 1, 2, pages, pages + 1, 262_143, 0x7FFF_FFFF, 0xFFFF_FFFF, randomPage(), randomPage() + 1][Int(random.next() % 10)]
        }
        func set(_ offset: Int, _ bytes: [UInt8]) {
            guard offset >= 0, offset + bytes.count <= input.database.count else { return }
            input.database.replaceSubrange(offset ..< offset + bytes.count, with: bytes)
        }
        /// A b-tree page's header offset, its type and cell count.
        func btree(_ page: Int) -> (header: Int, type: UInt8, cells: Int)? {
            let header = (page - 1) * pageSize + (page == 1 ? 100 : 0)
            guard header + 12 <= input.database.count else { return nil }
            let type = input.database[header]
            guard [2, 5, 10, 13].contains(type) else { return nil }
            return (header, type, Int(input.database[header + 3]) << 8 | Int(input.database[header + 4]))
        }
        switch random.next() % 12 {
        case 0:   // a header field: page count, freelist trunk and count, change counter, schema cookie
            let field = [28, 32, 36, 24, 40, 92, 56][Int(random.next() % 7)]
            set(field, word(interesting()))
            if random.next() % 2 == 0 { set(92, Array(input.database[24 ..< 28])) }   // the page count made valid
        case 1:   // the page size, or the reserved bytes per page
            set(random.next() % 2 == 0 ? 16 : 20, random.next() % 2 == 0 ? [UInt8(random.next() & 0xFF), UInt8(random.next() & 0xFF)] : [0x02, 0x00])
        case 2, 3:   // a child pointer of an interior page: to another page, itself, past the end
            guard let page = pickPage(where: { btree($0)?.type == 5 || btree($0)?.type == 2 }),
                  let tree = btree(page) else { return }
            let cell = Int(random.next() % UInt64(tree.cells + 1))
            let pointerAt: Int
            if cell == tree.cells {
                pointerAt = tree.header + 8
            } else {
                let slot = tree.header + 12 + 2 * cell
                guard slot + 2 <= input.database.count else { return }
                pointerAt = (page - 1) * pageSize + (Int(input.database[slot]) << 8 | Int(input.database[slot + 1]))
            }
            set(pointerAt, word(random.next() % 3 == 0 ? page : interesting()))
        case 4:   // a cell pointer: to another cell, past the page, into the header
            guard let page = pickPage(where: { btree($0) != nil }), let tree = btree(page), tree.cells > 0 else { return }
            let slot = tree.header + (tree.type == 5 || tree.type == 2 ? 12 : 8) + 2 * Int(random.next() % UInt64(tree.cells))
            let value = [0, 8, pageSize - 1, pageSize, pageSize + 100, Int(random.next() % UInt64(pageSize))][Int(random.next() % 6)]
            set(slot, [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
        case 5:   // a page header's cell count, content start or first freeblock
            guard let page = pickPage(where: { btree($0) != nil }), let tree = btree(page) else { return }
            let field = [3, 5, 1][Int(random.next() % 3)]
            let value = [0, 1, tree.cells + 1, 0xFFFF, pageSize][Int(random.next() % 5)]
            set(tree.header + field, [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
        case 6:   // a page's type
            let page = randomPage()
            set((page - 1) * pageSize + (page == 1 ? 100 : 0), [[2, 5, 10, 13, 0][Int(random.next() % 5)]])
        case 7:   // a cell's first bytes (its payload size and key): a large varint
            guard let page = pickPage(where: { btree($0)?.type == 13 }), let tree = btree(page), tree.cells > 0 else { return }
            let slot = tree.header + 8 + 2 * Int(random.next() % UInt64(tree.cells))
            guard slot + 2 <= input.database.count else { return }
            let cell = (page - 1) * pageSize + (Int(input.database[slot]) << 8 | Int(input.database[slot + 1]))
            set(cell + Int(random.next() % 3), Array(repeating: 0xFF, count: Int(random.next() % 9) + 1))
        case 8:   // whole pages: one copied over another, two swapped, the file cut or grown
            let one = randomPage(), other = randomPage()
            let first = (one - 1) * pageSize, second = (other - 1) * pageSize
            guard first + pageSize <= input.database.count, second + pageSize <= input.database.count else { return }
            switch random.next() % 4 {
            case 0: input.database.replaceSubrange(second ..< second + pageSize, with: input.database[first ..< first + pageSize])
            case 1:
                let saved = Array(input.database[first ..< first + pageSize])
                input.database.replaceSubrange(first ..< first + pageSize, with: input.database[second ..< second + pageSize])
                input.database.replaceSubrange(second ..< second + pageSize, with: saved)
            case 2: input.database.removeSubrange(max(SQLiteFileHeader.length, second) ..< input.database.count)
            default: input.database += input.database[first ..< first + pageSize]
            }
        default:   // the companion: a log or journal made, or one of its frames or records changed
            mutateCompanion(&input, pageSize: pageSize, pages: pages, random: &random)
        }
    }

    static func mutateCompanion(_ input: inout AnkiFuzzInput, pageSize: Int, pages: Int, random: inout SplitMix64) {
        func page(_ number: Int) -> [UInt8] {
            let start = (number - 1) * pageSize
            return start + pageSize <= input.database.count ? Array(input.database[start ..< start + pageSize]) : [UInt8](repeating: 0, count: pageSize)
        }
        let number = Int(random.next() % UInt64(pages + 2)) + 1
        var content = page(number)
        if !content.isEmpty, random.next() % 2 == 0 { content[Int(random.next() % UInt64(content.count))] ^= UInt8(random.next() & 0xFF) | 1 }
        let claims = [0, pages, pages + 1, number, 262_143, 0x7FFF_FFFF][Int(random.next() % 6)]
        if input.companion == nil || random.next() % 3 == 0 {
            input.isLog = random.next() % 3 != 0
            input.companion = []
            if input.isLog {
                input.database[18] = 2
                input.database[19] = 2
            }
        }
        if input.isLog {
            var frames = WALBuilder.frames(of: input.companion ?? [], pageSize: pageSize)
            frames.append((page: UInt32(number), commit: UInt32(truncatingIfNeeded: random.next() % 2 == 0 ? claims : pages), content: content))
            var log = WALBuilder.log(pageSize: pageSize, frames: frames)
            if random.next() % 4 == 0, log.count > 32 { log[32 + Int(random.next() % UInt64(log.count - 32))] ^= 0x40 }   // a checksum made wrong
            input.companion = log
        } else {
            var journal = input.companion ?? []
            if journal.count < 512 {
                journal = [0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7] + JournalBuilder.header(records: 0, nonce: 7, original: pages, pageSize: pageSize)
                journal += [UInt8](repeating: 0, count: 512 - journal.count)
            }
            journal.replaceSubrange(8 ..< 12, with: JournalBuilder.word(UInt32(truncatingIfNeeded: (journal.count - 512) / (pageSize + 8) + 1)))
            if random.next() % 3 == 0 { journal.replaceSubrange(16 ..< 20, with: JournalBuilder.word(UInt32(truncatingIfNeeded: claims))) }
            journal += JournalBuilder.record(page: UInt32(number), content: content, nonce: 7)
            input.companion = journal
        }
    }
}

/// Valid write-ahead logs (little-endian checksums, as SQLite writes them on this machine).
enum WALBuilder {
    static func frames(of log: [UInt8], pageSize: Int) -> [(page: UInt32, commit: UInt32, content: [UInt8])] {
        var frames: [(page: UInt32, commit: UInt32, content: [UInt8])] = []
        var offset = 32
        while offset + 24 + pageSize <= log.count, frames.count < 8 {
            func word(_ at: Int) -> UInt32 { UInt32(log[at]) << 24 | UInt32(log[at + 1]) << 16 | UInt32(log[at + 2]) << 8 | UInt32(log[at + 3]) }
            frames.append((word(offset), word(offset + 4), Array(log[offset + 24 ..< offset + 24 + pageSize])))
            offset += 24 + pageSize
        }
        return frames
    }

    static func log(pageSize: Int, frames: [(page: UInt32, commit: UInt32, content: [UInt8])]) -> [UInt8] {
        let salts: (UInt32, UInt32) = (0x1234, 0x5678)
        var header = JournalBuilder.word(0x377F_0682) + JournalBuilder.word(3_007_000) + JournalBuilder.word(UInt32(pageSize)) + JournalBuilder.word(0)
            + JournalBuilder.word(salts.0) + JournalBuilder.word(salts.1)
        var sums = checksum(header, seed: (0, 0))
        header += JournalBuilder.word(sums.0) + JournalBuilder.word(sums.1)
        var log = header
        for frame in frames {
            let head = JournalBuilder.word(frame.page) + JournalBuilder.word(frame.commit)
            sums = checksum(head, seed: sums)
            sums = checksum(frame.content, seed: sums)
            log += head + JournalBuilder.word(salts.0) + JournalBuilder.word(salts.1) + JournalBuilder.word(sums.0) + JournalBuilder.word(sums.1) + frame.content
        }
        return log
    }

    static func checksum(_ bytes: [UInt8], seed: (UInt32, UInt32)) -> (UInt32, UInt32) {
        var (s0, s1) = seed
        var index = 0
        while index + 8 <= bytes.count {
            func little(_ at: Int) -> UInt32 { UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24 }
            s0 = s0 &+ little(index) &+ s1
            s1 = s1 &+ little(index + 4) &+ s0
            index += 8
        }
        return (s0, s1)
    }
}

/// Hot rollback journals (sectors of 512 bytes).
enum JournalBuilder {
    static func word(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// The header after the magic: record count, nonce, original page count, sector and page size.
    static func header(records: UInt32, nonce: UInt32, original: Int, pageSize: Int) -> [UInt8] {
        word(records) + word(nonce) + word(UInt32(truncatingIfNeeded: original)) + word(512) + word(UInt32(pageSize))
    }

    static func record(page: UInt32, content: [UInt8], nonce: UInt32) -> [UInt8] {
        var sum = nonce
        var index = content.count - 200
        while index > 0 {
            sum = sum &+ UInt32(content[index])
            index -= 200
        }
        return word(page) + content + word(sum)
    }
}

#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif

import Foundation
import ZhiXiArchive
import ZhiXiCore

/// A read-only SQLite connection to a database image in memory: opened on `:memory:` read-only,
/// the image handed over with `sqlite3_deserialize` (read-only, freed on close), then held to
/// what a file from outside may cost: `PRAGMA query_only`, `PRAGMA trusted_schema = OFF` (a
/// file's schema runs no function that is not innocuous), `PRAGMA cell_size_check` (every cell
/// checked against its page as it is read), no value longer than ``maximumValueBytes``
/// (`sqlite3_limit`), and a progress handler that stops a statement past a budget of steps
/// proportional to the image (``stepsPerByte``). Anki's `unicase` collation is registered
/// (its indexes name it; SQLite's checks refuse a schema whose collation is missing).
///
/// SQLite's integrity check (`PRAGMA quick_check`) of the whole image runs on a second
/// connection over the same bytes, on another thread, while this one reads
/// (``startIntegrityCheck()``, once the schema is known to run no code of the file's: the check
/// computes generated columns and defaults, and CHECK constraints are ignored on its
/// connection): a reader believes nothing it read before ``checkIntegrity()`` says the image is
/// sound, and the moment the check finds damage, the statement reading stops (so a damaged
/// tree that would make it read a page a thousand times costs no more than the check). No file
/// is opened, written or locked.
final class SQLiteConnection {
    private let handle: OpaquePointer
    /// How the database is named in errors.
    let name: String
    /// The progress handler's count and budget, and the check's verdict.
    private let state: ReadingState

    /// The most bytes one value (a text, a blob, a row) may hold: 64 MiB. Anki's largest,
    /// the legacy `col.decks` of a collection of thousands of decks, is a few MiB.
    static let maximumValueBytes = 64 << 20
    /// The steps of SQLite's virtual machine a statement may take per byte of the image, on
    /// top of ``baseSteps``: reading every table of a collection takes about 0.4 (the review
    /// log of 1,000,000 rows, 92 MB), so 16 stops only work no sound collection needs.
    static let stepsPerByte = 16
    /// The steps any collection may take, however small.
    static let baseSteps = 16_000_000

    /// What the progress handler counts and what the integrity check found, shared with the
    /// thread that checks.
    private final class ReadingState: Sendable {
        /// Steps taken, in thousands, and the budget.
        let steps: Locked<(taken: Int, budget: Int)>
        /// The check's problems (`["ok"]` when sound), `nil` while it runs.
        let verdict = Locked<[String]?>(nil)
        /// Whether the check was started.
        let started = Locked(false)
        /// Signalled when the check is done.
        let finished = DispatchSemaphore(value: 0)

        /// Waits for the check, if it was started.
        func waitForCheck() {
            guard started.withLock({ $0 }) else { return }
            finished.wait()
            finished.signal()
        }

        init(budget: Int) { steps = Locked((0, budget)) }
    }

    /// Opens `image` (taking its memory).
    /// - Throws: ``AnkiError`` (damaged) when SQLite refuses the image.
    init(image: AllocatedBytes, name: String) throws(AnkiError) {
        self.name = name
        let size = image.count
        state = ReadingState(budget: (Self.baseSteps + Self.stepsPerByte * size) / 1000)
        guard let rawMemory = image.take() else {
            throw AnkiError(.damaged, file: name, reason: "holds no database")
        }
        let opened = Self.open(rawMemory, count: size, freeOnClose: true)
        guard let connection = opened.connection else {
            throw AnkiError(.damaged, file: name, reason: "SQLite could not open a connection in memory")
        }
        handle = connection
        memory = SendableBytes(memory: rawMemory, count: size)
        if let refusal = opened.refusal {
            throw AnkiError(.damaged, file: name, reason: "is not a database SQLite can read (\(refusal))")
        }
        sqlite3_progress_handler(connection, 1000, { context in
            guard let context else { return 0 }
            let state = Unmanaged<ReadingState>.fromOpaque(context).takeUnretainedValue()
            let over = state.steps.withLock { steps in
                steps.taken += 1
                return steps.taken > steps.budget
            }
            // Damage found by the check stops the reading at once.
            return over || state.verdict.withLock({ $0.map { $0 != ["ok"] } ?? false }) ? 1 : 0
        }, Unmanaged.passUnretained(state).toOpaque())
        try execute("PRAGMA query_only = 1")
        try execute("PRAGMA trusted_schema = OFF")
        try execute("PRAGMA cell_size_check = ON")
    }

    deinit {
        // The check's connection reads the same memory: it closes first.
        state.waitForCheck()
        sqlite3_close(handle)
    }

    /// A read-only connection over `count` bytes at `memory`, its limits and collation set:
    /// `nil` when SQLite cannot open one, with SQLite's refusal of the image when it does not
    /// take it (the memory then freed, when it was to be freed on close).
    private static func open(_ memory: UnsafeMutableRawPointer, count: Int, freeOnClose: Bool) -> (connection: OpaquePointer?, refusal: String?) {
        var connection: OpaquePointer?
        guard sqlite3_open_v2(":memory:", &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let connection else {
            if let connection { sqlite3_close(connection) }
            if freeOnClose { sqlite3_free(memory) }
            return (nil, nil)
        }
        var flags = UInt32(SQLITE_DESERIALIZE_READONLY)
        if freeOnClose { flags |= UInt32(SQLITE_DESERIALIZE_FREEONCLOSE) }
        // On failure SQLite frees the memory it was to free.
        let result = sqlite3_deserialize(connection, "main", memory.assumingMemoryBound(to: UInt8.self), Int64(count), Int64(count), flags)
        guard result == SQLITE_OK else { return (connection, String(cString: sqlite3_errstr(result))) }
        sqlite3_limit(connection, SQLITE_LIMIT_LENGTH, Int32(maximumValueBytes))
        sqlite3_create_collation_v2(connection, "unicase", SQLITE_UTF8, nil, { _, leftCount, left, rightCount, right in
            SQLiteConnection.compareIgnoringCase(left, Int(leftCount), right, Int(rightCount))
        }, nil)
        return (connection, nil)
    }

    /// Starts `PRAGMA quick_check` of the image on a connection of its own, on another thread
    /// (once; CHECK constraints ignored there: they are the file's expressions). Call it once
    /// the schema is known to compute nothing on a row's read (``AnkiSchemaCheck``).
    func startIntegrityCheck() {
        guard state.started.withLock({ started in
            defer { started = true }
            return !started
        }) else { return }
        let state = state
        let bytes = memory
        Thread.detachNewThread {
            var problems: [String] = []
            let opened = SQLiteConnection.open(bytes.memory, count: bytes.count, freeOnClose: false)
            if let checker = opened.connection {
                var statement: OpaquePointer?
                if opened.refusal == nil, sqlite3_exec(checker, "PRAGMA ignore_check_constraints = ON", nil, nil, nil) == SQLITE_OK,
                   sqlite3_prepare_v2(checker, "PRAGMA quick_check(20)", -1, &statement, nil) == SQLITE_OK, let statement {
                    while sqlite3_step(statement) == SQLITE_ROW {
                        problems.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
                    }
                    sqlite3_finalize(statement)
                }
                if problems.isEmpty { problems = [String(cString: sqlite3_errmsg(checker))] }
                sqlite3_close(checker)
            } else {
                problems = ["SQLite could not open a second connection to check the image"]
            }
            state.verdict.withLock { $0 = problems }
            state.finished.signal()
        }
    }

    /// The image's memory, read by the check's thread (never written: both connections are
    /// read-only, and the memory outlives the check: ``deinit`` waits for it).
    private struct SendableBytes: @unchecked Sendable {
        let memory: UnsafeMutableRawPointer
        let count: Int
    }
    /// The image's memory (SQLite's, freed when this connection closes).
    private let memory: SendableBytes

    /// Anki's `unicase` order (Unicode case folding), close enough for SQLite's checks, which
    /// only need the collation to exist: the texts compared with their case ignored.
    private static func compareIgnoringCase(_ left: UnsafeRawPointer?, _ leftCount: Int, _ right: UnsafeRawPointer?, _ rightCount: Int) -> Int32 {
        func text(_ pointer: UnsafeRawPointer?, _ count: Int) -> String {
            String(decoding: UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : count), as: UTF8.self)
        }
        switch text(left, leftCount).compare(text(right, rightCount), options: .caseInsensitive) {
        case .orderedAscending: return -1
        case .orderedSame: return 0
        case .orderedDescending: return 1
        }
    }

    /// The check's refusal when it was started and found damage (waiting for it): what
    /// explains any other failure of a reading it ran beside.
    func checkIntegrityIfStarted() throws(AnkiError) {
        guard state.started.withLock({ $0 }) else { return }
        try checkIntegrity()
    }

    /// Waits for SQLite's `PRAGMA quick_check` of the whole image (starting it, if not yet):
    /// every b-tree page, cell, overflow chain and the freelist, each page reached once
    /// (a page reached twice, a loop, a key out of order, a pointer past the end are all
    /// refused) — what the integrity check does except comparing indexes with their tables.
    /// O(pages), mostly spent while the reader read.
    /// - Throws: ``AnkiError`` (damaged) naming SQLite's verdict.
    func checkIntegrity() throws(AnkiError) {
        startIntegrityCheck()
        state.waitForCheck()
        let verdict = state.verdict.withLock { $0 } ?? []
        guard verdict != ["ok"] else { return }
        // SQLite gives its findings a row each, or several in one row, a line each.
        let problems = verdict.flatMap { $0.split(separator: "\n").map(String.init) }
        let shown = problems.prefix(3).map { $0.escapingForMessage }.joined(separator: "; ")
        let more = problems.count > 3 ? " (and \(problems.count - 3) more)" : ""
        throw AnkiError(.damaged, file: name, reason: "is damaged: SQLite's integrity check says \"\(shown)\"\(more)")
    }

    /// Runs a statement that returns no rows of interest.
    func execute(_ sql: String) throws(AnkiError) {
        try query(sql) { _ throws(AnkiError) in }
    }

    /// Runs `sql`, handing each row to `body`. O(rows).
    /// - Throws: ``AnkiError`` (damaged) for a database SQLite finds malformed, or what
    ///   `body` throws.
    func query(_ sql: String, _ body: (Row) throws(AnkiError) -> Void) throws(AnkiError) {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else {
            throw failure("could not be queried", code: prepared)
        }
        defer { sqlite3_finalize(statement) }
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { return }
            guard step == SQLITE_ROW else { throw failure("could not be read", code: step) }
            try body(Row(statement: statement))
        }
    }

    /// The names of the database's tables.
    func tableNames() throws(AnkiError) -> Set<String> {
        var names: Set<String> = []
        try query("SELECT name FROM sqlite_master WHERE type = 'table'") { row throws(AnkiError) in names.insert(row.text(0)) }
        return names
    }

    /// The image's bytes, owned by the connection (read-only) and valid while it is open.
    var imageBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: memory.memory, count: memory.count) }

    /// A table's columns in order: name, declared type (lowercased) and whether it is the
    /// primary key.
    func columns(of table: String) throws(AnkiError) -> [(name: String, type: String, isPrimaryKey: Bool)] {
        var columns: [(name: String, type: String, isPrimaryKey: Bool)] = []
        try query("PRAGMA table_info(\(table))") { row throws(AnkiError) in
            columns.append((row.text(1), row.text(2).lowercased(), row.int64(5) != 0))
        }
        return columns
    }

    /// The root page of a table, if it exists.
    func rootPage(of table: String) throws(AnkiError) -> Int? {
        var page: Int?
        try query("SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = '\(table)'") { row throws(AnkiError) in
            page = Int(row.int64(0))
        }
        return page
    }

    private func failure(_ what: String, code: Int32) -> AnkiError {
        let message = String(cString: sqlite3_errmsg(handle))
        switch code & 0xFF {
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return AnkiError(.damaged, file: name, reason: "is damaged: SQLite says \"\(message)\"")
        case SQLITE_INTERRUPT:
            return AnkiError(.damaged, file: name, reason: "takes more work to read than a collection of its size can (SQLite was stopped "
                             + "after \(state.steps.withLock { $0.taken } / 1000) million steps): its tables are not what Anki writes")
        case SQLITE_TOOBIG:
            return AnkiError(.damaged, file: name, reason: "holds a value longer than \(Self.maximumValueBytes >> 20) MiB, which no Anki "
                             + "collection needs (SQLite says \"\(message)\")")
        default:
            return AnkiError(.damaged, file: name, reason: "\(what): SQLite says \"\(message)\"")
        }
    }

    /// A row being read; valid only inside the `query` body.
    struct Row {
        let statement: OpaquePointer

        func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
        func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
        func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

        /// The column as UTF-8 text (invalid bytes repaired).
        func text(_ column: Int32) -> String {
            let bytes = self.bytes(column)
            return String(decoding: bytes, as: UTF8.self)
        }

        /// The column's bytes (a blob, or text's UTF-8), valid until the next step.
        func bytes(_ column: Int32) -> UnsafeRawBufferPointer {
            // sqlite3_column_blob, then sqlite3_column_bytes: the order SQLite documents.
            let pointer = sqlite3_column_blob(statement, column)
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let pointer else { return UnsafeRawBufferPointer(start: nil, count: 0) }
            return UnsafeRawBufferPointer(start: pointer, count: count)
        }
    }
}

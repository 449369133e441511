#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif

/// A read-only SQLite connection to a database image in memory: opened on `:memory:` read-only,
/// the image handed over with `sqlite3_deserialize` (read-only, freed on close), then
/// `PRAGMA query_only` and `PRAGMA trusted_schema = OFF` (a file's views and triggers run no
/// function that is not innocuous). No file is opened, written or locked.
final class SQLiteConnection {
    private let handle: OpaquePointer
    /// How the database is named in errors.
    let name: String
    /// The image's bytes, owned by the connection (read-only) and valid while it is open.
    let imageBytes: UnsafeRawBufferPointer

    /// Opens `image` (taking its memory).
    /// - Throws: ``AnkiError`` (damaged) when SQLite refuses the image.
    init(image: DatabaseImage, name: String) throws(AnkiError) {
        self.name = name
        var connection: OpaquePointer?
        let opened = sqlite3_open_v2(":memory:", &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        guard opened == SQLITE_OK, let connection else {
            if let connection { sqlite3_close(connection) }
            throw AnkiError(.damaged, file: name, reason: "SQLite could not open a connection in memory (code \(opened))")
        }
        handle = connection
        let size = Int64(image.count)
        guard let memory = image.takeOwnership() else {
            sqlite3_close(connection)
            throw AnkiError(.damaged, file: name, reason: "holds no database")
        }
        imageBytes = UnsafeRawBufferPointer(start: memory, count: Int(size))
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
        let result = sqlite3_deserialize(connection, "main", memory.assumingMemoryBound(to: UInt8.self), size, size, flags)
        guard result == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(connection))
            sqlite3_close(connection)
            throw AnkiError(.damaged, file: name, reason: "is not a database SQLite can read (\(message))")
        }
        try execute("PRAGMA query_only = 1")
        try execute("PRAGMA trusted_schema = OFF")
    }

    deinit {
        sqlite3_close(handle)
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
        let primary = code & 0xFF
        let damaged = primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
        return AnkiError(.damaged, file: name, reason: damaged ? "is damaged: SQLite says \"\(message)\""
                                                               : "\(what): SQLite says \"\(message)\"")
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

import Foundation

/// The tables a reader reads, checked against what Anki writes before a row is read, so that
/// a file's schema runs no code of its own on the reader's time: each is a plain table (not a
/// virtual table), has no generated column (computed from an expression on every read) and no
/// default that is an expression (SQLite evaluates it for every row written before its column
/// was added). Views and triggers are never read (the reader names tables, reads only, and
/// `query_only` fires nothing), so they may be there.
enum AnkiSchemaCheck {
    /// Checks `tables` (which exist).
    /// - Throws: ``AnkiError`` (damaged) naming the table and column.
    /// - Complexity: O(columns of the tables).
    static func check(_ database: SQLiteConnection, tables: [String]) throws(AnkiError) {
        for table in tables {
            var statement = ""
            try database.query("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '\(table)'") { row throws(AnkiError) in
                statement = row.text(0)
            }
            let words = statement.split(whereSeparator: \.isWhitespace).prefix(3).map { $0.uppercased() }
            guard words.starts(with: ["CREATE", "TABLE"]) else {
                throw AnkiError(.damaged, file: database.name, reason: "its table \(table) is not a table as Anki makes it ("
                                + "\(String(statement.prefix(40)).escapingForMessage)…)")
            }
            try database.query("PRAGMA table_xinfo(\(table))") { row throws(AnkiError) in
                let column = row.text(1).escapingForMessage
                // hidden: 0 a column, 1 hidden (virtual tables), 2 and 3 generated (virtual, stored).
                guard row.int64(6) == 0 else {
                    throw AnkiError(.damaged, file: database.name, reason: "its table \(table) has a generated column, \(column), which "
                                    + "Anki's tables never have")
                }
                guard row.isNull(4) || isLiteral(row.text(4)) else {
                    throw AnkiError(.damaged, file: database.name, reason: "its table \(table) gives the column \(column) a default "
                                    + "that is an expression (\(String(row.text(4).prefix(40)).escapingForMessage)), which Anki's "
                                    + "tables never have")
                }
            }
        }
    }

    /// Whether a column's default (as `table_xinfo` gives it) is a constant written out: a
    /// number, a quoted text or blob, `NULL`, `TRUE` or `FALSE`.
    static func isLiteral(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if Double(trimmed) != nil { return true }
        if ["NULL", "TRUE", "FALSE"].contains(trimmed.uppercased()) { return true }
        var body = Substring(trimmed)
        if body.first == "x" || body.first == "X" { body = body.dropFirst() }
        guard body.count >= 2, body.first == "'", body.last == "'" else { return false }
        // Inside the quotes, a quote only doubled: one text, not an expression joining two.
        return !body.dropFirst().dropLast().replacingOccurrences(of: "''", with: "").contains("'")
    }
}

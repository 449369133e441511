import Foundation

/// The schema checked against what Anki writes before a row is read (and before SQLite's
/// integrity check, which computes columns as it checks them), so that a file's schema runs no
/// code of its own on the reader's time: no table has a generated column (computed from an
/// expression whenever a row is read) or a default that is an expression (SQLite evaluates it
/// for every row written before its column was added), and every table read is a plain table
/// (not a virtual table). Views and triggers are never read (the reader names tables, reads
/// only, and `query_only` fires nothing), so they may be there; CHECK constraints are ignored
/// where they would run (the integrity check's connection).
enum AnkiSchemaCheck {
    /// Checks every table's columns, and that the tables `reading` (which exist) are plain
    /// tables.
    /// - Throws: ``AnkiError`` (damaged) naming the table and column.
    /// - Complexity: O(tables + their columns).
    static func check(_ database: SQLiteConnection, reading: [String]) throws(AnkiError) {
        var statements: [(name: String, sql: String)] = []
        try database.query("SELECT name, sql FROM sqlite_master WHERE type = 'table'") { row throws(AnkiError) in
            statements.append((row.text(0), row.text(1)))
        }
        for (table, statement) in statements {
            let words = statement.split(whereSeparator: \.isWhitespace).prefix(3).map { $0.uppercased() }
            guard words.starts(with: ["CREATE", "TABLE"]) else {
                guard !reading.contains(table) else {
                    throw AnkiError(.damaged, file: database.name, reason: "its table \(table) is not a table as Anki makes it ("
                                    + "\(String(statement.prefix(40)).escapingForMessage)…)")
                }
                continue   // a virtual table nothing reads: its columns are its module's
            }
            try database.query("PRAGMA table_xinfo(\"\(table.replacingOccurrences(of: "\"", with: "\"\""))\")") { row throws(AnkiError) in
                let column = row.text(1).escapingForMessage
                let shown = table.escapingForMessage
                // hidden: 0 a column, 1 hidden (virtual tables), 2 and 3 generated (virtual, stored).
                guard row.int64(6) == 0 else {
                    throw AnkiError(.damaged, file: database.name, reason: "its table \(shown) has a generated column, \(column), which "
                                    + "Anki's tables never have")
                }
                guard row.isNull(4) || isLiteral(row.text(4)) else {
                    throw AnkiError(.damaged, file: database.name, reason: "its table \(shown) gives the column \(column) a default "
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

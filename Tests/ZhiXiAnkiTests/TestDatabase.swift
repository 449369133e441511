import Foundation
#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif

/// A real SQLite connection to a file, for the tests that play Anki: a writer holding the
/// database open while ZhiXiAnki reads its bytes.
final class TestDatabase {
    private var handle: OpaquePointer?
    let path: String

    init(path: String) throws {
        self.path = path
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            throw Failure(message: "cannot open \(path)")
        }
    }

    deinit { close() }

    func close() {
        if let handle { sqlite3_close(handle) }
        handle = nil
    }

    /// Runs statements, failing the test's setup on an error.
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(message)
            throw Failure(message: "\(sql.prefix(80)): \(text)")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// A minimal Anki collection of schema 18 (tables as Anki has them, the few rows a reader
    /// needs), with `reviews` review-log rows, in the current journal mode.
    func makeMinimalCollection(schema: Int = 18) throws {
        try execute("""
        CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
          ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
          models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL);
        CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
          usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
          flags integer NOT NULL, data text NOT NULL);
        CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
          mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL,
          ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL,
          odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
        CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
          ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL);
        CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL,
          usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL);
        CREATE TABLE deck_config (id integer PRIMARY KEY NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL,
          usn integer NOT NULL, config blob NOT NULL);
        CREATE TABLE config (KEY text NOT NULL PRIMARY KEY, usn integer NOT NULL, mtime_secs integer NOT NULL, val blob NOT NULL);
        INSERT INTO col VALUES (1, 1700000000, 0, 0, \(schema), 0, 0, 0, '', '', '', '', '');
        INSERT INTO notes VALUES (10, 'g', 1, 0, 0, '', 'front', 'front', 0, 0, '');
        INSERT INTO cards VALUES (100, 10, 1, 0, 0, 0, 2, 2, 5, 3, 2500, 4, 0, 0, 0, 0, 0, '{"s":3.5,"d":5.25}');
        INSERT INTO decks VALUES (1, 'Default', 0, 0, x'', x'0a020801');
        INSERT INTO deck_config VALUES (1, 'Default', 0, 0, x'');
        INSERT INTO config VALUES ('rollover', 0, 0, '4');
        """)
    }

    /// Appends `count` review-log rows of card 100, with ids from `firstID`.
    func addReviews(_ count: Int, from firstID: Int64) throws {
        var sql = "INSERT INTO revlog VALUES "
        sql += (0 ..< count).map { "(\(firstID + Int64($0)), 100, 0, 3, 1, 0, 2500, 1000, 1)" }.joined(separator: ",")
        try execute(sql)
    }
}

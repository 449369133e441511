/// Whether a collection read may be believed yet: SQLite's integrity check of its image, which
/// runs beside the reading (``SQLiteConnection/checkIntegrity()``). ``AnkiFile`` waits for it
/// before it returns a collection, unless asked to defer it: a caller that does (`states`, to
/// overlap the check with its replay of a million reviews) calls ``verify()`` before it believes
/// anything — before it writes an answer, a file or a warning.
///
/// Sendable by hand: its one operation waits on the connection's check (a lock and a
/// semaphore, ``SQLiteConnection/checkIntegrity()``) and reads the connection's name; no
/// statement of the connection is ever run through it.
package final class AnkiVerification: @unchecked Sendable {
    /// The connection whose check it is (kept open until then: the check reads its memory), or
    /// `nil` for a collection whose image was already found sound.
    private let connection: SQLiteConnection?

    /// A collection verified when it was read, or made in memory.
    package static let verified = AnkiVerification(nil)

    init(_ connection: SQLiteConnection?) {
        self.connection = connection
    }

    /// Waits for the check.
    /// - Throws: ``AnkiError`` (damaged) naming SQLite's verdict when the image is damaged.
    /// - Complexity: O(pages of the image), mostly spent before the call.
    package func verify() throws(AnkiError) {
        try connection?.checkIntegrity()
    }
}

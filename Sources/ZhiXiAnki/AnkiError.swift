import ZhiXiCore

/// Why an Anki file could not be read: what is wrong, and with which file.
///
/// ``description`` names the file (control characters made visible) and the problem, e.g.
/// `deck.apkg: collection.anki21b: the Zstandard frame is damaged (…)`.
package struct AnkiError: Error, CustomStringConvertible, Sendable, Hashable {
    /// What kind of failure it is; a command maps it to an exit status.
    package enum Kind: Sendable, Hashable {
        /// The file is neither an SQLite database nor a zip archive: not an Anki file at all
        /// (a caller may read it as something else, such as a CSV review log).
        case notAnkiFile
        /// The file is damaged, truncated, or a database or archive that is not an Anki
        /// collection (exit status 65).
        case damaged
        /// A collection of a schema this reader does not know (exit status 65).
        case unsupportedSchema
        /// Larger than the limit, or an archive that would expand past it (exit status 65).
        case tooLarge
        /// The collection changed while it was read, every time it was tried: Anki is writing
        /// it (exit status 75, try again).
        case busy
        /// The file or one beside it could not be read: missing, not a file, no permission
        /// (exit status 66, or 74 for an I/O error).
        case unreadable
    }

    /// The kind of failure.
    package var kind: Kind
    /// The file, as the caller named it.
    package var file: String
    /// What is wrong, as a phrase that follows the file's name.
    package var reason: String

    /// Creates an error.
    package init(_ kind: Kind, file: String, reason: String) {
        self.kind = kind
        self.file = file
        self.reason = reason
    }

    /// `FILE: REASON`, the file's name with control characters made visible.
    package var description: String { "\(file.escapingControlCharacters()): \(reason)" }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read, written, locked or trusted: what kind of problem it is, the
/// path as the caller named it, and a sentence saying what was wrong.
///
/// The kinds map onto a command line's exit statuses: ``Kind-swift.enum/refused`` is a usage
/// mistake (the path names something that is not an output or an input at all),
/// ``Kind-swift.enum/missing`` a missing input, ``Kind-swift.enum/permission`` and
/// ``Kind-swift.enum/io`` failed writes, ``Kind-swift.enum/tooLarge``,
/// ``Kind-swift.enum/empty`` and ``Kind-swift.enum/malformed`` bad data, and
/// ``Kind-swift.enum/busy`` a lock held too long by someone else.
package struct FileSystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    package enum Kind: Sendable, Hashable {
        /// The path names something this operation never reads or writes: a directory as an
        /// output, a socket, a block device, a dangling symbolic link.
        case refused
        /// Nothing exists at the path.
        case missing
        /// The operation is not allowed: a read-only file, a file whose owner could not be
        /// kept, a file with several hard links, a directory open to other users.
        case permission
        /// A system call failed (a full disk, an I/O error, a file that vanished).
        case io
        /// The input is larger than the limit it is read with.
        case tooLarge
        /// The input holds no bytes.
        case empty
        /// The input does not start the way its format must.
        case malformed
        /// Another process held the lock for longer than the wait allowed.
        case busy
    }

    /// What kind of problem it is.
    package var kind: Kind
    /// The path as the caller named it (`standard input` for the standard input).
    package var path: String
    /// What was wrong, as a sentence without the path, such as `is a directory, not a file`.
    package var reason: String

    /// A problem of `kind` with the file at `path`.
    package init(_ kind: Kind, path: String, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    package var description: String { "\(path): \(reason)" }

    /// The text of the current `errno`.
    static var lastError: String { String(cString: strerror(errno)) }
}

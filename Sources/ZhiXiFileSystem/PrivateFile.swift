import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file the package keeps in a private directory (``PrivateDirectory``) and reads back or
/// sends later — a secret, an outbox entry, a lock, a journal — opened only as the store's
/// directory is trusted: never through a symbolic link (`O_NOFOLLOW`), never waiting on a
/// named pipe (`O_NONBLOCK`), and checked on its descriptor (`fstat`) before a byte is read or
/// written: a regular file, owned by the effective user, open to nobody else (no group or
/// other permission bits) and with a single hard link. A file that fails is refused, never
/// read, changed or sent: it was not written by us.
package enum PrivateFile {
    /// Opens the file at `path` for reading (and writing when `writing`), creating it (mode
    /// 0600, exclusively of links) when `create` and it does not exist. Returns `nil` when it
    /// does not exist and `create` is `false`. The caller closes the descriptor. O(1).
    /// - Throws: ``FileSystemError`` of kind ``FileSystemError/Kind-swift.enum/refused`` for
    ///   something that is not a regular file, ``FileSystemError/Kind-swift.enum/permission``
    ///   for a file that is not ours as described above (a link, another user's, open to
    ///   others, several links), ``FileSystemError/Kind-swift.enum/io`` when it cannot be opened.
    package static func open(_ path: String, writing: Bool = false, create: Bool = false) throws(FileSystemError) -> Int32? {
        var flags = (writing || create ? O_RDWR : O_RDONLY) | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY
        if create { flags |= O_CREAT }
        while true {
            let descriptor = Foundation.open(path, flags, 0o600)
            if descriptor >= 0 {
                do throws(FileSystemError) {
                    try check(descriptor, path: path)
                } catch {
                    close(descriptor)
                    throw error
                }
                return descriptor
            }
            switch errno {
            case EINTR: continue
            case ENOENT where !create: return nil
            case ELOOP, EMLINK:
                throw FileSystemError(.permission, path: path, reason: "is a symbolic link; the package never follows a link "
                                      + "among its own files, so it was not used")
            default:
                throw FileSystemError(.io, path: path, reason: "cannot be opened (\(FileSystemError.lastError))")
            }
        }
    }

    /// The whole file at `path`, at most `limit` bytes, or `nil` when it does not exist. O(size).
    /// - Throws: ``FileSystemError``: as ``open(_:writing:create:)``, and
    ///   ``FileSystemError/Kind-swift.enum/tooLarge`` past `limit`.
    package static func read(_ path: String, limit: Int) throws(FileSystemError) -> Data? {
        guard let descriptor = try open(path) else { return nil }
        defer { close(descriptor) }
        return try InputFile.readStreamAllowingEmpty(descriptor, limit: limit, name: path)
    }

    /// Refuses the open file `descriptor` (at `path`) unless it is a regular file of the
    /// effective user's, open to nobody else, with one hard link. O(1).
    /// - Throws: ``FileSystemError`` of kind ``FileSystemError/Kind-swift.enum/refused`` (not a
    ///   regular file) or ``FileSystemError/Kind-swift.enum/permission`` saying which.
    package static func check(_ descriptor: Int32, path: String) throws(FileSystemError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw FileSystemError(.io, path: path, reason: "cannot be examined (\(FileSystemError.lastError))")
        }
        let type = SystemCalls.type(status.st_mode)
        guard type == S_IFREG else {
            throw FileSystemError(.refused, path: path, reason: "is \(SystemCalls.describe(type: type)), not a file this program "
                                  + "wrote, so it was not used")
        }
        guard status.st_uid == geteuid() else {
            throw FileSystemError(.permission, path: path, reason: "belongs to another user (\(status.st_uid)); this program did not "
                                  + "write it, so it was not used")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw FileSystemError(.permission, path: path, reason: "is open to other users (mode "
                                  + "\(String(status.st_mode & 0o7777, radix: 8))); this program writes such files 0600, so it was "
                                  + "not used")
        }
        guard status.st_nlink <= 1 else {
            throw FileSystemError(.permission, path: path, reason: "has \(status.st_nlink) hard links; this program never links its "
                                  + "files, so it was not used")
        }
    }

    /// The entries of the directory at `path` (names, unsorted), without `.` and `..`. O(entries).
    /// - Throws: ``FileSystemError`` of kind ``FileSystemError/Kind-swift.enum/io``.
    package static func entries(of path: String) throws(FileSystemError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw FileSystemError(.io, path: path, reason: "cannot be listed (\((error as NSError).localizedDescription))")
        }
    }
}

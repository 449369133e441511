import Foundation
import ZhiXiFileSystem

/// Changes a file in place the way a user can trust (`LockedFile` of ZhiXiFileSystem):
/// under an exclusive lock (concurrent runs all land, one after the other; a lock held by
/// another run is waited for at most `wait`, saying so after a second), through a symbolic
/// link to its target (the link stays a link; another user's link in a shared sticky
/// directory is refused), and atomically through `AtomicFileWriter` (a temporary file
/// created exclusively under a short unpredictable name, flushed to disk and renamed over the
/// original; removed if the process is interrupted, and by the next update if the process was
/// killed).
///
/// Refused with 74, the file unchanged: a read-only file, a file the user may not write
/// (whatever the directory allows), a file whose owner or group the replacement could not
/// keep, and a file with several hard links (replacing it would split them; docs/COMMANDS.md says
/// so). Something that is not a regular file (a directory, a named pipe) is refused with 66
/// before it is opened, so a pipe cannot make the command wait.
enum LockedFileUpdate {
    /// Reads the file at `path`, passes its bytes to `transform` while holding the lock, and
    /// writes what it returns.
    /// - Throws: 66 when the file is missing, not a regular file or unreadable; 65 when it is
    ///   larger than `limit`; 74 when it may not be replaced or cannot be written; 75 when
    ///   another process held the lock longer than `wait`; and whatever `transform` throws.
    ///   The file is then unchanged.
    static func update(_ path: String, limit: Int, wait: FileLockWait,
                       _ transform: (Data) throws(CommandError) -> Data) throws(CommandError) {
        let file = try open(path, limit: limit, wait: wait)
        defer { file.close() }
        let updated = try transform(try read(file))
        try replace(file, with: updated)
    }

    /// The file at `path` opened and locked, checked replaceable before anything else is
    /// done (so a command that then talks to a server knows first that it can write).
    /// - Throws: the statuses of ``update(_:limit:wait:_:)``.
    static func open(_ path: String, limit: Int, wait: FileLockWait) throws(CommandError) -> LockedFile {
        do {
            return try LockedFile.open(path, limit: limit, wait: wait)
        } catch {
            throw failure(error, path: path)
        }
    }

    /// The locked file's bytes.
    /// - Throws: 65 when it grew past its limit, 66 when it cannot be read.
    static func read(_ file: LockedFile) throws(CommandError) -> Data {
        do {
            return try file.read()
        } catch {
            throw failure(error, path: file.path)
        }
    }

    /// Replaces the locked file with `data`.
    /// - Throws: 74 when it cannot be written (it is then unchanged).
    static func replace(_ file: LockedFile, with data: Data) throws(CommandError) {
        do {
            try file.replace(with: data)
        } catch {
            throw FileAccess.outputFailure(error)
        }
    }

    /// The exit status of a file error while opening or reading: 66 missing, not a file or
    /// unreadable; 65 too large; 75 busy; 74 not replaceable.
    static func failure(_ error: FileSystemError, path: String) -> CommandError {
        switch error.kind {
        case .missing, .refused, .io, .empty, .malformed: .noInput(error.description)
        case .tooLarge: .dataError(error.description)
        case .busy: .temporaryFailure(error.description)
        case .permission: .ioError(error.description)
        }
    }
}

import Foundation
import ZhiXiFileSystem

/// Changes a file in place the way a user can trust: under an exclusive lock (concurrent runs
/// all land, one after the other; a lock held by another run is waited for at most `wait`,
/// saying so after a second), through a symbolic link to its target (the link stays a link),
/// and atomically through `AtomicFileWriter` (a temporary file created exclusively under a
/// short unpredictable name, flushed to disk and renamed over the original; removed if the
/// process is interrupted, and by the next update if the process was killed).
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
        guard let resolved = realpath(path, nil) else {
            throw .noInput("\(path): \(errno == ENOENT ? "no such file" : String(cString: strerror(errno)))")
        }
        let target = String(cString: resolved)
        free(resolved)

        // Lock the file; if another run replaced it while we waited, lock the new one.
        var descriptor: Int32 = -1
        var status = stat()
        for _ in 0 ..< 1000 {
            var before = stat()
            guard stat(target, &before) == 0 else { throw .noInput("\(path): \(String(cString: strerror(errno)))") }
            guard (before.st_mode & S_IFMT) == S_IFREG else {
                throw .noInput("\(path): is \(describe(before.st_mode)), not a workspace file")
            }
            descriptor = open(target, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { throw .noInput("\(path): cannot be opened (\(String(cString: strerror(errno))))") }
            do {
                try FileLock.lock(descriptor, path: path, wait: wait)
            } catch {
                close(descriptor)
                throw FileAccess.outputFailure(error)
            }
            var current = stat()
            fstat(descriptor, &status)
            if stat(target, &current) == 0, current.st_ino == status.st_ino, current.st_dev == status.st_dev { break }
            close(descriptor)
            descriptor = -1
        }
        guard descriptor >= 0 else { throw .ioError("\(path): keeps being replaced by another program; try again") }
        defer { close(descriptor) }   // releases the lock
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .noInput("\(path): is not a regular file") }
        let identity = FileIdentity(status)
        do {
            try identity.checkReplaceable(target, shownAs: path)
        } catch {
            throw FileAccess.outputFailure(error)
        }
        guard Int(status.st_size) <= limit else {
            throw .dataError("\(path): is \(InputFile.describe(bytes: Int(status.st_size))), more than the "
                             + "\(InputFile.describe(bytes: limit)) a workspace may be")
        }

        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                guard data.count + count <= limit else {
                    throw .dataError("\(path): grew past \(InputFile.describe(bytes: limit)) while being read")
                }
                data.append(contentsOf: buffer[0 ..< count])
            } else if count == 0 {
                break
            } else if errno != EINTR {
                throw .noInput("\(path): cannot be read (\(String(cString: strerror(errno))))")
            }
        }
        let updated = try transform(data)
        do {
            try AtomicFileWriter.writeReplacing(target, shownAs: path, data: updated, mode: identity.permissions,
                                                owner: (identity.owner, identity.group), holdingWritersLock: true)
        } catch {
            throw FileAccess.outputFailure(error)
        }
    }

    private static func describe(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a named pipe"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}

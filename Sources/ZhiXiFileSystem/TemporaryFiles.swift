import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files of ``AtomicFileWriter``: named `.zx-HHHHHHHH-RRRRRRRRRRRR.tmp`, where
/// `HHHHHHHH` is a hash of the name of the file they will replace (so the next write of that
/// file finds them) and `RRRRRRRRRRRR` 48 random bits. A writer holds an exclusive `flock` on
/// its temporary file from the moment it exists until it is renamed or removed; the lock
/// goes with the process, so a temporary file nobody holds a lock on was abandoned.
enum TemporaryFiles {
    /// The name prefix of the temporary files that replace the file `name`.
    static func prefix(forFileNamed name: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let hex = String(hash, radix: 16)
        return ".zx-" + String(repeating: "0", count: 8 - hex.count) + hex + "-"
    }

    /// Creates, opens and locks a new temporary file for `name` in `directory`, mode 0600,
    /// remembered for removal on an interruption (``InterruptCleanup``) from before it exists;
    /// the caller calls `InterruptCleanup.unregister()` once it is renamed or removed.
    /// - Throws: ``FileSystemError`` when none can be created.
    static func create(besideFileNamed name: String, in directory: String,
                       shownAs path: String) throws(FileSystemError) -> (path: String, descriptor: Int32) {
        let prefix = prefix(forFileNamed: name)
        var generator = SystemRandomNumberGenerator()
        for _ in 0 ..< 16 {
            let random = String(generator.next() & 0xFFFF_FFFF_FFFF, radix: 16)
            let temporary = directory + "/" + prefix + String(repeating: "0", count: 12 - random.count) + random + ".tmp"
            // Remembered for an interruption before it exists: a signal landing between the
            // creation and a later registration would leave the file behind.
            InterruptCleanup.register(temporary)
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
                return (temporary, descriptor)
            }
            let failure = errno
            InterruptCleanup.unregister()
            if failure != EEXIST { errno = failure; break }
        }
        throw FileSystemError(.io, path: path, reason: "cannot create a temporary file in \(directory) "
                              + "(\(FileSystemError.lastError)); the file is unchanged")
    }

    /// Removes the temporary files for `name` in `directory` that belong to the effective user
    /// and that no running writer holds: abandoned by a process that was killed. A file that
    /// is still empty and younger than a few seconds is left, since its writer may be about to
    /// lock it — unless `evenNew` (the caller holds a lock every writer of the file takes, so
    /// no writer can be between creating and locking it). Best effort: O(entries of the directory).
    static func removeAbandoned(besideFileNamed name: String, in directory: String, evenNew: Bool = false) {
        let prefix = prefix(forFileNamed: name)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let user = geteuid()
        for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") && entry.utf8.count == prefix.utf8.count + 16 {
            let path = directory + "/" + entry
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, SystemCalls.type(status.st_mode) == S_IFREG, status.st_uid == user,
                  flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            let age = Int(time(nil)) - SystemCalls.modificationSeconds(status)
            if evenNew || status.st_size > 0 || age > 5 { unlink(path) }
        }
    }
}

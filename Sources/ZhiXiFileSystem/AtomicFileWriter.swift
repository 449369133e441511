import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes outputs whole or not at all, the one implementation behind every file the package
/// writes.
///
/// A regular file is replaced atomically:
/// 1. a temporary file is created beside it, exclusively (`O_EXCL`, never through a link),
///    under a short unpredictable name (`.zx-` + 8 hex digits naming the file + `-` + 12
///    random hex digits + `.tmp`, 30 bytes, so a file name of 250 bytes still works), and
///    locked (`flock`) while it is written;
/// 2. the data is written and flushed to the disk (`fsync`; `F_FULLFSYNC` on Apple platforms);
/// 3. the old file's owner, group and permission bits are given to it (a new file gets
///    `0666` less the umask, or the mode asked for);
/// 4. it is renamed over the file, and the directory is flushed so the rename survives a crash.
///
/// On any failure the file is unchanged and the temporary file removed. A symbolic link
/// stays a link: its target is replaced. A file the user may not write, whose owner or group
/// could not be kept, or that has other hard links is refused before anything is written
/// (``FileIdentity/checkReplaceable(_:shownAs:)``). Temporary files left by a process that
/// was killed (`kill -9`, a power cut) are found and removed by the next write of the same
/// file: a temporary file whose lock nobody holds belongs to no running writer.
///
/// A named pipe or a character device is written in place; the standard output and error
/// are written to their descriptors (see ``OutputDestination``).
///
/// ```swift
/// try AtomicFileWriter.write(Data("[0.2, 1.3]\n".utf8), to: "params.json")
/// ```
package enum AtomicFileWriter {
    /// Writes `data` to the output `path`: classifies it (``OutputDestination/init(path:)``)
    /// and writes it as its kind requires. O(size of `data`).
    /// - Parameters:
    ///   - data: the whole contents to write.
    ///   - path: the output path, as the user gave it.
    ///   - newFileMode: the permission bits of a file created anew (default `0666` less the
    ///     umask); an existing file keeps its own.
    /// - Throws: ``FileSystemError``; a regular file is then unchanged.
    package static func write(_ data: Data, to path: String, newFileMode: mode_t? = nil) throws(FileSystemError) {
        switch try OutputDestination(path: path) {
        case .standardOutput: try writeToDescriptor(data, 1, name: "standard output")
        case .standardError: try writeToDescriptor(data, 2, name: "standard error")
        case .stream(let streamPath): try writeInPlace(data, to: streamPath)
        case .file(let file): try replace(file, with: data, newFileMode: newFileMode)
        }
    }

    /// Replaces (or creates) the regular file `file` with `data`, atomically. The file is
    /// checked again first: if it was replaced or changed kind since it was classified, the
    /// new one is checked as the old one was.
    /// - Throws: ``FileSystemError``; the file is then unchanged and no temporary file is left.
    package static func replace(_ file: RegularFileOutput, with data: Data, newFileMode: mode_t? = nil) throws(FileSystemError) {
        var existing = file.existing
        if let status = SystemCalls.status(file.target) {
            let now = FileIdentity(status)
            if now != existing { try now.checkReplaceable(file.target, shownAs: file.path) }
            existing = now
        } else {
            existing = nil
        }
        let attributes: (mode: mode_t, owner: (uid_t, gid_t)?)
        if let existing {
            attributes = (existing.permissions, (existing.owner, existing.group))
        } else {
            let mask = umask(0)
            umask(mask)
            attributes = (newFileMode ?? (0o666 & ~mask), nil)
        }
        try writeReplacing(file.target, shownAs: file.path, data: data, mode: attributes.mode, owner: attributes.owner)
    }

    /// Replaces `target` (a resolved path) with `data` through a temporary file, giving the new
    /// file `mode` and, when given, `owner` (user and group). The caller has checked that the
    /// replacement may be made; callers that hold a lock on the
    /// file pass what `fstat` of their descriptor said, and `holdingWritersLock` `true` when
    /// every writer of `target` takes that lock: then every temporary file of `target` that no
    /// process holds was abandoned, however new, and is removed.
    /// - Throws: ``FileSystemError``; `target` is then unchanged and no temporary file is left.
    package static func writeReplacing(_ target: String, shownAs path: String, data: Data, mode: mode_t,
                                      owner: (uid_t, gid_t)?, holdingWritersLock: Bool = false) throws(FileSystemError) {
        let (directory, name) = RegularFileOutput.split(target)
        TemporaryFiles.removeAbandoned(besideFileNamed: name, in: directory, evenNew: holdingWritersLock)
        let (temporary, descriptor) = try TemporaryFiles.create(besideFileNamed: name, in: directory, shownAs: path)
        defer { InterruptCleanup.unregister() }
        var failure: String?
        if let error = data.withUnsafeBytes({ SystemCalls.writeAll($0, to: descriptor) }) {
            failure = String(cString: strerror(error))
        }
        // The owner first: changing it may clear the setuid and setgid bits, which the mode
        // then puts back.
        if failure == nil, let owner {
            var status = stat()
            if fstat(descriptor, &status) == 0, status.st_uid != owner.0 || status.st_gid != owner.1,
               fchown(descriptor, owner.0, owner.1) != 0 {
                failure = "its owner \(owner.0) and group \(owner.1) cannot be kept (\(FileSystemError.lastError))"
            }
        }
        if failure == nil, fchmod(descriptor, mode) != 0 { failure = "its mode cannot be kept (\(FileSystemError.lastError))" }
        if failure == nil, !SystemCalls.syncToDisk(descriptor) { failure = FileSystemError.lastError }
        if close(descriptor) != 0, failure == nil { failure = FileSystemError.lastError }
        if failure == nil, rename(temporary, target) != 0 { failure = FileSystemError.lastError }
        if let failure {
            unlink(temporary)
            throw FileSystemError(.io, path: path, reason: "cannot be written (\(failure)); the file is unchanged")
        }
        SystemCalls.syncDirectory(directory)
    }

    /// Replaces (or creates) the file a library keeps at `path` with `data`, atomically, with
    /// permissions `mode` (default 0600, the owner only): for files in a directory the
    /// library owns (a secret, an outbox entry, a journal, reading positions), never an output
    /// the user named. A symbolic link at `path` is replaced, never followed.
    /// - Parameters:
    ///   - data: the whole contents.
    ///   - path: the file.
    ///   - mode: the new file's permission bits.
    ///   - holdingWritersLock: `true` when every writer of `path` holds a lock the caller
    ///     holds now: every temporary file of `path` then left behind is removed, however new.
    /// - Throws: ``FileSystemError``; the file is then unchanged and no temporary file is left.
    package static func replaceFile(at path: String, with data: Data, mode: mode_t = 0o600,
                                   holdingWritersLock: Bool = false) throws(FileSystemError) {
        try writeReplacing(path, shownAs: path, data: data, mode: mode, owner: nil, holdingWritersLock: holdingWritersLock)
    }

    /// Removes the file at `path` and flushes its directory, so the removal survives a crash.
    /// A file that is already gone, or whose directory is not there, is not an error.
    /// - Throws: ``FileSystemError`` of kind ``FileSystemError/Kind-swift.enum/io`` when it
    ///   cannot be removed.
    package static func removeFile(at path: String) throws(FileSystemError) {
        if unlink(path) != 0 {
            if errno == ENOENT || errno == ENOTDIR { return }
            throw FileSystemError(.io, path: path, reason: "cannot be removed (\(FileSystemError.lastError))")
        }
        SystemCalls.syncDirectory(RegularFileOutput.split(path).directory)
    }

    /// Writes `data` into the named pipe or character device at `path`, opened for writing
    /// without creating or truncating anything. Opening a pipe waits for its reader.
    /// - Throws: ``FileSystemError`` of kind ``FileSystemError/Kind-swift.enum/io``.
    package static func writeInPlace(_ data: Data, to path: String) throws(FileSystemError) {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            throw FileSystemError(.io, path: path, reason: "cannot be opened for writing (\(FileSystemError.lastError))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, [S_IFIFO, S_IFCHR].contains(SystemCalls.type(status.st_mode)) else {
            throw FileSystemError(.refused, path: path, reason: "is no longer a named pipe or a character device")
        }
        if let error = data.withUnsafeBytes({ SystemCalls.writeAll($0, to: descriptor) }) {
            throw FileSystemError(.io, path: path, reason: "cannot be written (\(String(cString: strerror(error))))")
        }
    }

    /// Writes `data` to an open descriptor (the standard output or error).
    static func writeToDescriptor(_ data: Data, _ descriptor: Int32, name: String) throws(FileSystemError) {
        if let error = data.withUnsafeBytes({ SystemCalls.writeAll($0, to: descriptor) }) {
            throw FileSystemError(.io, path: name, reason: "cannot be written (\(String(cString: strerror(error))))")
        }
    }
}

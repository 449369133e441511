#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file opened for reading without ever blocking on something else at its path (a
/// named pipe someone put beside a collection, a link to a device): the path's status first,
/// then a non-blocking open, then the open file's status again, which must be the same regular
/// file. Nothing that is not a regular file is read.
///
/// ```swift
/// if let file = try RegularFile.openForReading("collection.anki2-wal") { defer { file.close() }; … }
/// ```
package struct RegularFile: Sendable {
    /// The open descriptor (read-only, close-on-exec).
    package let descriptor: Int32
    /// Its status when opened.
    package let status: FileStatus

    /// Opens the regular file at `path` (a final symbolic link followed), or `nil` when nothing
    /// is there.
    /// - Throws: ``FileSystemError``: ``FileSystemError/Kind-swift.enum/refused`` for anything
    ///   that is not a regular file (saying what it is), ``FileSystemError/Kind-swift.enum/io``
    ///   when it cannot be opened.
    /// - Complexity: three system calls.
    package static func openForReading(_ path: String) throws(FileSystemError) -> RegularFile? {
        guard let before = FileStatus.at(path) else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw FileSystemError(.io, path: path, reason: "cannot be examined (\(FileSystemError.lastError))")
        }
        guard before.isRegularFile else { throw notRegular(path, before.type) }
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw FileSystemError(.io, path: path, reason: "cannot be read (\(FileSystemError.lastError))")
        }
        guard let opened = FileStatus.of(descriptor: descriptor), opened.isRegularFile else {
            let type = FileStatus.of(descriptor: descriptor)?.type ?? 0
            closeDescriptor(descriptor)
            throw notRegular(path, type)
        }
        return RegularFile(descriptor: descriptor, status: opened)
    }

    /// Closes the descriptor.
    package func close() { closeDescriptor(descriptor) }

    private static func notRegular(_ path: String, _ type: mode_t) -> FileSystemError {
        FileSystemError(.refused, path: path, reason: "is \(SystemCalls.describe(type: type)), not a regular file")
    }
}

/// The C library's `close`, named apart from ``RegularFile/close()``.
private func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Files written whole or not at all, and removed for good: a temporary file created
/// exclusively under an unpredictable name beside the target (never through a link), written,
/// flushed to the disk (`fsync`; `F_FULLFSYNC` on Apple platforms, where `fsync` leaves data
/// in the drive's cache), renamed over the target, and the directory flushed, so that after a
/// crash at any instant the target is either the old file or the new one, and a rename or
/// removal that returned is on the disk.
public enum AtomicFile {
    /// Why a file could not be written or removed: the path, what was being done, the
    /// system's reason.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file or directory.
        public var path: String
        /// What was being done, such as `"writing"`.
        public var operation: String
        /// The system's reason, such as `"No space left on device"`.
        public var reason: String

        /// `writing PATH failed: REASON`.
        public var description: String { "\(operation) \(path) failed: \(reason)" }
    }

    /// Writes `data` to `path` atomically with permissions `mode` (default 0600, the owner
    /// only). On failure the file at `path` is as it was and the temporary file is gone.
    public static func write(_ data: Data, to path: String, mode: mode_t = 0o600) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var random = SystemRandomNumberGenerator()
        let temporary = directory + "/." + url.lastPathComponent + "." + String(random.next(), radix: 16) + ".tmp"
        let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard file >= 0 else { throw Failure(path: temporary, operation: "creating", reason: lastError) }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(file, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = lastError
                    return
                }
                offset += written
            }
        }
        if failure == nil, !syncToDisk(file) { failure = lastError }
        if close(file) != 0, failure == nil { failure = lastError }
        if failure == nil, rename(temporary, path) != 0 { failure = lastError }
        if let failure {
            unlink(temporary)
            throw Failure(path: path, operation: "writing", reason: failure)
        }
        try syncDirectory(directory)
    }

    /// Removes the file at `path` and flushes its directory, so the removal survives a crash.
    /// A file that is already gone is not an error.
    public static func remove(_ path: String) throws(Failure) {
        if unlink(path) != 0, errno != ENOENT { throw Failure(path: path, operation: "removing", reason: lastError) }
        try syncDirectory(URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    /// Flushes a directory's entries (names added, renamed or removed) to the disk.
    public static func syncDirectory(_ path: String) throws(Failure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(path: path, operation: "opening the directory", reason: lastError) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 || errno == EINVAL else {
            throw Failure(path: path, operation: "flushing the directory", reason: lastError)
        }
    }

    /// Flushes a file's data to the disk: `fsync`, `F_FULLFSYNC` first on Apple platforms.
    public static func syncToDisk(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }
        #endif
        while fsync(descriptor) != 0 {
            if errno != EINTR { return false }
        }
        return true
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}

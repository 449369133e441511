#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says of a file: its identity (device, inode, mode, owner, links), its size and
/// when it was last modified. The package's one way to ask (``at(_:followingLinks:)``,
/// ``of(descriptor:)``), so that no other target calls `stat` itself.
package struct FileStatus: Sendable, Hashable {
    /// The file's device, inode, mode, owner, group and hard links.
    package let identity: FileIdentity
    /// Its size in bytes.
    package let size: Int
    /// The whole seconds of its last modification, since 1970.
    package let modificationSeconds: Int
    /// The nanoseconds past ``modificationSeconds``.
    package let modificationNanoseconds: Int

    init(_ status: stat) {
        identity = FileIdentity(status)
        size = Int(status.st_size)
        let time = SystemCalls.modificationTime(status)
        modificationSeconds = Int(time.tv_sec)
        modificationNanoseconds = Int(time.tv_nsec)
    }

    /// The file type bits of the mode (`S_IFREG`, `S_IFDIR`, …).
    package var type: mode_t { SystemCalls.type(identity.mode) }
    /// Whether it is a regular file.
    package var isRegularFile: Bool { type == S_IFREG }
    /// Whether it is a directory.
    package var isDirectory: Bool { type == S_IFDIR }
    /// What kind of file it is, for a message: `a regular file`, `a named pipe (FIFO)`, …
    package var kindDescription: String { SystemCalls.describe(type: type) }

    /// The status of the file at `path` (`stat`, or `lstat` when not `followingLinks`).
    ///
    /// - Complexity: one system call.
    /// - Parameters:
    ///   - path: the file.
    ///   - followingLinks: whether a final symbolic link is followed.
    /// - Returns: the status, or `nil` with `errno` set (`ENOENT`: no such file).
    package static func at(_ path: String, followingLinks: Bool = true) -> FileStatus? {
        (followingLinks ? SystemCalls.status(path) : SystemCalls.linkStatus(path)).map(FileStatus.init)
    }

    /// The status of the open file `descriptor` (`fstat`).
    ///
    /// - Complexity: one system call.
    /// - Parameter descriptor: an open file descriptor.
    /// - Returns: the status, or `nil` with `errno` set.
    package static func of(descriptor: Int32) -> FileStatus? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? FileStatus(status) : nil
    }
}

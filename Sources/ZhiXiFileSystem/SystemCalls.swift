#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few system calls whose spelling or guarantees differ between platforms, behind one
/// `#if` each: the package's one place for them (the journal of the reading queue and the
/// tests use them too).
package enum SystemCalls {
    /// Flushes a file's data and metadata to the storage device: `fsync` on Linux,
    /// `fcntl(F_FULLFSYNC)` on Apple platforms (where `fsync` leaves the data in the drive's
    /// cache), falling back to `fsync` where the file system refuses it. Retries after `EINTR`.
    package static func syncToDisk(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }
        #endif
        while fsync(descriptor) != 0 {
            if errno != EINTR { return false }
        }
        return true
    }

    /// Flushes a file's data (and the metadata needed to read it back) to the storage device:
    /// `fdatasync` on Linux; on Apple platforms, which have no cheaper flush that reaches the
    /// disk, as ``syncToDisk(_:)``. Retries after `EINTR`. For files appended in place.
    package static func syncDataToDisk(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
        return syncToDisk(descriptor)
        #else
        while fdatasync(descriptor) != 0 {
            if errno != EINTR { return false }
        }
        return true
        #endif
    }

    /// Flushes a directory's entries (a rename, a new file) to disk; best effort.
    package static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = syncToDisk(descriptor)
        close(descriptor)
    }

    /// `stat` of a path without following a final symbolic link; `nil` with `errno` set.
    static func linkStatus(_ path: String) -> stat? {
        var status = stat()
        return lstat(path, &status) == 0 ? status : nil
    }

    /// `stat` of a path, following symbolic links; `nil` with `errno` set.
    static func status(_ path: String) -> stat? {
        var status = stat()
        return stat(path, &status) == 0 ? status : nil
    }

    /// When a file's contents last changed, since 1970 (`st_mtimespec` on Apple platforms,
    /// `st_mtim` on Linux).
    package static func modificationTime(_ status: stat) -> timespec {
        #if canImport(Darwin)
        return status.st_mtimespec
        #else
        return status.st_mtim
        #endif
    }

    /// When a file's contents last changed, in whole seconds since 1970.
    package static func modificationSeconds(_ status: stat) -> Int {
        Int(modificationTime(status).tv_sec)
    }

    /// The type bits of a mode.
    static func type(_ mode: mode_t) -> mode_t { mode & S_IFMT }

    /// Writes every byte, retrying after interruptions and short writes; the `errno` on failure.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// Whether the effective user may write the file at `path` (its permission bits, ACLs and
    /// read-only mounts as the kernel judges them).
    static func effectiveUserMayWrite(_ path: String) -> Bool {
        faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) == 0
    }

    /// Whether the effective user belongs to `group` (its effective or a supplementary group).
    static func effectiveUserBelongs(to group: gid_t) -> Bool {
        if getegid() == group { return true }
        let count = getgroups(0, nil)
        guard count > 0 else { return false }
        var groups = [gid_t](repeating: 0, count: Int(count))
        let got = getgroups(count, &groups)
        return got > 0 && groups.prefix(Int(got)).contains(group)
    }

    /// A description of a file type for messages: `a directory`, `a socket`, ….
    static func describe(type: mode_t) -> String {
        switch type {
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        case S_IFBLK: "a block device"
        case S_IFCHR: "a character device"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFLNK: "a symbolic link"
        case S_IFREG: "a regular file"
        default: "not a file"
        }
    }
}

extension SystemCalls {
    /// The target of the symbolic link at `path`, as written in the link; `nil` with `errno` set.
    static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

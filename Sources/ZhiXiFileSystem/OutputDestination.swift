#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an output path leads, decided before any work is done, and so how it is written:
///
/// | the path names | it is written |
/// | --- | --- |
/// | `-`, `/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1` | to the standard output (``standardOutput``) |
/// | `/dev/stderr`, `/dev/fd/2`, `/proc/self/fd/2` | to the standard error (``standardError``) |
/// | a named pipe (FIFO) or a character device (`/dev/null`, a terminal), or a link to one | in place, opened for writing and never replaced (``stream(path:)``) |
/// | a regular file, or nothing yet in an existing directory | replaced atomically by ``AtomicFileWriter`` (``file(_:)``) |
/// | anything else: a directory, a socket, a block device, a dangling link | refused |
///
/// ```swift
/// let destination = try OutputDestination(path: "plan.json")   // before the work
/// // … compute `data` …
/// if case .file(let file) = destination { try AtomicFileWriter.replace(file, with: data) }
/// ```
package enum OutputDestination: Sendable, Hashable {
    /// The process's standard output.
    case standardOutput
    /// The process's standard error.
    case standardError
    /// A named pipe or a character device, written in place.
    case stream(path: String)
    /// A regular file (existing, or to be created), replaced atomically.
    case file(RegularFileOutput)

    /// The paths that mean the standard output.
    package static let standardOutputPaths: Set<String> = ["-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"]
    /// The paths that mean the standard error.
    package static let standardErrorPaths: Set<String> = ["/dev/stderr", "/dev/fd/2", "/proc/self/fd/2"]

    /// Classifies `path` as an output, following symbolic links as ``LinkPolicy/output``
    /// allows (never another user's link in a shared sticky directory such as `/tmp`), and
    /// checks up front what can be checked: that an existing regular file may be written by
    /// the effective user, keeps its owner and group and has a single link, and that a new
    /// file's directory exists and may be written. O(components of the path) system calls.
    ///
    /// - Throws: ``FileSystemError`` of kind ``FileSystemError/Kind-swift.enum/refused`` for a
    ///   directory, a socket, a block device, a dangling symbolic link or a name longer than
    ///   the file system allows; ``FileSystemError/Kind-swift.enum/permission`` for a file or
    ///   directory the user may not change this way, or a link the policy refuses;
    ///   ``FileSystemError/Kind-swift.enum/io`` for a new file whose directory does not exist.
    package init(path: String) throws(FileSystemError) {
        if Self.standardOutputPaths.contains(path) {
            self = .standardOutput
            return
        }
        if Self.standardErrorPaths.contains(path) {
            self = .standardError
            return
        }
        guard !path.isEmpty else { throw FileSystemError(.refused, path: path, reason: "an empty path names no file") }
        guard !path.utf8.contains(0) else { throw FileSystemError(.refused, path: path, reason: "a path cannot hold a NUL byte") }
        let target: String
        do {
            target = try LinkPolicy.output.resolve(path, allowingMissingEnd: true)
        } catch where error.kind == .missing {
            throw FileSystemError(.io, path: path, reason: "cannot be created: \(error.reason)")
        }
        // `target` has no link left but the kernel's own under /proc (`/dev/stdout`'s), which
        // `stat` follows.
        if let status = SystemCalls.status(target) {
            switch SystemCalls.type(status.st_mode) {
            case S_IFIFO, S_IFCHR:
                self = .stream(path: path)
            case S_IFREG:
                self = .file(try RegularFileOutput(existing: path, target: target, status: status))
            default:
                throw FileSystemError(.refused, path: path, reason: "is \(SystemCalls.describe(type: SystemCalls.type(status.st_mode))); "
                                      + "an output must be a regular file, a named pipe or a character device")
            }
            return
        }
        let failure = errno
        if SystemCalls.linkStatus(path).map({ SystemCalls.type($0.st_mode) == S_IFLNK }) == true {
            throw FileSystemError(.refused, path: path, reason: "is a symbolic link to something that does not exist "
                                  + "(\(String(cString: strerror(failure)))); give the file itself")
        }
        guard failure == ENOENT else {
            throw FileSystemError(failure == EACCES ? .permission : .refused, path: path,
                                  reason: "cannot be examined (\(String(cString: strerror(failure))))")
        }
        self = .file(try RegularFileOutput(new: path, target: target))
    }
}

/// A regular file that an output will replace (or create), resolved and checked by
/// ``OutputDestination/init(path:)``.
package struct RegularFileOutput: Sendable, Hashable {
    /// The path as the caller gave it, for messages.
    package let path: String
    /// The file actually written: `path` with every symbolic link resolved, so that a link
    /// stays a link to the updated file.
    package let target: String
    /// The file as it is now, or `nil` when it does not exist yet.
    package let existing: FileIdentity?

    /// The longest file name most file systems take, in bytes.
    static let maximumNameLength = 255

    init(existing path: String, target: String, status: stat) throws(FileSystemError) {
        self.path = path
        self.target = target
        let identity = FileIdentity(status)
        existing = identity
        try identity.checkReplaceable(target, shownAs: path)
        try Self.checkDirectory(of: target, shownAs: path)
    }

    /// A new file at `target`, `path` resolved (its directory exists unless refused here).
    init(new path: String, target: String) throws(FileSystemError) {
        self.path = path
        let (directory, name) = Self.split(target)
        guard name.utf8.count <= Self.maximumNameLength else {
            throw FileSystemError(.refused, path: path, reason: "the file name is \(name.utf8.count) bytes long; "
                                  + "file systems take at most \(Self.maximumNameLength)")
        }
        guard let status = SystemCalls.status(directory) else {
            throw FileSystemError(.io, path: path, reason: "cannot be created: its directory \(Self.split(path).directory) does not exist")
        }
        guard SystemCalls.type(status.st_mode) == S_IFDIR else {
            throw FileSystemError(.io, path: path, reason: "cannot be created: \(Self.split(path).directory) is not a directory")
        }
        self.target = target
        existing = nil
        try Self.checkDirectory(of: target, shownAs: path)
    }

    /// A new output at `target`, already resolved, for writers that resolved it themselves.
    init(resolvedTarget: String, shownAs path: String, existing: FileIdentity?) {
        self.path = path
        target = resolvedTarget
        self.existing = existing
    }

    /// The directory of `path` (`.` when it has none) and its last component.
    static func split(_ path: String) -> (directory: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let directory = trimmed[..<slash]
        return (directory.isEmpty ? "/" : String(directory), String(trimmed[trimmed.index(after: slash)...]))
    }

    /// Refuses a directory the effective user may not create files in.
    static func checkDirectory(of target: String, shownAs path: String) throws(FileSystemError) {
        let directory = split(target).directory
        guard SystemCalls.effectiveUserMayWrite(directory) else {
            throw FileSystemError(.permission, path: path, reason: "its directory \(directory) cannot be written "
                                  + "(\(FileSystemError.lastError)); the file is replaced through a new file beside it")
        }
    }
}

/// What identifies a file and what a replacement must keep: its device and inode, type and
/// permission bits, owner, group and number of hard links.
package struct FileIdentity: Sendable, Hashable {
    /// The device the file is on.
    package let device: UInt64
    /// The file's inode on that device.
    package let inode: UInt64
    /// The type and permission bits (`st_mode`).
    package let mode: mode_t
    /// The owner's user id.
    package let owner: uid_t
    /// The group id.
    package let group: gid_t
    /// The number of hard links to the file.
    package let linkCount: Int

    /// The identity of a file as `stat` or `fstat` describes it.
    package init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        mode = status.st_mode
        owner = status.st_uid
        group = status.st_gid
        linkCount = Int(status.st_nlink)
    }

    /// The permission bits, setuid, setgid and sticky included.
    package var permissions: mode_t { mode & 0o7777 }

    /// Refuses to replace the file when the replacement would change more than its
    /// contents: when the effective user may not write the file itself (whatever the
    /// directory allows), when it is read-only, when its owner or group could not be given to
    /// the new file, or when it has other hard links (replacing it would split them).
    package func checkReplaceable(_ target: String, shownAs path: String) throws(FileSystemError) {
        guard SystemCalls.type(mode) == S_IFREG else {
            throw FileSystemError(.refused, path: path, reason: "is \(SystemCalls.describe(type: SystemCalls.type(mode))), not a regular file")
        }
        guard mode & 0o222 != 0 else {
            throw FileSystemError(.permission, path: path,
                                  reason: "is read-only (mode \(String(permissions, radix: 8))); it was not changed")
        }
        guard SystemCalls.effectiveUserMayWrite(target) else {
            throw FileSystemError(.permission, path: path, reason: "you may not write this file (\(FileSystemError.lastError)); "
                                  + "it was not changed")
        }
        let user = geteuid()
        if user != 0 {
            guard owner == user else {
                throw FileSystemError(.permission, path: path, reason: "belongs to user \(owner); replacing it would make it yours, "
                                      + "so it was not changed")
            }
            guard SystemCalls.effectiveUserBelongs(to: group) else {
                throw FileSystemError(.permission, path: path, reason: "belongs to group \(group), which you are not in; "
                                      + "replacing it would change its group, so it was not changed")
            }
        }
        guard linkCount <= 1 else {
            throw FileSystemError(.permission, path: path, reason: "has \(linkCount) hard links; replacing it would split them "
                                  + "(the other names would keep the old contents), so it was not changed")
        }
    }
}

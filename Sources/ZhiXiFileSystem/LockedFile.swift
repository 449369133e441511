import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file held under its exclusive lock from the moment it is read until it is replaced, so
/// that a read–change–write (`record`, `analyze --workspace`, `pull`, including work that
/// waits for a server in between) never loses what another run wrote meanwhile: every writer
/// of the file takes the same `flock` on the file itself, and waits for it at most as long
/// as its ``FileLockWait`` says.
///
/// - The path is resolved as an output path is (``LinkPolicy/output``): a symbolic link stays
///   a link to the updated file, and another user's link in a shared sticky directory is
///   refused.
/// - A file replaced by another writer while this one waited for the lock is opened again,
///   so the lock held is always that of the file at the path.
/// - The file must be replaceable as it is (``FileIdentity/checkReplaceable(_:shownAs:)``:
///   writable, its owner and group kept, a single hard link) before anything is read — so a
///   caller learns that it cannot write before it acts on anything else.
/// - ``create(_:mode:limit:wait:)`` makes a new, empty file exclusively and holds it the same way,
///   so that a file another run creates meanwhile is never overwritten; ``discard()`` removes
///   it again if nothing was written.
///
/// ```swift
/// let file = try LockedFile.open("workspace.json", limit: InputFile.gibibyte, wait: FileLockWait())
/// let data = try file.read()
/// try file.replace(with: changed(data))   // then the lock is released by `close()` or deinit
/// ```
package final class LockedFile {
    /// The path as the caller gave it, for messages.
    package let path: String
    /// The file actually read and replaced (links resolved).
    package let target: String
    /// The file as it was when the lock was taken.
    package private(set) var identity: FileIdentity
    /// `true` when ``create(_:mode:limit:wait:)`` made the file (it was empty, and nobody else's).
    package let wasCreated: Bool
    private var descriptor: Int32
    private let limit: Int

    private init(path: String, target: String, identity: FileIdentity, descriptor: Int32, limit: Int, wasCreated: Bool) {
        self.path = path
        self.target = target
        self.identity = identity
        self.descriptor = descriptor
        self.limit = limit
        self.wasCreated = wasCreated
    }

    deinit {
        if descriptor >= 0 { Foundation.close(descriptor) }
    }

    /// Opens the existing regular file at `path` and takes its exclusive lock, waiting as
    /// `wait` says. O(components of the path) system calls, plus the wait.
    /// - Throws: ``FileSystemError``: `.missing` when nothing is there; `.refused` for
    ///   something that is not a regular file (a pipe is never opened, so it cannot make the
    ///   caller wait); `.busy` when another process held the lock longer than `wait`;
    ///   `.permission` when the file may not be replaced as it is; `.tooLarge` past `limit`;
    ///   `.io` otherwise.
    package static func open(_ path: String, limit: Int, wait: FileLockWait) throws(FileSystemError) -> LockedFile {
        let target = try LinkPolicy.output.resolve(path)
        for _ in 0 ..< 1000 {
            guard let before = SystemCalls.status(target) else {
                let failure = errno
                throw FileSystemError(failure == ENOENT ? .missing : .io, path: path,
                                      reason: failure == ENOENT ? "no such file" : String(cString: strerror(failure)))
            }
            guard SystemCalls.type(before.st_mode) == S_IFREG else {
                throw FileSystemError(.refused, path: path, reason: "is \(SystemCalls.describe(type: SystemCalls.type(before.st_mode))), "
                                      + "not a regular file")
            }
            var descriptor: Int32
            repeat { descriptor = Foundation.open(target, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) } while descriptor < 0 && errno == EINTR
            guard descriptor >= 0 else {
                throw FileSystemError(.io, path: path, reason: "cannot be opened (\(FileSystemError.lastError))")
            }
            try lockOrClose(descriptor, path: path, wait: wait)
            var held = stat()
            fstat(descriptor, &held)
            // Replaced by another writer while this one waited: lock the new file instead.
            guard let now = SystemCalls.status(target), now.st_ino == held.st_ino, now.st_dev == held.st_dev else {
                Foundation.close(descriptor)
                continue
            }
            let file = LockedFile(path: path, target: target, identity: FileIdentity(held), descriptor: descriptor, limit: limit,
                                  wasCreated: false)
            try file.identity.checkReplaceable(target, shownAs: path)
            guard Int(held.st_size) <= limit else {
                throw FileSystemError(.tooLarge, path: path, reason: "is \(InputFile.describe(bytes: Int(held.st_size))), more than the "
                                      + "\(InputFile.describe(bytes: limit)) it may be")
            }
            return file
        }
        throw FileSystemError(.io, path: path, reason: "keeps being replaced by another program; try again")
    }

    /// Creates the file at `path` exclusively — empty, with `mode` (default `0666` less the
    /// umask), never through a link — and holds its lock; or, when a file is already there
    /// (made meanwhile by another run), opens that one as ``open(_:limit:wait:)`` does.
    /// - Throws: ``FileSystemError`` as ``open(_:limit:wait:)``, and `.io` when it cannot be
    ///   created.
    package static func create(_ path: String, mode: mode_t? = nil, limit: Int, wait: FileLockWait) throws(FileSystemError) -> LockedFile {
        let target = try LinkPolicy.output.resolve(path, allowingMissingEnd: true)
        let permissions: mode_t
        if let mode {
            permissions = mode
        } else {
            let mask = umask(0)
            umask(mask)
            permissions = 0o666 & ~mask
        }
        var descriptor: Int32
        repeat {
            descriptor = Foundation.open(target, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, permissions)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            if errno == EEXIST { return try open(path, limit: limit, wait: wait) }
            throw FileSystemError(.io, path: path, reason: "cannot be created (\(FileSystemError.lastError))")
        }
        // Nobody else can hold the lock of a file that did not exist a moment ago but a run
        // that opened it since; wait for that one as for any writer.
        try lockOrClose(descriptor, path: path, wait: wait)
        var held = stat()
        fstat(descriptor, &held)
        if mode != nil { fchmod(descriptor, permissions) }
        SystemCalls.syncDirectory(RegularFileOutput.split(target).directory)
        return LockedFile(path: path, target: target, identity: FileIdentity(held), descriptor: descriptor, limit: limit,
                          wasCreated: true)
    }

    /// The whole file as it is now (empty for a new one), at most the limit it was opened
    /// with. O(size).
    /// - Throws: ``FileSystemError`` of kind `.tooLarge` or `.io`.
    package func read() throws(FileSystemError) -> Data {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw FileSystemError(.io, path: path, reason: "cannot be read (\(FileSystemError.lastError))")
        }
        return try InputFile.readStreamAllowingEmpty(descriptor, limit: limit, name: path)
    }

    /// Takes the lock of `descriptor`, waiting as `wait` says; closes it when that fails.
    private static func lockOrClose(_ descriptor: Int32, path: String, wait: FileLockWait) throws(FileSystemError) {
        do {
            try FileLock.lock(descriptor, path: path, wait: wait)
        } catch {
            Foundation.close(descriptor)
            throw error
        }
    }

    /// Replaces the file with `data`, atomically (``AtomicFileWriter``), keeping its mode,
    /// owner and group, while the lock is still held; the lock then goes with the old file
    /// (call ``close()`` when done). O(size of `data`).
    /// - Throws: ``FileSystemError``; the file is then unchanged.
    package func replace(with data: Data) throws(FileSystemError) {
        try AtomicFileWriter.writeReplacing(target, shownAs: path, data: data, mode: identity.permissions,
                                            owner: (identity.owner, identity.group), holdingWritersLock: true)
    }

    /// Removes the file again when ``create(_:mode:limit:wait:)`` made it and it is still the empty
    /// file made (nothing was written into it), then releases the lock. For a run that failed
    /// before it wrote anything. Best effort.
    package func discard() {
        defer { close() }
        guard wasCreated, descriptor >= 0 else { return }
        var held = stat()
        guard fstat(descriptor, &held) == 0, held.st_size == 0, let now = SystemCalls.linkStatus(target),
              now.st_ino == held.st_ino, now.st_dev == held.st_dev else { return }
        unlink(target)
        SystemCalls.syncDirectory(RegularFileOutput.split(target).directory)
    }

    /// Releases the lock (and the descriptor). Done by deinit too.
    package func close() {
        if descriptor >= 0 { Foundation.close(descriptor) }
        descriptor = -1
    }
}

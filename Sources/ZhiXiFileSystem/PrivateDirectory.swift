import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory for secrets, or for anything the package keeps and later reads back or sends
/// (a session, an outbox of review actions, a queue of reading events): owned by the
/// effective user, open to nobody else (no group or other permission bits), not a symbolic
/// link, and reached through no link of another user (``LinkPolicy/ownOrRoot``). It is created
/// that way when it does not exist (its missing parents too, mode 0700 whatever the umask),
/// and an existing one is checked, never changed: a directory the caller did not create is
/// never `chmod`ed. So another user of the machine can neither read it, nor put an entry in
/// it that the package would then send with the learner's token, nor lead it elsewhere.
package enum PrivateDirectory {
    /// Refuses the directory at `path` unless it is private; `false` when it does not exist.
    /// - Throws: ``FileSystemError`` of kind ``FileSystemError/Kind-swift.enum/permission``
    ///   saying why: a symbolic link, not a directory, another user's, open to group or others,
    ///   reached through another user's link.
    @discardableResult
    package static func check(_ path: String) throws(FileSystemError) -> Bool {
        guard let status = SystemCalls.linkStatus(path) else {
            let failure = errno
            guard failure == ENOENT else {
                throw FileSystemError(failure == ENOTDIR ? .io : .permission, path: path,
                                      reason: "cannot be examined (\(String(cString: strerror(failure))))")
            }
            return false
        }
        let type = SystemCalls.type(status.st_mode)
        guard type != S_IFLNK else {
            throw FileSystemError(.permission, path: path, reason: "it is a symbolic link; give the directory itself, "
                                  + "a link could lead the secrets anywhere")
        }
        guard type == S_IFDIR else { throw FileSystemError(.permission, path: path, reason: "it is not a directory") }
        guard status.st_uid == geteuid() else {
            throw FileSystemError(.permission, path: path, reason: "it belongs to another user (\(status.st_uid)); nothing in it is "
                                  + "read or sent")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw FileSystemError(.permission, path: path, reason: "it is open to other users (mode "
                                  + "\(String(status.st_mode & 0o7777, radix: 8))); make it 0700 (chmod 700) or give another directory")
        }
        _ = try LinkPolicy.ownOrRoot.resolve(path)
        return true
    }

    /// Creates the directory at `path` (mode 0700) with its missing parents (mode 0700,
    /// whatever the umask) when it does not exist, and checks it (``check(_:)``) when it does.
    /// Nothing is created through another user's symbolic link.
    /// - Throws: ``FileSystemError`` when it cannot be created or is not private.
    package static func prepare(_ path: String) throws(FileSystemError) {
        if try check(path) { return }
        let resolved = try LinkPolicy.ownOrRoot.resolve(path, allowingMissingEnd: true)
        var missing: [String] = []
        var current = resolved
        while !current.isEmpty, current != "/", SystemCalls.linkStatus(current) == nil, errno == ENOENT {
            missing.append(current)
            current = RegularFileOutput.split(current).directory
        }
        for directory in missing.reversed() {
            if mkdir(directory, 0o700) == 0 {
                chmod(directory, 0o700)   // ours, just made: the umask may have taken bits away
            } else if errno != EEXIST {
                throw FileSystemError(.io, path: path, reason: "\(directory) cannot be created (\(FileSystemError.lastError))")
            }
        }
        guard try check(path) else { throw FileSystemError(.io, path: path, reason: "vanished after it was created") }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which symbolic links a path may be resolved through, and the resolution itself: component
/// by component, as `realpath` does, but judging every link it meets by who owns it and
/// where it lies, so that another user of the machine cannot lead a write of ours anywhere.
///
/// | policy | a link is followed when |
/// | --- | --- |
/// | ``output`` (a file the user named) | it is not in a sticky directory that others may write (`/tmp`), or it belongs to the effective user or to the directory's owner — the rule of Linux's `fs.protected_symlinks`, which a writer resolving the path itself (and renaming into the target's directory) would otherwise escape |
/// | ``ownOrRoot`` (a directory or file the package keeps: a store, an outbox, a queue) | it belongs to the effective user or to root: nothing is created through another user's link |
package enum LinkPolicy: Sendable, Hashable {
    /// The links of an output path: those in a sticky, world-writable directory must belong
    /// to the effective user or to the directory's owner.
    case output
    /// The links of a path the package keeps files in: every one must belong to the
    /// effective user or to root.
    case ownOrRoot

    /// The most links one resolution follows (as the kernel's `ELOOP` limit).
    static let maximumLinks = 40

    /// `path` with every symbolic link resolved and `.`, `..` and repeated slashes removed,
    /// judging each link by the policy. With `allowingMissingEnd`, components that do not
    /// exist yet at the end of the path (a new file, a directory to create) are kept as they
    /// are, after the existing part is resolved. O(components + links) system calls.
    /// - Throws: ``FileSystemError`` of kind ``FileSystemError/Kind-swift.enum/permission``
    ///   naming a link the policy refuses; ``FileSystemError/Kind-swift.enum/missing`` for a
    ///   missing component (when not allowed); ``FileSystemError/Kind-swift.enum/io`` for a
    ///   loop or a path that cannot be examined.
    package func resolve(_ path: String, shownAs shown: String? = nil, allowingMissingEnd: Bool = false) throws(FileSystemError) -> String {
        let name = shown ?? path
        var pending: [Substring] = []
        var resolved: [String] = []
        if !path.hasPrefix("/") {
            guard let directory = getcwd(nil, 0) else {
                throw FileSystemError(.io, path: name, reason: "the current directory cannot be found (\(FileSystemError.lastError))")
            }
            let current = String(cString: directory)
            free(directory)
            pending = current.split(separator: "/")
        }
        pending += path.split(separator: "/")
        pending.reverse()   // a stack: the next component last
        var links = 0
        while let component = pending.popLast() {
            if component == "." || component.isEmpty { continue }
            if component == ".." {
                if !resolved.isEmpty { resolved.removeLast() }
                continue
            }
            let parent = "/" + resolved.joined(separator: "/")
            let candidate = (resolved.isEmpty ? "" : parent) + "/" + component
            guard let status = SystemCalls.linkStatus(candidate) else {
                let failure = errno
                if allowingMissingEnd, failure == ENOENT {
                    resolved.append(String(component))
                    while let rest = pending.popLast() {
                        if rest == "." || rest.isEmpty { continue }
                        guard rest != ".." else {
                            throw FileSystemError(.missing, path: name, reason: "\(candidate) does not exist, so '..' after it "
                                                  + "names nothing")
                        }
                        resolved.append(String(rest))
                    }
                    break
                }
                throw FileSystemError(failure == ENOENT || failure == ENOTDIR ? .missing : failure == EACCES ? .permission : .io, path: name,
                                      reason: "\(candidate) cannot be examined (\(String(cString: strerror(failure))))")
            }
            // Not a link, or one of the kernel's under /proc (`/proc/self/fd/1`, a pipe or a
            // terminal: no path to read), which only the kernel resolves.
            guard SystemCalls.type(status.st_mode) == S_IFLNK, !candidate.hasPrefix("/proc/") else {
                resolved.append(String(component))
                continue
            }
            links += 1
            guard links <= Self.maximumLinks else {
                throw FileSystemError(.io, path: name, reason: "more than \(Self.maximumLinks) symbolic links lead on from each other "
                                      + "(a loop?)")
            }
            try judge(link: candidate, owner: status.st_uid, in: parent, shownAs: name)
            guard let target = SystemCalls.readLink(candidate) else {
                throw FileSystemError(.io, path: name, reason: "the link \(candidate) cannot be read (\(FileSystemError.lastError))")
            }
            if target.hasPrefix("/") { resolved.removeAll() }
            pending += target.split(separator: "/").reversed()
        }
        return "/" + resolved.joined(separator: "/")
    }

    /// Refuses the link at `link` (owned by `owner`, in the directory `parent`) when the
    /// policy does not allow following it.
    private func judge(link: String, owner: uid_t, in parent: String, shownAs name: String) throws(FileSystemError) {
        let user = geteuid()
        guard owner != user else { return }
        switch self {
        case .ownOrRoot:
            guard owner == 0 else {
                throw FileSystemError(.permission, path: name, reason: "leads through the symbolic link \(link), which belongs to "
                                      + "user \(owner); nothing is kept through another user's link (give the real path)")
            }
        case .output:
            guard let directory = SystemCalls.linkStatus(parent) else { return }
            let sticky = directory.st_mode & S_ISVTX != 0 && directory.st_mode & 0o002 != 0
            guard !sticky || owner == directory.st_uid else {
                throw FileSystemError(.permission, path: name, reason: "is the symbolic link \(link), which belongs to user \(owner) "
                                      + "in the shared directory \(parent); following it would let that user choose what is "
                                      + "replaced, so it was not (give the file itself)")
            }
        }
    }
}

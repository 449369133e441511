import Foundation

/// Reading inputs and writing outputs, with the exit statuses of DESIGN.md: a missing or
/// unreadable input is 66, a failed write 74; a written file is complete or absent.
enum FileAccess {
    /// How a path is named in messages: `standard input` for `-`.
    static func displayName(_ path: String) -> String { path == "-" ? "standard input" : path }

    /// The contents of a file, or of standard input for `-`.
    /// - Throws: ``CommandError/noInput(_:)`` naming the path and the reason.
    static func read(_ path: String, context: CommandContext) throws(CommandError) -> Data {
        if path == "-" { return try context.readStandardInput() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .noInput("\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw .noInput("\(path): is a directory, not a file") }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw .noInput("\(path): cannot be read (\(error.localizedDescription))")
        }
    }

    /// Writes a file whole or not at all: a new file, or a replacement that keeps the old
    /// file's permissions (see ``writeAtomically(_:shownAs:data:mode:owner:)``). The path may
    /// be a symbolic link; its target is written and the link stays.
    /// - Throws: ``CommandError/ioError(_:)`` naming the path and the reason.
    static func replaceAtomically(_ path: String, with data: Data) throws(CommandError) {
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        var status = stat()
        if stat(target, &status) == 0 {
            try writeAtomically(target, shownAs: path, data: data, mode: status.st_mode & 0o7777,
                                owner: (status.st_uid, status.st_gid))
        } else {
            let mask = umask(0)
            umask(mask)
            try writeAtomically(target, shownAs: path, data: data, mode: 0o666 & ~mask, owner: nil)
        }
    }

    /// Writes `data` to a temporary file beside `target` — created exclusively under an
    /// unpredictable name, never through a link, with `mode`, removed if the process is
    /// interrupted — flushes it to disk and renames it over `target`, then flushes the
    /// directory. On any failure `target` is untouched and the temporary file removed.
    static func writeAtomically(_ target: String, shownAs path: String, data: Data, mode: mode_t,
                                owner: (uid_t, gid_t)?) throws(CommandError) {
        let url = URL(fileURLWithPath: target)
        let directory = url.deletingLastPathComponent().path
        var random = SystemRandomNumberGenerator()
        let temporary = directory + "/." + url.lastPathComponent + "." + String(random.next(), radix: 16) + ".tmp"
        InterruptCleanup.register(temporary)
        defer { InterruptCleanup.unregister() }
        let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else {
            throw .ioError("\(path): cannot create a temporary file in \(directory) (\(String(cString: strerror(errno)))); the file is unchanged")
        }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(file, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fchmod(file, mode) != 0 { failure = String(cString: strerror(errno)) }
        if let owner { _ = fchown(file, owner.0, owner.1) }   // keeps the owner where allowed; a user cannot give files away
        if failure == nil, fsync(file) != 0 { failure = String(cString: strerror(errno)) }
        if close(file) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw .ioError("\(path): cannot be written (\(failure)); the file is unchanged")
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }
}

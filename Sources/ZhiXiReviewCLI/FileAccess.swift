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

    /// Replaces a file atomically: writes a temporary file beside it, flushes it to disk
    /// (fsync), then renames it over the original. On any failure the original is untouched
    /// and the temporary file is removed.
    /// - Throws: ``CommandError/ioError(_:)`` naming the path and the reason.
    static func replaceAtomically(_ path: String, with data: Data) throws(CommandError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw .ioError("\(path): cannot create a temporary file in \(directory) (\(String(cString: strerror(errno))))")
        }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw .ioError("\(path): cannot be written (\(failure)); the original file is unchanged")
        }
        // Make the rename itself durable.
        let directoryDescriptor = open(directory, O_RDONLY)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The rule that a command never writes over what it reads, checked once, before any work,
/// over all of a command's paths together:
///
/// | an output is refused when it is | compared by |
/// | --- | --- |
/// | one of the inputs, through any symbolic link or hard link | device and inode |
/// | an SQLite database (an Anki collection), whatever the command reads | its first 16 bytes |
/// | the `-wal`, `-shm` or `-journal` of an input or of an SQLite database, even one that does not exist yet | the file it belongs to, by device and inode or its first 16 bytes |
/// | inside a directory the command keeps files in (a store, an outbox, a queue), at any depth | device and inode of each directory above it |
/// | another output of the same command | device and inode, or the resolved path of a new file |
///
/// Standard input (`-`) is an input by the descriptor it is; standard output is an output
/// when it is a regular file (`>> input`). Outputs that are not regular files (a named pipe,
/// a character device, `/dev/stdout` on a pipe) cannot lose anything and are let through;
/// what ``OutputDestination`` refuses (a directory, a dangling link) it still refuses after.
///
/// ```swift
/// try OutputSeparation.check(outputs: [.init(name: "--out", path: "c.anki2")],
///                            inputs: [.init(name: "the input", path: "c.anki2")], keptDirectories: [])
/// // throws: --out c.anki2: is the input c.anki2 itself …
/// ```
package enum OutputSeparation {
    /// A path a command names, with the name a message gives it (`--out`, `the input`).
    package struct NamedPath: Sendable, Hashable {
        /// How a message names it: an option (`--params`) or `the input`.
        package var name: String
        /// The path as given; `-` is the standard input (or output) when ``descriptor`` is set.
        package var path: String
        /// The open file the path stands for (0 for `-` as an input, 1 for the standard
        /// output), or `nil` for a path.
        package var descriptor: Int32?

        /// A path named `name` in messages.
        package init(name: String, path: String) {
            self.name = name
            self.path = path
            descriptor = nil
        }

        /// An open file (the process's standard input or output) named `name` in messages.
        package init(name: String, descriptor: Int32) {
            self.name = name
            path = "-"
            self.descriptor = descriptor
        }

        /// `--out c.anki2`, or `the input c.anki2`, or `standard output`.
        var shown: String { descriptor == nil ? "\(name) \(path)" : name }
    }

    /// The names an SQLite database's companions add to its own: the write-ahead log, its
    /// shared-memory index and the rollback journal.
    package static let companionSuffixes = ["-wal", "-shm", "-journal"]

    /// The first 16 bytes of every SQLite database file.
    static let sqliteHeader = Array("SQLite format 3\u{0}".utf8)

    /// Refuses the first output that would replace an input, a database or a companion of
    /// either, a file inside a kept directory, or another output (see the table above).
    ///
    /// - Complexity: O((outputs + inputs + kept directories) × path components) system calls,
    ///   and O(outputs × inputs) comparisons.
    /// - Parameters:
    ///   - outputs: the files the command will write (an `--out`, the standard output).
    ///   - inputs: the files it reads (the standard input as a descriptor).
    ///   - keptDirectories: the directories it keeps files in.
    /// - Throws: ``FileSystemError`` of kind ``FileSystemError/Kind-swift.enum/refused`` naming
    ///   the output and what it would replace.
    package static func check(outputs: [NamedPath], inputs: [NamedPath], keptDirectories: [NamedPath]) throws(FileSystemError) {
        let readFiles = inputs.compactMap { input in identity(of: input).map { (input, $0) } }
        let directories = keptDirectories.compactMap { directory in
            FileStatus.at(directory.path).flatMap { $0.isDirectory ? (directory, $0.identity) : nil }
        }
        var written: [(output: NamedPath, identity: FileIdentity?, target: String)] = []
        for output in outputs {
            let existing = identity(of: output)
            // Only a regular file (or one to be made) can lose what it held.
            if let existing, SystemCalls.type(existing.mode) != S_IFREG { continue }
            let target = output.descriptor == nil ? resolved(output.path) : "/dev/fd/\(output.descriptor ?? 1)"
            if let existing, let input = readFiles.first(where: { same($0.1, existing) })?.0 {
                throw refusal(output, "is \(input.shown) itself (the same file\(existing.linkCount > 1 ? ", through a hard link" : ""))")
            }
            if existing != nil, isDatabase(output) {
                throw refusal(output, "is an SQLite database (an Anki collection?), which an output never replaces")
            }
            if output.descriptor == nil {
                try checkCompanion(output, target: target, inputs: readFiles)
                if let directory = directories.first(where: { kept in ancestors(of: target).contains { same($0, kept.1) } })?.0 {
                    throw refusal(output, "is inside \(directory.shown), where zhixi-review keeps its own files")
                }
            }
            if let earlier = written.first(where: { previous in
                if let existing, let other = previous.identity { return same(existing, other) }
                return previous.target == target
            })?.output {
                throw refusal(output, "is also \(earlier.shown): two outputs cannot be one file")
            }
            written.append((output, existing, target))
        }
    }

    /// Refuses `output` when its name is a database companion's (`X-wal`, `X-shm`,
    /// `X-journal`) and `X` is an input or an SQLite database, whether or not the companion
    /// exists yet; `X` is taken both beside the path as given and beside its target.
    private static func checkCompanion(_ output: NamedPath, target: String,
                                       inputs: [(NamedPath, FileIdentity)]) throws(FileSystemError) {
        for suffix in companionSuffixes {
            for candidate in Set([output.path, target]) where candidate.hasSuffix(suffix) && candidate.count > suffix.count {
                let base = String(candidate.dropLast(suffix.count))
                guard let status = FileStatus.at(base), status.isRegularFile else { continue }
                let shown = "\(suffix) of"
                if let input = inputs.first(where: { same($0.1, status.identity) })?.0 {
                    throw refusal(output, "is the \(shown) \(input.shown), which the database's program writes; an output never "
                                  + "replaces it")
                }
                if startsWithSQLiteHeader(base) {
                    throw refusal(output, "is the \(shown) the SQLite database \(base) (an Anki collection?), which an output "
                                  + "never replaces")
                }
            }
        }
    }

    /// The file a path or descriptor stands for now, following links; `nil` when there is
    /// none (a new output, an inline value such as `--params [0.4, …]`).
    private static func identity(of path: NamedPath) -> FileIdentity? {
        if let descriptor = path.descriptor { return FileStatus.of(descriptor: descriptor)?.identity }
        return FileStatus.at(path.path)?.identity
    }

    /// Whether `output`'s file begins as an SQLite database does.
    private static func isDatabase(_ output: NamedPath) -> Bool {
        output.descriptor == nil && startsWithSQLiteHeader(output.path)
    }

    /// Whether the file at `path` can be read and begins with `SQLite format 3\0`.
    static func startsWithSQLiteHeader(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: sqliteHeader.count)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count == sqliteHeader.count && bytes == sqliteHeader
    }

    /// `path` with its links resolved as ``LinkPolicy/output`` resolves them (a new file's
    /// missing end kept), or as given when it cannot be (``OutputDestination`` then says why).
    private static func resolved(_ path: String) -> String {
        (try? LinkPolicy.output.resolve(path, allowingMissingEnd: true)) ?? path
    }

    /// The directories above `target` (resolved), nearest first, as they are now.
    private static func ancestors(of target: String) -> [FileIdentity] {
        var identities: [FileIdentity] = []
        var path = RegularFileOutput.split(target).directory
        for _ in 0 ..< 4_096 {
            if let status = FileStatus.at(path) { identities.append(status.identity) }
            guard path != "/" && path != "." else { break }
            path = RegularFileOutput.split(path).directory
        }
        return identities
    }

    /// Whether two identities are one file.
    private static func same(_ first: FileIdentity, _ second: FileIdentity) -> Bool {
        first.device == second.device && first.inode == second.inode
    }

    private static func refusal(_ output: NamedPath, _ reason: String) -> FileSystemError {
        FileSystemError(.refused, path: output.shown, reason: reason + "; nothing was done (give another file)")
    }
}

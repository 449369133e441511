import Foundation
import ZhiXiFileSystem
import ZhiXiLocalization

/// Reading inputs, with the exit statuses of docs/COMMANDS.md: a missing or unreadable input is 66,
/// an input that is empty, larger than its limit (``InputLimits``) or not of its format is 65.
/// Files, named pipes, `/dev/stdin`, `<(…)` and `-` (standard input) are all read alike.
enum FileAccess {
    /// How a path is named in messages: `standard input` for `-`.
    static func displayName(_ path: String) -> String { path == "-" ? "standard input" : path }

    /// The contents of a file, or of standard input for `-`, at most `limit` bytes.
    /// - Throws: 66 naming the path when it is missing, not a file or unreadable; 65 when it is
    ///   empty, too large or does not start as `format` must.
    static func read(_ path: String, limit: Int, format: InputFile.Format = .any,
                     context: CommandContext) throws(CommandError) -> Data {
        if path == "-" { return try context.readStandardInput(limit: limit, format: format) }
        do {
            return try InputFile.read(path, limit: limit, format: format)
        } catch {
            throw inputFailure(error)
        }
    }

    /// The command error for an input that cannot be read.
    static func inputFailure(_ error: FileSystemError) -> CommandError {
        let failure: CommandError = switch error.kind {
        case .tooLarge, .empty, .malformed: .dataError(error.description)
        case .busy: .temporaryFailure(error.description)
        default: .noInput(error.description)
        }
        return failure.worded { error.text($0) }
    }

    /// The command error for an output that cannot be written: 64 for a path that is not an
    /// output at all (a directory, a socket, a missing directory), 75 for a lock held too long,
    /// 74 otherwise.
    static func outputFailure(_ error: FileSystemError) -> CommandError {
        let failure: CommandError = switch error.kind {
        case .refused: .usage(error.description)
        case .busy: .temporaryFailure(error.description)
        default: .ioError(error.description)
        }
        return failure.worded { error.text($0) }
    }
}

extension FileSystemError {
    /// `path: reason` in `words`' language for the reasons the language files word (a missing
    /// file, an output whose directory does not exist); the library's own sentence otherwise.
    func text(_ words: Localization) -> String {
        let directoryMissing = #/^cannot be created: its directory (.+) does not exist$/#
        // The library's sentences, by the key that words each.
        let keys = ["no such file": "file.missing", "is empty": "file.empty", "holds only white space": "file.blank"]
        if let key = keys[reason] {
            return words.sentence(key, in: .errors, ["path": path])
        }
        if let match = reason.wholeMatch(of: directoryMissing) {
            return words.sentence("file.noDirectory", in: .errors, ["path": path, "directory": String(match.1)])
        }
        return description
    }
}

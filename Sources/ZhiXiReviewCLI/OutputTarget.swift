import Foundation
import ZhiXiFileSystem

/// An output path of a command (`--out`, `--svg`, `--predictions`), classified before the
/// command does any work (`OutputDestination`): a regular file is replaced atomically, a
/// named pipe or a character device is written in place, `-` and `/dev/stdout` go to the
/// command's standard output (after what it has written there so far), and a directory or
/// anything else is refused with 64 at once; a file that cannot be made (its directory is
/// missing) or may not be replaced is refused with 74, also at once. An output that is one of
/// the command's inputs was refused before the command ran (``CommandFiles``), from the same
/// declaration: only an option declared as a file the command writes can be an output here.
struct OutputTarget {
    /// The path as given.
    let path: String
    /// Where it leads.
    let destination: OutputDestination

    /// Classifies the value of the output option `option` (declared as a file the command
    /// writes or updates), or returns `nil` when it was not given.
    /// - Throws: 64 for a path that is not an output, 74 for a file that may not be replaced.
    static func prepare(_ option: CommandOption<String>, of arguments: ParsedArguments) throws(CommandError) -> OutputTarget? {
        precondition(option.erased.file == .written || option.erased.file == .updated,
                     "--\(option.name) is written but not declared as an output (file: .written)")
        guard let path = try arguments.value(of: option) else { return nil }
        do {
            return OutputTarget(path: path, destination: try OutputDestination(path: path))
        } catch {
            var failure = FileAccess.outputFailure(error)
            failure.message = "--\(option.name) \(failure.message)"
            throw failure
        }
    }

    /// Writes `data` whole or not at all.
    /// - Throws: 74 naming the path when it cannot be written (a regular file is then unchanged).
    func write(_ data: Data, context: CommandContext) throws(CommandError) {
        do {
            switch destination {
            case .standardOutput:
                context.write(bytes: data)
            case .standardError:
                context.writeErrorBytes(data)
            case .stream(let streamPath):
                try AtomicFileWriter.writeInPlace(data, to: streamPath)
            case .file(let file):
                try AtomicFileWriter.replace(file, with: data)
            }
        } catch {
            throw FileAccess.outputFailure(error)
        }
    }
}

import ZhiXiFileSystem

/// The paths of a command line, by what the command does with them (``FileRole``, declared
/// with each option and argument), and the one check every command goes through before it
/// runs: no output replaces an input, an SQLite database or its companions, a file in a
/// directory the command keeps, or another output (`OutputSeparation` of ZhiXiFileSystem).
enum CommandFiles {
    /// Refuses, with 64 naming both paths, an output of `arguments` that would replace what
    /// the command reads (see `OutputSeparation`). Run by ``ZhiXiReview`` before every command.
    /// - Complexity: O(paths × components) system calls, O(outputs × inputs) comparisons.
    static func checkOutputsApart(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        func named(_ role: FileRole, standardStream: Int32?) -> [OutputSeparation.NamedPath] {
            arguments.paths(role).compactMap { name, path in
                guard path == "-" || OutputDestination.standardOutputPaths.contains(path)
                        || OutputDestination.standardErrorPaths.contains(path) else { return .init(name: name, path: path) }
                // `-` as an input is the standard input; as an output, the standard output (below).
                guard role == .read, let standardStream else { return nil }
                return .init(name: "\(name) - (standard input)", descriptor: standardStream)
            }
        }
        var outputs = named(.written, standardStream: nil) + named(.updated, standardStream: nil)
        if context.writesProcessStreams { outputs.append(.init(name: "standard output", descriptor: 1)) }
        do {
            try OutputSeparation.check(outputs: outputs, inputs: named(.read, standardStream: context.writesProcessStreams ? 0 : nil),
                                       keptDirectories: named(.keptDirectory, standardStream: nil))
        } catch {
            throw .usage(error.description)
        }
    }
}

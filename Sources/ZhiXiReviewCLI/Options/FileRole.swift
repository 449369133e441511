/// What a command does with the file or directory an option's value or an argument names,
/// declared with the option or argument: the check that no output replaces what the command
/// reads (``CommandFiles``, `OutputSeparation` of ZhiXiFileSystem) takes every path from these
/// declarations, before the command runs.
enum FileRole: Sendable, Hashable {
    /// Not a path (a number, a name, an id).
    case none
    /// A file the command reads; `-` is the standard input. A value that names no file (the
    /// inline JSON of `--params`) is no file to protect.
    case read
    /// A file the command writes (replaced whole, or written in place when it is a pipe or a
    /// device).
    case written
    /// A file the command reads and then replaces with what it made of it (`record`'s
    /// workspace, `pull --out`): an output that may be itself, but no other input.
    case updated
    /// A directory the command keeps its own files in (a store, an outbox, a queue): no output
    /// goes inside it.
    case keptDirectory
}

/// The exit statuses of `zhixi-review`, after BSD's `sysexits.h`.
public enum ExitCode: Int32, Sendable {
    /// Success.
    case success = 0
    /// The command line is wrong: unknown subcommand or option, missing or invalid value.
    case usage = 64
    /// An input file exists but its content is wrong (a malformed row, invalid JSON, a score
    /// outside 0–100, …).
    case dataError = 65
    /// An input file does not exist or cannot be read.
    case noInput = 66
    /// Writing output failed.
    case ioError = 74
}

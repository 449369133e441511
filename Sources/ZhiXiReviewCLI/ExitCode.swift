/// The exit statuses of `zhixi-review`, after BSD's `sysexits.h`.
package enum ExitCode: Int32, Sendable {
    /// Success.
    case success = 0
    /// The command line is wrong: unknown subcommand or option, missing or invalid value.
    case usage = 64
    /// An input file exists but its content is wrong (a malformed row, invalid JSON, a score
    /// outside 0–100, …).
    case dataError = 65
    /// An input file does not exist or cannot be read.
    case noInput = 66
    /// The server cannot be reached, or answered with an error of its own (5xx), after the
    /// retries (`auth`).
    case unavailable = 69
    /// Writing output failed.
    case ioError = 74
    /// Work remains for a later try: events kept in the upload queue (`events flush`).
    case temporaryFailure = 75
    /// The server's answer is malformed; the message names the field (`auth`).
    case protocolError = 76
    /// Not signed in, or the server refused the credential or the session (`auth`).
    case noPermission = 77
}

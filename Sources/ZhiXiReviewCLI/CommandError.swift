import ZhiXiLocalization

/// A failure that ends a command: what to print on standard error and the exit status.
package struct CommandError: Error, Sendable, CustomStringConvertible {
    /// The exit status.
    package var exitCode: ExitCode
    /// The message, saying what was wrong and where (in English: what a batch's JSON line
    /// says; standard error says ``text(_:)``).
    package var message: String
    /// The message in a run's language, when it is written in the language files; `nil` for a
    /// message given only as ``message``.
    var wording: (@Sendable (Localization) -> String)?
    /// The usage text to print after the message (for usage errors).
    package var usage: String?
    /// Lines to print after the message, each on its own (each made visible as the message
    /// is: see ``CommandContext/writeError(_:)``), such as the bad lines of an input.
    package var detailLines: [String] = []

    /// A usage error (exit 64), printed with the command's usage.
    package static func usage(_ message: String, usage: String? = nil) -> CommandError {
        CommandError(exitCode: .usage, message: message, usage: usage)
    }

    /// Bad content in an input (exit 65).
    package static func dataError(_ message: String) -> CommandError {
        CommandError(exitCode: .dataError, message: message)
    }

    /// A missing or unreadable input (exit 66).
    package static func noInput(_ message: String) -> CommandError {
        CommandError(exitCode: .noInput, message: message)
    }

    /// A failed write (exit 74).
    /// The reader of standard output went away (`zhixi-review … | head`): the command stops
    /// quietly, with status 0, as the reader asked for no more.
    package static let outputClosed = CommandError(exitCode: .success, message: "")

    package static func ioError(_ message: String) -> CommandError {
        CommandError(exitCode: .ioError, message: message)
    }

    /// Work remains for a later try (exit 75).
    package static func temporaryFailure(_ message: String) -> CommandError {
        CommandError(exitCode: .temporaryFailure, message: message)
    }

    /// The server cannot be reached or failed (exit 69).
    package static func unavailable(_ message: String) -> CommandError {
        CommandError(exitCode: .unavailable, message: message)
    }

    /// A malformed answer from the server (exit 76).
    package static func protocolError(_ message: String) -> CommandError {
        CommandError(exitCode: .protocolError, message: message)
    }

    /// Not signed in, or refused (exit 77).
    package static func noPermission(_ message: String) -> CommandError {
        CommandError(exitCode: .noPermission, message: message)
    }

    /// The message.
    package var description: String { message }

    /// The message in `words`' language (``wording``), else ``message``.
    func text(_ words: Localization) -> String { wording?(words) ?? message }

    /// This error with its message in each language written by `wording` (and ``message``
    /// in English).
    func worded(_ wording: @escaping @Sendable (Localization) -> String) -> CommandError {
        var error = self
        error.message = wording(Localization(language: "en"))
        error.wording = wording
        return error
    }
}

import ZhiXiFileSystem

/// The largest inputs the commands read, in bytes: documented in docs/COMMANDS.md, named in the
/// error when an input is larger, so that an endless stream (`/dev/zero`, a pipe that never
/// ends) is refused instead of filling memory.
enum InputLimits {
    /// A workspace file (`plan`, `record`, `optimize`, `evaluate`, `simulate --workspace`):
    /// 1 GiB, about 2.8 million sessions.
    static let workspace = InputFile.gibibyte
    /// A review log in CSV (`states`, `optimize`, `evaluate`): 1 GiB, about 45 million reviews.
    static let reviewLog = InputFile.gibibyte
    /// One line of a `--batch` input, one learner: 256 MiB, about 600,000 sessions.
    static let batchLine = 256 * InputFile.mebibyte
    /// The lines of a `--batch` input read and not yet answered, together: 512 MiB (a line
    /// larger than what is left waits for the lines before it to be written).
    static let batchBytesInFlight = 512 * InputFile.mebibyte
    /// A `--params` or `--config` file: 1 MiB.
    static let smallJSON = InputFile.mebibyte
    /// The standard input of `events enqueue`: 64 MiB.
    static let events = 64 * InputFile.mebibyte
    /// One line of `events enqueue`: 1 MiB (an event's text fields are 64 KiB at most).
    static let eventLine = InputFile.mebibyte
    /// What a learner wrote (`analyze --input`): 1 MiB.
    static let learnerInput = InputFile.mebibyte
    /// A `--token-file`, or the credentials of `auth sign-in` read from standard input: 64 KiB.
    static let secret = 64 * 1024
}

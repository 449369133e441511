import Foundation
import ZhiXiCore
import ZhiXiFileSystem
import ZhiXiLocalization
import ZhiXiModel

/// What a command runs against: its input and output streams, the environment and the clock.
/// Tests run commands against buffers; the executable runs them against the process's file
/// descriptors 0, 1 and 2.
package final class CommandContext {
    /// Everything written to standard output so far (when not writing to the process's stream).
    package private(set) var standardOutput = ""
    /// Everything written to standard error so far (when not writing to the process's stream).
    package var standardError: String { errorStream.captured.current }
    /// Environment variables (`LANG` selects the default language of `plan`).
    package let environment: [String: String]
    /// The current time, used when `--now` is not given.
    package let now: Date
    /// Whether standard error is a terminal (progress lines are shown only there).
    package let standardErrorIsTerminal: Bool
    /// The language `--lang` named, `nil` when it was not given (or not yet read).
    var explicitLanguage: AppLanguage?
    /// The language of everything the run prints for people (``LanguageChoice``): `--lang`,
    /// else the environment's, else the base until a command reads a workspace, which
    /// ``chooseLanguage(workspace:)`` makes the learner's.
    private(set) var language: AppLanguage = .default
    /// The run's sentences: ``language``'s lookup.
    var words: Localization { language.localization }

    /// `true` when writing to the process's file descriptors.
    private let isProcess: Bool
    /// Standard error, which any thread may write (a notice while a lock is waited for).
    private let errorStream: ErrorStream
    /// The standard input of an in-process context.
    private var standardInputData: Data?
    private var pendingOutput: [UInt8] = []

    /// A context that captures output in ``standardOutput`` and ``standardError`` and reads
    /// `standardInput` as its standard input.
    package init(environment: [String: String] = [:], now: Date = Date(), standardInput: Data = Data()) {
        self.environment = environment
        self.now = now
        self.standardInputData = standardInput
        self.standardErrorIsTerminal = false
        isProcess = false
        errorStream = ErrorStream(isProcess: false)
        language = LanguageChoice.language(nil, context: self)
    }

    /// A context that reads and writes the process's standard streams.
    package static func process() -> CommandContext {
        CommandContext(processEnvironment: ProcessInfo.processInfo.environment)
    }

    private init(processEnvironment: [String: String]) {
        AtomicFileWriter.removeTemporaryFilesOnInterrupt()
        environment = processEnvironment
        now = Date()
        standardInputData = nil
        standardErrorIsTerminal = isatty(2) == 1
        isProcess = true
        errorStream = ErrorStream(isProcess: true)
        language = LanguageChoice.language(nil, context: self)
    }

    /// Chooses the run's language: `explicit` (from `--lang`), else the environment's, else
    /// the learner's in `workspace`, else the base. Returns it.
    @discardableResult
    func chooseLanguage(explicit: AppLanguage?, workspace: LearnerWorkspace? = nil) -> AppLanguage {
        explicitLanguage = explicit
        language = LanguageChoice.language(explicit, context: self, workspace: workspace)
        return language
    }

    /// Makes the run's language the learner's in `workspace` unless `--lang` or the environment
    /// chose one. Returns it.
    @discardableResult
    func chooseLanguage(workspace: LearnerWorkspace?) -> AppLanguage {
        chooseLanguage(explicit: explicitLanguage, workspace: workspace)
    }

    /// Whether the command reads and writes the process's file descriptors 0, 1 and 2 (not
    /// buffers): then standard input and output are files a check of paths can compare.
    var writesProcessStreams: Bool { isProcess }

    /// The standard input of an in-process context, or `nil` for the process's own (file
    /// descriptor 0), which ``LineReader`` then reads as it goes.
    var standardInputBytes: Data? { standardInputData }

    /// Everything on standard input, read to its end, at most `limit` bytes. The `-` input of
    /// the commands.
    /// - Throws: 66 when it cannot be read; 65 when it is empty, goes on past `limit` (an
    ///   endless pipe is stopped there) or does not start as `format` must.
    func readStandardInput(limit: Int, format: InputFile.Format = .any, allowingEmpty: Bool = false) throws(CommandError) -> Data {
        do {
            if allowingEmpty, standardInputData?.isEmpty == true { return Data() }
            if let standardInputData {
                try InputFile.check(standardInputData, limit: limit, format: format, name: "standard input")
                return standardInputData
            }
            return try InputFile.readStream(0, limit: limit, format: format, name: "standard input")
        } catch where allowingEmpty && error.kind == .empty {
            return Data()
        } catch {
            throw FileAccess.inputFailure(error)
        }
    }

    /// How long a command waits for a lock another process holds (`FileLock`): `seconds`,
    /// saying "waiting for another zhixi-review on FILE" on standard error after a second.
    func lockWait(seconds: Double) -> FileLockWait {
        let errorStream = errorStream
        let words = words
        return FileLockWait(timeoutSeconds: seconds, noticeAfterSeconds: 1) { path in
            errorStream.writeMessage("zhixi-review: " + words.sentence("run.waitingForLock", in: .commands, ["path": path]))
        }
    }

    /// Writes text to standard output (buffered; see ``flush()``). The last guard of the
    /// package's rule (``ZhiXiCore/VisibleText``): a hidden character that reached here raw —
    /// ESC, CR alone, a bidirectional override — is written as a `\u001B`-style escape, which a
    /// terminal shows and a JSON string reads as the same character; line feeds, tabs and
    /// CRLF are written as they are. (Each format makes its fields visible before: see
    /// ``String/escapingControlCharacters(keepingLineBreaks:)``.)
    package func write(_ text: String) {
        let text = text.escapingHiddenCharactersAtEdge()
        if isProcess {
            pendingOutput.append(contentsOf: text.utf8)
            if pendingOutput.count >= 1 << 16 { try? flush() }
        } else {
            standardOutput += text
        }
    }

    /// Keeps `value` alive until the process exits, when running as the process: a large
    /// workspace then needs no tearing down, object by object, before `exit`. In-process
    /// contexts (tests) let it go as usual.
    package func keepUntilExit(_ value: any Sendable) {
        guard isProcess else { return }
        CommandContext.keptUntilExit.withLock { $0.append(value) }
    }

    /// The values kept until exit: only appended, never read.
    private static let keptUntilExit = Locked<[any Sendable]>([])

    /// Writes bytes (UTF-8 text) to standard output (buffered; see ``flush()``). A large block
    /// goes straight to the stream after what is buffered, without being copied.
    package func write(bytes data: Data) {
        data.withUnsafeBytes { write(rawBytes: $0) }
    }

    /// Writes bytes (UTF-8 text) to standard output as the `Data` variant does, from an
    /// array without converting it to `Data` first.
    package func write(bytes: [UInt8]) {
        bytes.withUnsafeBytes { write(rawBytes: $0) }
    }

    /// Writes bytes (UTF-8 text) to standard output as the `Data` variant does, from memory the
    /// caller holds only for the call (the pieces of a large output written as they are made).
    package func write(bytes: UnsafeRawBufferPointer) {
        write(rawBytes: bytes)
    }

    private func write(rawBytes data: UnsafeRawBufferPointer) {
        if isProcess {
            if data.count >= 1 << 16 {
                try? flush()
                if pendingFailure == nil, let failure = Self.writeAll(data, to: 1) {
                    pendingFailure = failure
                }
                return
            }
            pendingOutput.append(contentsOf: data)
            if pendingOutput.count >= 1 << 16 { try? flush() }
        } else {
            standardOutput += String(decoding: data, as: UTF8.self)
        }
    }

    /// Writes a message to standard error as one line, immediately, with the package's rule
    /// applied to all of it (``ZhiXiCore/VisibleText``: control characters, line breaks and
    /// bidirectional overrides made visible), so that text quoted from a file, a server or an
    /// argument can neither drive the terminal nor forge a line of its own; a message longer
    /// than 8 KiB is cut in the middle, saying how much was left out, so a huge argument is
    /// never echoed whole. A closed or broken standard error is ignored: the command still
    /// ends with its own status.
    package func writeError(_ text: String) {
        errorStream.writeMessage(text)
    }

    /// Writes a text of several lines of the program's own (a usage synopsis) to standard
    /// error: its line breaks kept, everything else as ``writeError(_:)``.
    func writeErrorLines(_ text: String) {
        errorStream.writeLines(text)
    }

    /// Writes bytes to standard error as they are (an output option given `/dev/stderr`).
    func writeErrorBytes(_ data: Data) {
        errorStream.write(data)
    }

    /// Writes a progress line to standard error when it is a terminal, overwriting the previous
    /// one (`\r`); nothing otherwise. End a series with ``endProgress()``.
    func progress(_ text: String) {
        guard standardErrorIsTerminal else { return }
        _ = Array(("\r\u{1B}[K" + text).utf8).withUnsafeBytes { Self.writeAll($0, to: 2) }
    }

    /// Ends a series of progress lines.
    func endProgress() {
        guard standardErrorIsTerminal else { return }
        _ = Array("\r\u{1B}[K".utf8).withUnsafeBytes { Self.writeAll($0, to: 2) }
    }

    /// Sends buffered standard output to the process's stream.
    /// - Throws: ``CommandError/ioError(_:)`` when the stream is closed (e.g. a pipe whose
    ///   reader has gone) or full.
    package func flush() throws(CommandError) {
        guard isProcess else { return }
        if let failure = pendingFailure {
            pendingFailure = nil
            throw Self.standardOutputFailure(failure)
        }
        guard !pendingOutput.isEmpty else { return }
        let bytes = pendingOutput
        pendingOutput.removeAll(keepingCapacity: true)
        if let failure = bytes.withUnsafeBytes({ Self.writeAll($0, to: 1) }) {
            throw Self.standardOutputFailure(failure)
        }
    }

    /// The error for a write to standard output that failed with `errno` `failure`: a reader
    /// gone away ends the command quietly; anything else (a full disk) is 74, in the run's
    /// language (the system's reason as it gives it).
    private static func standardOutputFailure(_ failure: Int32) -> CommandError {
        guard failure != EPIPE else { return .outputClosed }
        let reason = String(cString: strerror(failure))
        return CommandError.ioError("").worded { $0.sentence("output.standardOutput", in: .errors, ["reason": reason]) }
    }

    /// A write to standard output that failed outside ``flush()`` (its `errno`), reported by the
    /// next flush.
    private var pendingFailure: Int32?

    /// Writes every byte to a file descriptor, retrying after interruptions; the `errno` on
    /// failure.
    fileprivate static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}

/// Standard error of a ``CommandContext``: the process's file descriptor 2, or text kept for
/// a test. Safe from any thread.
private struct ErrorStream: Sendable {
    /// `true` when writing to the process's file descriptor.
    let isProcess: Bool
    /// What was written, when not writing to the process's stream.
    let captured = Locked("")

    /// The longest message line written whole, in bytes.
    static let maximumLineBytes = 8 << 10

    /// Writes a message as one line, everything hidden made visible, cut in the middle past
    /// ``maximumLineBytes``. A closed or broken standard error is ignored.
    func writeMessage(_ text: String) {
        var body = Substring(text)
        while body.hasSuffix("\n") { body = body.dropLast() }
        write(Data((Self.clipped(String(body).escapingControlCharacters()) + "\n").utf8))
    }

    /// Writes lines of the program's own: line breaks and tabs kept, the rest as ``writeMessage(_:)``.
    func writeLines(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { Self.clipped(String($0).escapingControlCharacters(keepingLineBreaks: true)) }
        let joined = lines.joined(separator: "\n")
        write(Data((joined.hasSuffix("\n") ? joined : joined + "\n").utf8))
    }

    /// `line`, or its head and tail with what was left out said between, past ``maximumLineBytes``.
    static func clipped(_ line: String) -> String {
        guard line.utf8.count > maximumLineBytes else { return line }
        let head = String(decoding: line.utf8.prefix(maximumLineBytes / 2), as: UTF8.self)
        let tail = String(decoding: line.utf8.suffix(1024), as: UTF8.self)
        return head + " … (\(line.utf8.count - head.utf8.count - tail.utf8.count) bytes left out) … " + tail
    }

    /// Writes bytes as they are.
    func write(_ data: Data) {
        if isProcess {
            _ = data.withUnsafeBytes { CommandContext.writeAll($0, to: 2) }
        } else {
            captured.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
    }
}

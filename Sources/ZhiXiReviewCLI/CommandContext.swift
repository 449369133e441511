import Foundation

/// What a command runs against: its output streams, the environment and the clock. Tests
/// run commands against buffers; the executable runs them against the process's streams.
public final class CommandContext {
    /// Everything written to standard output so far (when not streaming to a file handle).
    public private(set) var standardOutput = ""
    /// Everything written to standard error so far (when not streaming to a file handle).
    public private(set) var standardError = ""
    /// Environment variables (`LANG` selects the default language of `plan`).
    public let environment: [String: String]
    /// The current time, used when `--now` is not given.
    public let now: Date

    private let outputHandle: FileHandle?
    private let errorHandle: FileHandle?
    private var pendingOutput: [UInt8] = []

    /// A context that captures output in ``standardOutput`` and ``standardError``.
    public init(environment: [String: String] = [:], now: Date = Date()) {
        self.environment = environment
        self.now = now
        outputHandle = nil
        errorHandle = nil
    }

    /// A context that writes to the process's standard output and error.
    public static func process() -> CommandContext {
        CommandContext(environment: ProcessInfo.processInfo.environment, now: Date(),
                       outputHandle: FileHandle.standardOutput, errorHandle: FileHandle.standardError)
    }

    private init(environment: [String: String], now: Date, outputHandle: FileHandle, errorHandle: FileHandle) {
        self.environment = environment
        self.now = now
        self.outputHandle = outputHandle
        self.errorHandle = errorHandle
    }

    /// Writes text to standard output (buffered; see ``flush()``).
    public func write(_ text: String) {
        if outputHandle != nil {
            pendingOutput.append(contentsOf: text.utf8)
            if pendingOutput.count >= 1 << 16 { try? flush() }
        } else {
            standardOutput += text
        }
    }

    /// Keeps `value` alive until the process exits, when running as the process: a large
    /// workspace then needs no tearing down, object by object, before `exit`. In-process
    /// contexts (tests) let it go as usual.
    public func keepUntilExit(_ value: Any) {
        guard outputHandle != nil else { return }
        CommandContext.keptLock.lock()
        CommandContext.keptUntilExit.append(value)
        CommandContext.keptLock.unlock()
    }

    // Only appended to, under `keptLock`, and never read.
    nonisolated(unsafe) private static var keptUntilExit: [Any] = []
    private static let keptLock = NSLock()

    /// Writes bytes (UTF-8 text) to standard output (buffered; see ``flush()``).
    public func write(bytes data: Data) {
        if outputHandle != nil {
            pendingOutput.append(contentsOf: data)
            if pendingOutput.count >= 1 << 16 { try? flush() }
        } else {
            standardOutput += String(decoding: data, as: UTF8.self)
        }
    }

    /// Writes a message line to standard error, immediately.
    public func writeError(_ text: String) {
        let line = text.hasSuffix("\n") ? text : text + "\n"
        if let errorHandle {
            errorHandle.write(Data(line.utf8))
        } else {
            standardError += line
        }
    }

    /// Sends buffered standard output to the process's stream.
    /// - Throws: when the stream is closed (e.g. a pipe whose reader has gone).
    public func flush() throws {
        guard let outputHandle, !pendingOutput.isEmpty else { return }
        let bytes = pendingOutput
        pendingOutput.removeAll(keepingCapacity: true)
        try outputHandle.write(contentsOf: bytes)
    }
}

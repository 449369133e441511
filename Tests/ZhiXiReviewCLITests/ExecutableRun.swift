// Runs the built executable as a process: macOS and Linux only (iOS has no `Process`).
#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport

/// A run of the `zhixi-review` executable (``reviewExecutable``) as its own process: for what
/// an in-process run cannot show (exit by a signal, memory limits, standard input that is a
/// pipe or `/dev/zero`, another user), bounded in time and memory so that a regression fails
/// the test instead of hanging it or exhausting the machine.
struct ExecutableRun {
    /// The exit status, or 128 + the signal that ended the process.
    var status: Int32
    /// `true` when the process ended by a signal (a crash: 132, 134, 135, 137, 139).
    var crashed: Bool
    /// `true` when it was still running at the deadline (it was then killed).
    var timedOut: Bool
    /// Its standard output.
    var output: Data
    /// Its standard error, as text.
    var error: String

    /// Standard output as text.
    var outputText: String { String(decoding: output, as: UTF8.self) }

    /// What the process reads as standard input.
    enum Input {
        /// Nothing (`/dev/null`).
        case none
        /// These bytes, through a pipe.
        case bytes(Data)
        /// The file at this path (`/dev/zero`, a FIFO, a regular file).
        case file(String)
    }

    /// Runs the executable with `arguments`, with at most `memoryBytes` of address space
    /// (`prlimit --as`) and as `user` (uid and gid, through `setpriv`) when given; `shell` runs
    /// the arguments through `/bin/sh -c` instead (the executable is `$ZHIXI`), in `directory`
    /// when given, with `environment` added to this process's (whose language is `LANG=en_US.UTF-8` unless `environment` says). A process still running after
    /// ``HangGuard/seconds`` is killed (SIGKILL) and reported as timed out: a guard against a
    /// hang, never a measurement. The wait is on a thread of its own, so a test waiting for its
    /// process never holds one of the few cooperative threads the other tests run on.
    static func run(_ arguments: [String], input: Input = .none, memoryBytes: Int? = nil,
                    user: (uid: UInt32, gid: UInt32)? = nil, shell: String? = nil, directory: URL? = nil,
                    environment extra: [String: String] = [:]) async throws -> ExecutableRun {
        var command: [String] = []
        if let user { command += ["/usr/bin/setpriv", "--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--"] }
        if let memoryBytes { command += ["/usr/bin/prlimit", "--as=\(memoryBytes)", "--"] }
        if let shell {
            command += ["/bin/sh", "-c", shell]
        } else {
            command += [reviewExecutable.path] + arguments
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment["ZHIXI"] = reviewExecutable.path
        // An English-speaking user's language unless the test says otherwise, as the in-process
        // runs have (`englishEnvironment`): the machine's own locale does not decide a verdict.
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        environment["LANG"] = "en_US.UTF-8"
        environment.merge(extra) { $1 }
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let outputPipe = Pipe(), errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        var inputPipe: Pipe?
        switch input {
        case .none: process.standardInput = FileHandle.nullDevice
        case .bytes: inputPipe = Pipe(); process.standardInput = inputPipe
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileNoSuchFile) }
            process.standardInput = handle
        }
        let collected = Collected()
        let outputReader = Thread { collected.set(output: outputPipe.fileHandleForReading.readDataToEndOfFile()) }
        let errorReader = Thread { collected.set(error: errorPipe.fileHandleForReading.readDataToEndOfFile()) }
        try process.run()
        outputReader.start()
        errorReader.start()
        if case .bytes(let data) = input, let inputPipe {
            // A process that exits before reading everything must not end this one with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            let writer = Thread {
                try? inputPipe.fileHandleForWriting.write(contentsOf: data)
                try? inputPipe.fileHandleForWriting.close()
            }
            writer.start()
        }
        let running = Running(process)
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: running.waitForEnd(collected)) }
        }
    }

    /// A started process, waited for on a thread of its own.
    private final class Running: @unchecked Sendable {
        private let process: Process

        init(_ process: Process) { self.process = process }

        /// The run, once the process has ended (killed after ``HangGuard/seconds``) and both
        /// streams were read to their end.
        func waitForEnd(_ collected: Collected) -> ExecutableRun {
            let deadline = Date().addingTimeInterval(HangGuard.seconds)
            var timedOut = false
            while process.isRunning {
                if Date() > deadline {
                    timedOut = true
                    kill(process.processIdentifier, SIGKILL)
                }
                usleep(10_000)
            }
            process.waitUntilExit()
            let (output, error) = collected.wait()
            let crashed = process.terminationReason == .uncaughtSignal
            return ExecutableRun(status: crashed ? 128 + process.terminationStatus : process.terminationStatus,
                                 crashed: crashed && !timedOut, timedOut: timedOut, output: output,
                                 error: String(decoding: error, as: UTF8.self))
        }
    }

    /// The two streams, filled by their reader threads.
    private final class Collected: @unchecked Sendable {
        private let condition = NSCondition()
        private var output: Data?
        private var error: Data?

        func set(output data: Data) { condition.withLock { output = data; condition.broadcast() } }
        func set(error data: Data) { condition.withLock { error = data; condition.broadcast() } }

        /// Both streams, once both readers have reached their end (within ``HangGuard/seconds``).
        func wait() -> (Data, Data) {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date().addingTimeInterval(HangGuard.seconds)
            while output == nil || error == nil, condition.wait(until: deadline) {}
            return (output ?? Data(), error ?? Data())
        }
    }
}

/// Whether this test process runs as root (tests of another user's files need it).
let runsAsRoot = geteuid() == 0

/// Whether tests can run the executable as the unprivileged user 65534 (root, `setpriv`).
let canRunAsNobody = runsAsRoot && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

#endif

import Dispatch
import Foundation
import ZhiXiCore

/// Runs a JSON-lines batch: reads the input line by line, turns each line into one output
/// line on all cores, and writes the output lines in the input's order as soon as each is
/// next in line.
///
/// Memory is bounded by the window, not by the input: at most `window` lines are read and not
/// yet written (in work, or finished and waiting for an earlier line); a worker waits for room
/// before reading the next line. The workers are the chunks of one fan-out on a pool of the
/// library's worker threads (`WorkerPool`) with one thread per worker, so work that a line
/// fans out itself (the planner's `ParallelChunks`, the optimizer's chunks) stays on those
/// threads: it is helped only by a worker that is idle, so the batch and the planner together
/// never run more threads than there are workers (by default, cores).
///
/// Output is flushed after each run of lines written, so a reader at the other end of a pipe
/// (Spark's `RDD.pipe`, a shell loop) sees each line as soon as its turn comes.
enum BatchRunner {
    /// What one input line became: its output line (UTF-8 JSON with the line break) and
    /// whether it reports a failure.
    struct LineResult: Sendable {
        /// The output line, ending with `\n`.
        var bytes: [UInt8]
        /// `true` for an error line.
        var failed: Bool
    }

    /// What a batch did.
    struct Summary: Sendable {
        /// Lines read and answered.
        var lineCount = 0
        /// Lines answered with an error.
        var failedCount = 0
        /// The numbers of the first few failed lines, in order.
        var firstFailedLines: [Int] = []
        /// The most lines held at once (read and not yet written): never more than the window.
        var peakLinesHeld = 0
        /// The line the input was not read past (a line longer than ``InputLimits/batchLine``,
        /// or too many lines in a row that are not objects), if it stopped early, and why.
        var stoppedAtLine: Int?
        var stopReason = ""

        /// `3 of 1000 learners in learners.jsonl could not be planned (lines 4, 9, 12); …`,
        /// with `verb` saying what could not be done.
        func failureMessage(inputName: String, verb: String) -> String {
            let lines = firstFailedLines.map(String.init).joined(separator: ", ")
                + (failedCount > firstFailedLines.count ? ", …" : "")
            return "\(failedCount) of \(lineCount) learners in \(inputName) could not be \(verb) "
                + "(line\(failedCount == 1 ? "" : "s") \(lines)); each has an error line in the output"
                + (stoppedAtLine.map { "; the input was not read past line \($0), \(stopReason)" } ?? "")
        }
    }

    /// The number of workers: one per core.
    static var defaultWorkers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Lines in flight per worker: enough that a slow line (a learner with a long history)
    /// rarely stalls the others while it holds the head of the output.
    static let linesInFlightPerWorker = 8

    /// Answers every line of `reader` with `process`, writing the answers to the context's
    /// standard output in input order.
    ///
    /// - Parameters:
    ///   - workers: how many lines are processed at once.
    ///   - window: how many lines may be read and not yet written (at least `workers`).
    ///   - bytesInFlight: how many input bytes may be read and not yet written; a line that
    ///     does not fit waits until the lines before it are written (one line always may).
    ///   - process: turns one line into its output line; called on several threads at once.
    /// - Returns: how many lines were answered and which failed.
    /// - Throws: ``CommandError/noInput(_:)`` (66) when the input cannot be read part way (the
    ///   lines before are written), ``CommandError/ioError(_:)`` (74) when the output cannot be
    ///   written (the batch stops).
    static func run(_ reader: LineReader, context: CommandContext, workers: Int = defaultWorkers, window: Int? = nil,
                    bytesInFlight: Int = InputLimits.batchBytesInFlight,
                    process: @escaping @Sendable (LineReader.Line) -> LineResult) async throws(CommandError) -> Summary {
        let workers = max(1, workers)
        let state = State(reader: reader, context: context, window: max(workers, window ?? workers * linesInFlightPerWorker),
                          bytesInFlight: bytesInFlight)
        // The workers run on threads of their own pool and the task waits without holding a
        // thread of the cooperative pool.
        let pool = WorkerPool(threadCount: workers)
        await pool.run {
            pool.forEach(count: workers) { _ in state.work(process) }
        }
        pool.stop()
        if let failure = state.writeFailure { throw failure }
        if let failure = state.readFailure { throw failure }
        var summary = state.summary
        summary.stoppedAtLine = reader.stoppedAtLine
        summary.stopReason = reader.stopReason
        return summary
    }

    /// The shared state of one run. `reader` is used under `readLock`; everything else under
    /// `outputLock` (taken inside `readLock`, never the other way round).
    // Safe: every var is touched under `readLock`, `outputLock` or `bytes` as said above; the
    // reader and the context (not Sendable) are used under those locks only.
    private final class State: @unchecked Sendable {
        private let reader: LineReader
        private let context: CommandContext
        private let slots: DispatchSemaphore
        private let readLock = NSLock()
        private let outputLock = NSLock()
        /// The index the next line read gets (under `readLock`).
        private var nextIndex = 0
        private var inputEnded = false
        /// Finished lines waiting for an earlier one, by index, with their input's size (under `outputLock`).
        private var waiting: [Int: (Int, LineResult, Int)] = [:]
        /// Input bytes of the lines read and not yet written, and the most there may be (under `bytes`).
        private var bytesHeld = 0
        private let bytesInFlight: Int
        private let bytes = NSCondition()
        private var nextToWrite = 0
        /// Lines read and not yet written (under `outputLock`).
        private var held = 0
        private var stopped = false
        private(set) var summary = Summary()
        private(set) var readFailure: CommandError?
        private(set) var writeFailure: CommandError?

        init(reader: LineReader, context: CommandContext, window: Int, bytesInFlight: Int) {
            self.bytesInFlight = bytesInFlight
            self.reader = reader
            self.context = context
            slots = DispatchSemaphore(value: window)
        }

        /// One worker: takes the next line while there is room in the window, processes it,
        /// and hands the result over for writing; until the input ends or the output fails.
        func work(_ process: @Sendable (LineReader.Line) -> LineResult) {
            while true {
                slots.wait()
                guard let (index, line) = nextLine() else {
                    slots.signal()
                    return
                }
                let size = line.bytes.count
                let result = process(line)
                deliver(result, lineNumber: line.number, index: index, size: size)
            }
        }

        private func nextLine() -> (Int, LineReader.Line)? {
            readLock.lock()
            defer { readLock.unlock() }
            guard !inputEnded, !isStopped else { return nil }
            do {
                guard let line = try reader.next() else {
                    inputEnded = true
                    return nil
                }
                // Room for its bytes: wait while earlier lines hold too much (they are being
                // answered by other workers, so they will be written).
                bytes.lock()
                while bytesHeld > 0 && bytesHeld + line.bytes.count > bytesInFlight { bytes.wait() }
                bytesHeld += line.bytes.count
                bytes.unlock()
                outputLock.lock()
                held += 1
                summary.peakLinesHeld = max(summary.peakLinesHeld, held)
                outputLock.unlock()
                defer { nextIndex += 1 }
                return (nextIndex, line)
            } catch {
                inputEnded = true
                readFailure = error
                return nil
            }
        }

        private var isStopped: Bool {
            outputLock.lock()
            defer { outputLock.unlock() }
            return stopped
        }

        /// Stores a result and writes every result that is now next in line, then flushes.
        /// Each line written (or dropped after a write failure) frees a slot of the window.
        private func deliver(_ result: LineResult, lineNumber: Int, index: Int, size: Int) {
            outputLock.lock()
            defer { outputLock.unlock() }
            waiting[index] = (lineNumber, result, size)
            var written = 0
            var freed = 0
            defer {
                if freed > 0 {
                    bytes.lock()
                    bytesHeld -= freed
                    bytes.broadcast()
                    bytes.unlock()
                }
            }
            while let (number, next, lineSize) = waiting.removeValue(forKey: nextToWrite) {
                nextToWrite += 1
                written += 1
                held -= 1
                freed += lineSize
                guard !stopped else { continue }
                context.write(bytes: next.bytes)
                summary.lineCount += 1
                if next.failed {
                    summary.failedCount += 1
                    if summary.firstFailedLines.count < 10 { summary.firstFailedLines.append(number) }
                }
            }
            if written > 0, !stopped {
                do {
                    try context.flush()
                } catch {
                    stopped = true
                    writeFailure = error
                }
            }
            for _ in 0 ..< written { slots.signal() }
        }
    }
}

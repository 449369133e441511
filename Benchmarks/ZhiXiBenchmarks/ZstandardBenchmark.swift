import Foundation
import ZhiXiArchive

/// `zhixi-bench zstd FILE.zst`: the Swift Zstandard decoder beside the `zstd` tool on the same
/// file. First checks that both give the same bytes, then alternates the two `--runs N`
/// rounds (default 9): ours reads the file and decompresses it in this process; the tool is
/// a process, `zstd -d -c -q FILE` with its output to /dev/null (process start, about a
/// millisecond, included). Beside them, the same job as ours: libzstd's one-shot
/// `ZSTD_decompress` into a fresh buffer of `ZSTD_decompressBound` bytes, the input in memory
/// (libzstd.so.1 opened at run time; skipped, saying so, when absent). Prints MB/s of output
/// by wall clock and by CPU time (user + system, `getrusage`: steadier on a shared machine),
/// medians with min–max, and the ratios within each round.
enum ZstandardBenchmark {
    static func run(arguments: [String]) throws {
        guard let path = arguments.first(where: { !$0.hasPrefix("--") && !isOptionValue($0, in: arguments) }) else {
            throw BenchmarkError.usage("usage: zhixi-bench zstd FILE.zst [--runs N] [--zstd PATH]")
        }
        let runs = max(1, Int(BenchmarkSupport.option("runs", in: arguments) ?? "") ?? 9)
        let tool = BenchmarkSupport.option("zstd", in: arguments) ?? "/usr/bin/zstd"
        let limit = ExpansionLimit(maximumOutputBytes: 16 << 30)
        let input = try readFile(path)
        let output = try ZstandardDecoder.decompress(input, limit: limit)
        let theirs = try toolOutput(tool, ["-d", "-c", "-q", path])
        guard output == theirs else {
            throw BenchmarkError.mismatch("the decoders disagree: ours \(output.count) bytes, zstd \(theirs.count) bytes")
        }
        print("\(path): \(input.count) bytes → \(output.count) bytes, identical to zstd -d")
        let library = LibraryZstandard()
        if let library {
            guard try library.decompress(input) == output else { throw BenchmarkError.mismatch("libzstd and ours disagree") }
        } else {
            print("libzstd.so.1 not found: the in-memory comparison is skipped")
        }
        var ours = Samples(), inMemory = Samples(), toolRuns = Samples(), libraryRuns = Samples()
        for _ in 0 ..< runs {
            try inMemory.add(.process) { _ = try ZstandardDecoder.decompress(input, limit: limit) }
            if let library { try libraryRuns.add(.process) { _ = try library.decompress(input) } }
            try ours.add(.process) { _ = try ZstandardDecoder.decompress(try readFile(path), limit: limit) }
            try toolRuns.add(.children) { try runTool(tool, ["-d", "-c", "-q", path]) }
        }
        let megabytes = Double(output.count) / 1e6
        print("MB/s of output, medians of \(runs) rounds (min–max); wall clock, then CPU time (user + system)")
        print("ZstandardDecoder, read + decompress:  \(ours.rates(megabytes))")
        print("zstd -d, a process:                   \(toolRuns.rates(megabytes))")
        print("ZstandardDecoder, input in memory:    \(inMemory.rates(megabytes))")
        if library != nil { print("libzstd one-shot, input in memory:    \(libraryRuns.rates(megabytes))") }
        print("speed ratio ours/zstd -d, per round:  \(ours.ratios(to: toolRuns))")
        if library != nil { print("speed ratio ours/libzstd in memory:   \(inMemory.ratios(to: libraryRuns))") }
    }

    /// Wall-clock and CPU seconds of each round.
    struct Samples {
        enum Whose { case process, children }
        var wall: [Double] = [], cpu: [Double] = []

        mutating func add(_ whose: Whose, _ body: () throws -> Void) throws {
            let cpuBefore = Self.cpuSeconds(whose)
            wall.append(try BenchmarkSupport.time(body))
            cpu.append(Self.cpuSeconds(whose) - cpuBefore)
        }

        func rates(_ megabytes: Double) -> String {
            func rate(_ seconds: [Double]) -> String {
                let sorted = seconds.sorted()
                return String(format: "%.0f (%.0f–%.0f)", megabytes / BenchmarkSupport.median(seconds), megabytes / sorted.last!,
                              megabytes / sorted.first!)
            }
            return "wall \(rate(wall)), CPU \(rate(cpu))"
        }

        /// The other side's time over ours, round by round (above 1: ours is faster).
        func ratios(to other: Samples) -> String {
            func ratio(_ mine: [Double], _ theirs: [Double]) -> String {
                let values = zip(mine, theirs).map { $1 / $0 }.sorted()
                return String(format: "%.2f (%.2f–%.2f)", BenchmarkSupport.median(values), values.first!, values.last!)
            }
            return "wall \(ratio(wall, other.wall)), CPU \(ratio(cpu, other.cpu))"
        }

        private static func cpuSeconds(_ whose: Whose) -> Double {
            var usage = rusage()
            #if os(Linux)
            getrusage(__rusage_who_t(whose == .process ? RUSAGE_SELF.rawValue : RUSAGE_CHILDREN.rawValue), &usage)
            #else
            getrusage(whose == .process ? RUSAGE_SELF : RUSAGE_CHILDREN, &usage)
            #endif
            func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
            return seconds(usage.ru_utime) + seconds(usage.ru_stime)
        }
    }

    /// The file's bytes, read straight into an array (one copy, from the page cache).
    static func readFile(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw BenchmarkError.usage("cannot open \(path)") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw BenchmarkError.usage("cannot read \(path)") }
        let size = Int(status.st_size)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            while initialized < size {
                let count = read(descriptor, buffer.baseAddress! + initialized, size - initialized)
                guard count > 0 else {
                    failed = count < 0
                    return
                }
                initialized += count
            }
        }
        guard !failed else { throw BenchmarkError.usage("cannot read \(path)") }
        return bytes
    }

    private static func isOptionValue(_ argument: String, in arguments: [String]) -> Bool {
        guard let index = arguments.firstIndex(of: argument), index > 0 else { return false }
        return ["--runs", "--zstd"].contains(arguments[index - 1])
    }

    private static func toolOutput(_ tool: String, _ arguments: [String]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }

    private static func runTool(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchmarkError.mismatch("zstd exited with \(process.terminationStatus)") }
    }

    enum BenchmarkError: Error, CustomStringConvertible {
        case usage(String), mismatch(String)
        var description: String {
            switch self {
            case .usage(let text), .mismatch(let text): text
            }
        }
    }
}

import Foundation
import ZhiXiArchive

/// `zhixi-bench zstd FILE.zst`: the Swift Zstandard decoder beside the `zstd` tool on the same
/// file. First checks that both give the same bytes, then alternates the two `--runs N`
/// rounds (default 9): ours reads the file and decompresses it in this process; the tool is
/// a process, `zstd -d -c -q FILE` with its output to /dev/null (process start, about a
/// millisecond, included). Beside them, the same job as ours: libzstd's one-shot
/// `ZSTD_decompress` into a fresh buffer of `ZSTD_decompressBound` bytes, the input in memory
/// (libzstd.so.1 opened at run time; skipped, saying so, when absent). Prints MB/s of output,
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
        let ours = try ZstandardDecoder.decompress(input, limit: limit)
        let theirs = try toolOutput(tool, ["-d", "-c", "-q", path])
        guard ours == theirs else {
            throw BenchmarkError.mismatch("the decoders disagree: ours \(ours.count) bytes, zstd \(theirs.count) bytes")
        }
        print("\(path): \(input.count) bytes → \(ours.count) bytes, identical to zstd -d")
        let library = LibraryZstandard()
        if let library {
            guard try library.decompress(input) == ours else { throw BenchmarkError.mismatch("libzstd and ours disagree") }
        } else {
            print("libzstd.so.1 not found: the in-memory comparison is skipped")
        }
        var oursSeconds: [Double] = [], inMemorySeconds: [Double] = [], toolSeconds: [Double] = [], ratios: [Double] = []
        var librarySeconds: [Double] = [], libraryRatios: [Double] = []
        for _ in 0 ..< runs {
            let inMemory = try BenchmarkSupport.time { _ = try ZstandardDecoder.decompress(input, limit: limit) }
            inMemorySeconds.append(inMemory)
            if let library {
                let seconds = try BenchmarkSupport.time { _ = try library.decompress(input) }
                librarySeconds.append(seconds)
                libraryRatios.append(seconds / inMemory)
            }
            let mine = try BenchmarkSupport.time {
                let bytes = try readFile(path)
                _ = try ZstandardDecoder.decompress(bytes, limit: limit)
            }
            let other = try BenchmarkSupport.time { try runTool(tool, ["-d", "-c", "-q", path]) }
            oursSeconds.append(mine)
            toolSeconds.append(other)
            ratios.append(other / mine)
        }
        let megabytes = Double(ours.count) / 1e6
        func rate(_ seconds: [Double]) -> String {
            let sorted = seconds.sorted()
            return String(format: "%.0f MB/s (%.0f–%.0f), %.1f ms", megabytes / BenchmarkSupport.median(seconds), megabytes / sorted.last!,
                          megabytes / sorted.first!, BenchmarkSupport.median(seconds) * 1e3)
        }
        print("ZstandardDecoder (read + decompress): \(rate(oursSeconds))")
        print("ZstandardDecoder (input in memory):   \(rate(inMemorySeconds))")
        print("zstd -d (process):                    \(rate(toolSeconds))")
        if !librarySeconds.isEmpty {
            print("libzstd one-shot (input in memory):   \(rate(librarySeconds))")
        }
        let sortedRatios = ratios.sorted()
        print(String(format: "speed ratio ours/zstd per round: %.2f (%.2f–%.2f), medians of %d rounds", BenchmarkSupport.median(ratios),
                     sortedRatios.first!, sortedRatios.last!, runs))
        if !libraryRatios.isEmpty {
            let sorted = libraryRatios.sorted()
            print(String(format: "speed ratio ours/libzstd in memory per round: %.2f (%.2f–%.2f)", BenchmarkSupport.median(libraryRatios),
                         sorted.first!, sorted.last!))
        }
    }

    /// The file's bytes, read straight into an array.
    static func readFile(_ path: String) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        return [UInt8](try handle.readToEnd() ?? Data())
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

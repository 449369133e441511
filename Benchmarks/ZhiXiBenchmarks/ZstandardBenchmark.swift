import Foundation
import ZhiXiArchive

/// `zhixi-bench zstd FILE.zst`: the Swift Zstandard decoder beside the `zstd` tool on the same
/// file. First checks that both give the same bytes, then alternates the two `--runs N`
/// rounds (default 9): ours reads the file and decompresses it in this process; the tool is
/// a process, `zstd -d -c -q FILE` with its output to /dev/null (process start, about a
/// millisecond, included). Prints MB/s of output, medians with min–max, and the ratio of
/// the two within each round.
enum ZstandardBenchmark {
    static func run(arguments: [String]) throws {
        guard let path = arguments.first(where: { !$0.hasPrefix("--") && !isOptionValue($0, in: arguments) }) else {
            throw BenchmarkError.usage("usage: zhixi-bench zstd FILE.zst [--runs N] [--zstd PATH]")
        }
        let runs = max(1, Int(BenchmarkSupport.option("runs", in: arguments) ?? "") ?? 9)
        let tool = BenchmarkSupport.option("zstd", in: arguments) ?? "/usr/bin/zstd"
        let limit = ExpansionLimit(maximumOutputBytes: 16 << 30)
        let input = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let ours = try ZstandardDecoder.decompress(input, limit: limit)
        let theirs = try toolOutput(tool, ["-d", "-c", "-q", path])
        guard ours == theirs else {
            throw BenchmarkError.mismatch("the decoders disagree: ours \(ours.count) bytes, zstd \(theirs.count) bytes")
        }
        print("\(path): \(input.count) bytes → \(ours.count) bytes, identical to zstd -d")
        var oursSeconds: [Double] = [], toolSeconds: [Double] = [], ratios: [Double] = []
        for _ in 0 ..< runs {
            let mine = try BenchmarkSupport.time {
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
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
        print("zstd -d (process):                    \(rate(toolSeconds))")
        let sortedRatios = ratios.sorted()
        print(String(format: "speed ratio ours/zstd per round: %.2f (%.2f–%.2f), medians of %d rounds", BenchmarkSupport.median(ratios),
                     sortedRatios.first!, sortedRatios.last!, runs))
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

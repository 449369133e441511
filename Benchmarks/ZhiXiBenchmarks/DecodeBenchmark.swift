import Foundation
import ZhiXiModel

/// `zhixi-bench decode FILE`: the workspace reader (`LearnerWorkspace(jsonData:)`) on a file
/// already in memory, run after run, in one process: MB/s and sessions/s, best and median.
/// The part of `zhixi-review plan` that the model's decoding declarations cost.
enum DecodeBenchmark {
    static func run(arguments: [String]) throws {
        guard let path = arguments.first else { throw BenchmarkUsage("decode needs a workspace file (zhixi-bench workspace writes one)") }
        var runs = 7
        if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count, let value = Int(arguments[index + 1]) { runs = value }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var seconds: [Double] = []
        var sessions = 0
        for _ in 0 ..< max(1, runs) {
            let start = DispatchTime.now().uptimeNanoseconds
            let workspace = try LearnerWorkspace(jsonData: data)
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            sessions = workspace.sessions.count
        }
        seconds.sort()
        let median = seconds[seconds.count / 2]
        let megabytes = Double(data.count) / 1e6
        print(String(format: "decode %@: %.1f MB, %d sessions; best %.3f s, median %.3f s (%.0f MB/s, %.2f M sessions/s) over %d runs",
                     path, megabytes, sessions, seconds[0], median, megabytes / median, Double(sessions) / median / 1e6, seconds.count))
    }
}

/// A wrong command line of a benchmark.
struct BenchmarkUsage: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

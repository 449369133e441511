import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiPlanner

/// `zhixi-bench fleet-lines --input FILE.jsonl`: the work `plan --batch` does for each line,
/// on one thread and without the process around it — decode the workspace (with its check
/// for duplicate keys), check its bounds, plan, write the plan as JSON — so that the cost per
/// learner can be counted exactly (`valgrind --tool=callgrind`), and the share of each step
/// read from the profile. Prints the learners planned, the bytes read and the seconds.
enum FleetLineBenchmark {
    static func run(arguments: [String]) throws {
        guard let path = BenchmarkSupport.option("input", in: arguments) else {
            throw BenchmarkError.usage("fleet-lines needs --input FILE.jsonl (write one with zhixi-bench fleet)")
        }
        let now = BenchmarkSupport.option("now", in: arguments).flatMap(ISO8601Timestamp.date(from:))
            ?? ISO8601Timestamp.date(from: "2026-11-29T01:00:00Z")!
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var learners = 0, refused = 0, outputBytes = 0
        let seconds = BenchmarkSupport.time {
            // Lines found with `memchr`, as the CLI's line reader does (`Data.split` costs more
            // than the planning it would be measured with).
            for line in lineRanges(data) {
                let workspace: LearnerWorkspace
                do {
                    workspace = try data.withUnsafeBytes { bytes in
                        try LearnerWorkspace(jsonBytes: UnsafeRawBufferPointer(rebasing: bytes[line]))
                    }
                } catch {
                    refused += 1
                    continue
                }
                if WorkspaceBounds.firstViolation(in: workspace) != nil {
                    refused += 1
                    continue
                }
                guard let result = try? ReviewPlanner().plan(PlannerInput(workspace: workspace), now: now),
                      let json = try? result.plan.jsonData() else {
                    refused += 1
                    continue
                }
                learners += 1
                outputBytes += json.count
            }
        }
        print("fleet-lines: \(learners) learners planned, \(refused) refused, \(BenchmarkSupport.grouped(Double(data.count))) bytes in, "
            + "\(BenchmarkSupport.grouped(Double(outputBytes))) bytes of plans, \(String(format: "%.3f", seconds)) s on one thread")
    }

    /// The ranges of the non-empty lines of `bytes` (without their line breaks).
    static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        bytes.withUnsafeBufferPointer { buffer -> [Range<Int>] in
            guard let base = buffer.baseAddress else { return [] }
            var ranges: [Range<Int>] = []
            var start = 0
            while start < buffer.count {
                let found = memchr(base + start, 0x0A, buffer.count - start)
                let end = found.map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? buffer.count
                if end > start { ranges.append(start ..< end) }
                start = end + 1
            }
            return ranges
        }
    }
}

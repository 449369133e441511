import ZhiXiCore
import Foundation
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiScheduler

/// `zhixi-bench planner`: the review planner inside the library, input already decoded: the
/// median time to plan a generated workspace (default 1,000,000 sessions over 100,000
/// lessons). `zhixi-bench workspace` writes such a workspace as JSON, for timing
/// `zhixi-review plan` end to end (Benchmarks/compare/plan_end_to_end.sh).
enum PlannerBenchmark {
    static func run(arguments: [String]) throws {
        let lessons = Int(BenchmarkSupport.option("lessons", in: arguments) ?? "") ?? 100_000
        let sessions = Int(BenchmarkSupport.option("sessions", in: arguments) ?? "") ?? 1_000_000
        let runs = Int(BenchmarkSupport.option("runs", in: arguments) ?? "") ?? 5
        let workspace = SyntheticWorkspace.make(lessons: lessons, sessions: sessions, seed: 11)
        let input = PlannerInput(workspace: workspace)
        let planner = ReviewPlanner()
        var seconds: [Double] = []
        var taskCount = 0
        for _ in 0..<runs {
            var result: PlannerResult?
            seconds.append(try BenchmarkSupport.time { result = try planner.plan(input, now: SyntheticWorkspace.now) })
            let plan = result!.plan
            taskCount = plan.today.count + plan.tomorrow.count + plan.thisWeek.count + plan.later.count
        }
        let median = BenchmarkSupport.median(seconds)
        if arguments.contains("--json") {
            print("{\"benchmark\": \"planner\", \"lessons\": \(lessons), \"sessions\": \(sessions), \"tasks\": \(taskCount), "
                + "\"runs\": \(runs), \"medianSeconds\": \(median), \"cores\": \(ProcessInfo.processInfo.activeProcessorCount)}")
        } else {
            print("review planner (library, input decoded): \(BenchmarkSupport.grouped(Double(sessions))) sessions over "
                + "\(BenchmarkSupport.grouped(Double(lessons))) lessons → \(BenchmarkSupport.grouped(Double(taskCount))) tasks")
            print("  median of \(runs) runs: \(String(format: "%.3f", median)) s  (runs: "
                + seconds.map { String(format: "%.3f", $0) }.joined(separator: ", ") + "; "
                + "\(ProcessInfo.processInfo.activeProcessorCount) cores)")
        }
    }

    /// `zhixi-bench workspace --lessons N --sessions M --out FILE`.
    static func writeWorkspace(arguments: [String]) throws {
        let lessons = Int(BenchmarkSupport.option("lessons", in: arguments) ?? "") ?? 10_000
        let sessions = Int(BenchmarkSupport.option("sessions", in: arguments) ?? "") ?? 100_000
        guard let path = BenchmarkSupport.option("out", in: arguments) else {
            throw BenchmarkError.usage("workspace needs --out FILE")
        }
        let bytes = SyntheticWorkspace.json(SyntheticWorkspace.make(lessons: lessons, sessions: sessions, seed: 11))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        print("wrote \(path): \(BenchmarkSupport.grouped(Double(sessions))) sessions over \(BenchmarkSupport.grouped(Double(lessons))) lessons, "
            + "\(BenchmarkSupport.grouped(Double(bytes.count))) bytes; plan it as of \(ISO8601Timestamp.string(from: SyntheticWorkspace.now))")
    }
}

/// A benchmark's command line is wrong.
enum BenchmarkError: Error, CustomStringConvertible {
    case usage(String)
    var description: String {
        switch self {
        case .usage(let message): message
        }
    }
}

import Foundation
import Testing

/// The sample learner's plans as `plan` printed them before the learner's week and breaks
/// (issue 21) existed, kept in `Fixtures/`: without weekday minutes, breaks, `--postpone` or
/// `--advance`, a plan must stay the same byte for byte. (The JSON fixtures gained the plan's
/// `"notes"` after its own members in issue 18; every byte before them is as it was. The
/// dates of another year than the plan's gained their year in issue 30: `Nov 22, 2026`, `2027年1月1日`.
/// A reason's memory strength took the glossary's one term for it in issue 38: `stability`, `稳定性`.)
@Suite("zhixi-review plan: unchanged without a week, breaks or moves")
struct PlanUnchangedTests {
    static let fixtures = packageRoot.appendingPathComponent("Tests/ZhiXiReviewCLITests/Fixtures")
    static let sample = packageRoot.appendingPathComponent("data/sample-workspace.json").path

    @Test("text in both languages and JSON, the day after the last session and sixty days later",
          arguments: ["2026-11-29T09:00:00+08:00", "2027-01-27T09:00:00+08:00"])
    func sameBytes(now: String) async throws {
        let day = String(now.prefix(10))
        for (arguments, name) in [(["--lang", "en"], "plan-sample-\(day).txt"), (["--lang", "zh"], "plan-sample-\(day)-zh.txt"),
                                  (["--format", "json"], "plan-sample-\(day).json")] {
            let expected = try String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8)
            let result = await run(["plan", Self.sample, "--now", now] + arguments, environment: [:])
            #expect(result.status == 0)
            #expect(result.output == expected, "\(name) changed")
        }
    }
}

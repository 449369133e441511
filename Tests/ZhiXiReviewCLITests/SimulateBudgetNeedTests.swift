import Foundation
import Testing
import ZhiXiReviewCLI

/// `simulate --budget`'s answer with the learner's real need in it: JSON `budget.uncapped` and
/// how sure the pick is, the `--series` columns of what waited and what never started (checked
/// against the answer's own totals, in both modes), and charts whose axes stay within what their
/// quantities can be, their many lines told apart.
@Suite("zhixi-review simulate --budget: the need without the cap, the series of what waited, the charts")
struct SimulateBudgetNeedTests {
    static let sample = packageRoot.appendingPathComponent("data/sample-workspace.json").path
    static let cards = ["simulate", "--deck", "300", "--days", "60", "--new-per-day", "10", "--sweep", "0.75:0.95:0.05", "--seeds", "3",
                        "--budget", "6"]
    static let lessons = ["simulate", "--workspace", sample, "--now", "2026-11-29T01:00:00Z", "--days", "90", "--sweep", "0.80:0.90:0.05",
                          "--seeds", "10", "--budget", "30"]

    /// The rows of a `--series` CSV by column name.
    static func rows(_ csv: String) -> [[String: Double]] {
        let lines = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = lines[0]
        return lines.dropFirst().map { fields in
            Dictionary(uniqueKeysWithValues: zip(header, fields.map { Double($0) ?? .nan }))
        }
    }

    @Test("JSON: budget.uncapped, the pace that fits, how sure the pick is, and the recommended retention's need", arguments: [false, true])
    func json(zhiXi: Bool) async throws {
        let result = await run((zhiXi ? Self.lessons : Self.cards) + ["--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let object = try jsonObject(result.output)
        let budget = try #require(object["budget"] as? [String: Any])
        let retention = try #require(budget["retention"] as? Double)
        let uncapped = try #require(budget["uncapped"] as? [String: Any])
        #expect(uncapped["retention"] as? Double == retention)
        #expect((uncapped["averageMinutesPerDay"] as? Double ?? 0) > 0)
        #expect(uncapped["daysOverBudget"] is NSNumber && uncapped["daysOverBudgetInSomeSeed"] is Int && uncapped["worstWeek"] is [String: Any])
        #expect((uncapped["worstDayMinutes"] as? Double ?? 0) >= (budget["worstDayMinutes"] as? Double ?? .infinity),
                "without the cap no day is lighter at its worst")
        #expect(uncapped["newPerDay"] as? Double == (zhiXi ? 1 : 10))
        #expect(uncapped["paceStep"] as? Double == (zhiXi ? 0.05 : 1))
        let fitting = try #require(uncapped["fittingNewPerDay"] as? Double)
        #expect(fitting >= 0 && fitting <= (zhiXi ? 1 : 10) && uncapped["fitsAtPace"] is Bool)
        let range = try #require(budget["seedChoiceRange"] as? [Double])
        #expect(range.count == 2 && range[0] <= range[1])
        #expect((budget["plausible"] as? [Double])?.contains(retention) == true)
        let recommended = object["recommendedRetention"] as? Double
        #expect((budget["recommendedUncapped"] != nil) == (recommended != nil && recommended != retention))
        #expect((budget["againstRecommended"] != nil) == (recommended != nil && recommended != retention))
        if let against = budget["againstRecommended"] as? [String: Any] {
            #expect(against["fromRetention"] as? Double == recommended && against["verdict"] is String)
        }
    }

    @Test("--series: the waited and never-started columns add up to the answer's cost, in cards and ZhiXi mode", arguments: [false, true])
    func series(zhiXi: Bool) async throws {
        let csv = try temporaryFolder().appendingPathComponent("series.csv").path
        let result = await run((zhiXi ? Self.lessons : Self.cards) + ["--format", "json", "--series", csv])
        #expect(result.status == 0, "\(result.error)")
        let object = try jsonObject(result.output)
        let points = try #require(object["sweep"] as? [[String: Any]])
        let rows = Self.rows(try String(contentsOfFile: csv, encoding: .utf8))
        #expect(rows.first?.keys.contains("waited") == true && rows.first?.keys.contains("not_started") == true)
        for point in points {
            let retention = try #require(point["desiredRetention"] as? Double)
            let check = try #require(point["budgetCheck"] as? [String: Any])
            let days = rows.filter { $0["desired_retention"] == retention }
            let waited = days.reduce(0) { $0 + ($1["waited"] ?? .nan) }
            #expect(abs(waited - (check["waited"] as? Double ?? .nan)) < 0.01 * Double(days.count), "\(retention): \(waited) waited")
            #expect(abs((days.last?["not_started"] ?? .nan) - (check["notStarted"] as? Double ?? .nan)) < 1e-4, "\(retention)")
            if zhiXi { #expect(days.allSatisfy { $0["waited"] == $0["spilled_tasks"] }) }
        }
        #expect(rows.contains { ($0["waited"] ?? 0) > 0 }, "a tight budget makes work wait")
    }

    @Test("charts: no axis below 0, a ±1 sd bar cut there is dashed and said, the unlabelled retentions faint")
    func chart() async throws {
        let chart = try temporaryFolder().appendingPathComponent("sweep.svg").path
        let result = await run(["simulate", "--workspace", Self.sample, "--now", "2026-11-29T01:00:00Z", "--sweep", "0.70:0.97:0.01",
                                "--seeds", "10", "--budget", "45", "--svg", chart])
        #expect(result.status == 0, "\(result.error)")
        let svg = try String(contentsOfFile: chart, encoding: .utf8)
        #expect(!svg.contains("text-anchor=\"end\">-"), "a tick below 0 on an axis of minutes, lessons or a cost")
        #expect(svg.contains("stroke-dasharray=\"3 2\"") && svg.contains("±1 sd bars cut (dashed) at 0, the least it can be, for 0."))
        #expect(svg.contains("the other 25 faint behind them"))
        #expect(svg.components(separatedBy: "stroke-opacity=\"0.3\"").count - 1 == 2 * 25, "25 faint lines in each of the two overlays")
        #expect(svg.contains("without the cap "))
        // Lessons memorized never above the 30 of the course.
        #expect(!svg.contains(">35</text>") && !svg.contains(">32</text>"))
    }
}

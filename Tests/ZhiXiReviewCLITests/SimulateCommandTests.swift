import Foundation
import Testing
@testable import ZhiXiReviewCLI

@Suite("zhixi-review simulate")
struct SimulateCommandTests {
    static let small = ["simulate", "--deck", "300", "--days", "40", "--max-minutes-per-day", "10"]

    @Test("JSON output has the summary and the per-day series, numbers consistent with each other")
    func json() async throws {
        let result = await run(Self.small + ["--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["mode"] as? String == "cards")
        #expect(object["desiredRetention"] as? Double == 0.9)
        #expect(object["seeds"] as? [Int] == [42])
        let summary = try #require(object["summary"] as? [String: Any])
        for key in ["totalReviews", "totalLearned", "memorizedAtEnd", "averageMinutesPerDay", "secondsPerMemorized"] {
            #expect(summary[key] is NSNumber, "\(key)")
        }
        #expect(summary["totalReviewsStandardDeviation"] == nil, "one seed: no standard deviation")
        let days = try #require(object["days"] as? [String: [Double]])
        #expect(Set(days.keys) == ["reviews", "learned", "seconds", "memorized", "correctReviews"])
        #expect(days["reviews"]?.count == 40)
        #expect(days["reviews"]?.reduce(0, +) == summary["totalReviews"] as? Double)
        #expect(abs((days["memorized"]?.last ?? 0) - (summary["memorizedAtEnd"] as? Double ?? 0)) < 1e-3)
        #expect((days["seconds"]?.max() ?? 0) < 600 + 120, "the cap of 10 minutes holds within one card")
    }

    @Test("several seeds give means with standard deviations beside them; the same seed the same output")
    func seeds() async throws {
        let first = await run(Self.small + ["--format", "json", "--seeds", "3", "--seed", "7"])
        #expect(first.status == 0, "\(first.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.output.utf8)) as? [String: Any])
        #expect(object["seeds"] as? [Int] == [7, 8, 9])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect((summary["totalReviewsStandardDeviation"] as? Double ?? 0) > 0)
        #expect(await run(Self.small + ["--format", "json", "--seeds", "3", "--seed", "7"]).output == first.output)
        #expect(await run(Self.small + ["--format", "json", "--seeds", "3", "--seed", "8"]).output != first.output)
    }

    @Test("a sweep's recommendation is the lowest cost per memorized item of its own table, in JSON and CSV")
    func sweep() async throws {
        let result = await run(Self.small + ["--sweep", "0.75:0.95:0.05", "--seeds", "2", "--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let points = try #require(object["sweep"] as? [[String: Any]])
        #expect(points.compactMap { $0["desiredRetention"] as? Double } == [0.75, 0.8, 0.85, 0.9, 0.95])
        let costs = points.map { (($0["summary"] as? [String: Any])?["secondsPerMemorized"] as? Double) ?? .infinity }
        let best = points[costs.firstIndex(of: costs.min()!)!]["desiredRetention"] as? Double
        #expect(object["recommendedRetention"] as? Double == best)
        let recommendation = try #require(object["recommendation"] as? [String: Any])
        #expect((recommendation["plausibleRange"] as? [Double])?.count == 2)

        let csv = await run(Self.small + ["--sweep", "0.75:0.95:0.05", "--seeds", "2", "--format", "csv"])
        let lines = csv.output.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines[0].hasPrefix("desired_retention,total_reviews,total_reviews_sd,"))
        #expect(lines.filter { $0.hasSuffix(",true") }.count == 1)
        #expect(lines.first { $0.hasSuffix(",true") }?.hasPrefix(String(best!)) == true)
    }

    @Test("text output: a table and sparklines; a sweep marks the recommendation")
    func text() async throws {
        let single = await run(Self.small)
        #expect(single.status == 0)
        #expect(single.output.contains("memorized at end"))
        #expect(single.output.contains("memorized  ") && single.output.contains("minutes    "))
        let sweep = await run(Self.small + ["--sweep", "0.8:0.9:0.05", "--seeds", "2"])
        #expect(sweep.output.contains("◀ recommended"))
        #expect(sweep.output.contains("Recommended desired retention"))
        #expect(sweep.output.contains("How sure"))
    }

    @Test("--svg writes a chart with labelled axes; a sweep's marks the recommendation")
    func svg() async throws {
        let folder = try temporaryFolder()
        let single = folder.appendingPathComponent("run.svg").path
        #expect(await run(Self.small + ["--svg", single]).status == 0)
        let chart = try String(contentsOfFile: single, encoding: .utf8)
        #expect(chart.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(chart.contains(">day of the simulation</text>") && chart.contains(">minutes</text>") && chart.contains(">items</text>"))
        #expect(chart.hasSuffix("</svg>\n"))
        let sweepPath = folder.appendingPathComponent("sweep.svg").path
        #expect(await run(Self.small + ["--sweep", "0.8:0.9:0.05", "--seeds", "2", "--svg", sweepPath]).status == 0)
        let sweepChart = try String(contentsOfFile: sweepPath, encoding: .utf8)
        #expect(sweepChart.contains(">desired retention</text>"))
        #expect(sweepChart.contains("recommended 0."))
        // A chart that cannot be written is an I/O error, and nothing is left behind.
        let missing = folder.appendingPathComponent("no/such/folder/chart.svg").path
        #expect(await run(Self.small + ["--svg", missing]).status == 74)
    }

    @Test("--config takes fsrs-rs fields; an unknown field or a row not summing to 1 is an error naming it")
    func config() async throws {
        let good = try temporaryFile("config.json", #"{"deck_size": 200, "learn_span": 30, "learn_limit": 5}"#)
        let result = await run(["simulate", "--config", good, "--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["spanDays"] as? Int == 30)
        let learned = try #require((object["days"] as? [String: [Double]])?["learned"])
        #expect(learned.allSatisfy { $0 <= 5 })
        let options = await run(["simulate", "--config", good, "--days", "20", "--format", "json"])
        #expect(options.output.contains("\"spanDays\": 20"), "options override the file")

        let unknown = try temporaryFile("unknown.json", #"{"deck_size": 200, "learnspan": 30}"#)
        let unknownRun = await run(["simulate", "--config", unknown])
        #expect(unknownRun.status == 65)
        #expect(unknownRun.error.contains("learnspan") && unknownRun.error.contains(unknown))
        let sum = try temporaryFile("sum.json", #"{"review_rating_prob": [0.3, 0.3, 0.3]}"#)
        let sumRun = await run(["simulate", "--config", sum])
        #expect(sumRun.status == 65)
        #expect(sumRun.error.contains("review_rating_prob"))
        #expect(await run(["simulate", "--config", "/no/such/config.json"]).status == 66)
    }

    @Test("ZhiXi mode from a workspace: the learner's lessons, budget and retention")
    func workspace() async throws {
        let path = packageRoot.appendingPathComponent("data/sample-workspace.json").path
        let result = await run(["simulate", "--workspace", path, "--now", "2026-11-29T09:00:00+08:00", "--days", "30", "--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["mode"] as? String == "zhixi")
        let days = try #require(object["days"] as? [String: [Double]])
        #expect(days["memorized"]?.first ?? 0 > 10, "the studied lessons are remembered from day 1")
        for (seconds, over) in zip(days["seconds"]!, days["overBudgetMinutes"]!) where over == 0 {
            #expect(seconds <= 45 * 60, "the learner's budget of 45 minutes holds")
        }
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["weakPointDrills"] is NSNumber && summary["spilledTasks"] is NSNumber)
    }

    @Test("wrong command lines are usage errors that say what is wrong", arguments: [
        (["--retention", "0.9", "--sweep", "0.8:0.9:0.05"], "either --retention or --sweep"),
        (["--sweep", "0.9:0.8:0.01"], "--sweep"),
        (["--sweep", "0.8-0.9"], "FROM:TO:STEP"),
        (["--mode", "flashcards"], "--mode"),
        (["--mode", "cards", "--workspace", "w.json"], "--workspace"),
        (["--mode", "zhixi", "--config", "c.json"], "--config"),
        (["--retention", "1.2"], "--retention"),
        (["--seeds", "0"], "--seeds"),
        (["--deck", "lots"], "--deck"),
        (["extra.json"], "no file argument"),
    ])
    func usageErrors(arguments: [String], message: String) async {
        let result = await run(["simulate"] + arguments)
        #expect(result.status == 64)
        #expect(result.error.contains(message), "\(result.error)")
    }

    @Test("--help lists every option")
    func help() async {
        let result = await run("simulate", "--help")
        #expect(result.status == 0)
        for option in ["--days", "--deck", "--mode", "--retention", "--sweep", "--params", "--new-per-day", "--max-minutes-per-day",
                       "--seeds", "--seed", "--config", "--workspace", "--now", "--format", "--svg"] {
            #expect(result.output.contains(option), "\(option)")
        }
    }
}

@Suite("zhixi-review simulate reads every option it declares")
struct SimulateOptionUseTests {
    @Test("across a cards run, a sweep and a ZhiXi run from a workspace, every declared option is read")
    func everyOptionIsRead() async throws {
        let specification = SimulateCommand.specification
        let folder = try temporaryFolder()
        let config = folder.appendingPathComponent("config.json").path
        try Data(#"{"deck_size": 100, "learn_span": 20}"#.utf8).write(to: URL(fileURLWithPath: config))
        let workspace = packageRoot.appendingPathComponent("data/sample-workspace.json").path
        let chart = folder.appendingPathComponent("chart.svg").path
        let revlog = folder.appendingPathComponent("log.csv").path
        try Data("card_id,review_time,review_rating,review_duration\n1,1719820800000,3,5000\n1,1720000000000,3,4000\n".utf8)
            .write(to: URL(fileURLWithPath: revlog))
        let runs: [[String]] = [
            ["--config", config, "--days", "20", "--deck", "100", "--retention", "0.85", "--params", "[]", "--new-per-day", "10",
             "--max-minutes-per-day", "20", "--seeds", "2", "--seed", "7", "--format", "csv", "--svg", chart, "--mode", "cards"],
            ["--days", "20", "--deck", "100", "--sweep", "0.8:0.9:0.05", "--format", "json"],
            ["--workspace", workspace, "--now", "2026-11-29T09:00:00+08:00", "--days", "20", "--weak-point-rate", "0.2"],
            ["--revlog", revlog, "--timezone", "UTC", "--day-start", "4", "--days", "20", "--save-config",
             folder.appendingPathComponent("habits.json").path, "--budget", "20", "--sweep", "0.8:0.9:0.05", "--seeds", "1",
             "--series", folder.appendingPathComponent("series.csv").path],
        ]
        var read: Set<String> = []
        for words in runs {
            let context = CommandContext(now: ISO8601DateFormatter().date(from: "2026-11-29T12:00:00Z")!)
            let parsed = try ParsedArguments(words, specification: specification, context: context)
            do {
                try await SimulateCommand.run(parsed, context: context)
            } catch {
                Issue.record("simulate \(words) failed: \(error.message)")
            }
            read.formUnion(parsed.readOptions)
        }
        let unread = Set(specification.options.map(\.name)).subtracting(read)
        #expect(unread.isEmpty, "simulate declares but never reads \(unread.sorted())")
    }
}

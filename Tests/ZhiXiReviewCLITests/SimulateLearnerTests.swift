import Foundation
import Testing
@testable import ZhiXiReviewCLI

/// A review log with durations: 40 cards, two new a day for 20 days, each learned Again then
/// Good (or Good at once for every third card), then reviewed at growing intervals, every
/// fourth review forgotten and relearned with Good; 6 s an answer, 15 s for Again (also
/// `SimulateWarningLanguageTests`'s).
func learnerLog() -> String {
    var lines = ["card_id,review_time,review_rating,review_duration"]
    let start: Int64 = 1_719_820_800_000   // 2024-07-01T08:00:00Z
    let day: Int64 = 86_400_000
    for card in 0 ..< 40 {
        var time = start + Int64(card / 2) * day + Int64(card) * 60_000
        if card % 3 != 0 {
            lines.append("\(5000 + card),\(time),1,15000")
            time += 60_000
        }
        lines.append("\(5000 + card),\(time),3,6000")
        time += 600_000
        lines.append("\(5000 + card),\(time),3,6000")
        var interval: Int64 = 2
        for review in 0 ..< 4 {
            time += interval * day
            if (card + review) % 4 == 0 {
                lines.append("\(5000 + card),\(time),1,15000")
                lines.append("\(5000 + card),\(time + 600_000),3,6000")
                interval = 2
            } else {
                lines.append("\(5000 + card),\(time),3,6000")
                interval *= 2
            }
        }
    }
    return lines.joined(separator: "\n") + "\n"
}

func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Suite("zhixi-review simulate from a learner: habits, cards, warnings, budget, series, inputs")
struct SimulateLearnerTests {
    static let small = ["simulate", "--deck", "300", "--days", "40", "--max-minutes-per-day", "10"]

    @Test("--revlog derives the learner's habits (fsrs-rs's names) and starts from their cards; --save-config writes them as a --config")
    func revlog() async throws {
        let log = try temporaryFile("log.csv", learnerLog())
        let saved = try temporaryFolder().appendingPathComponent("habits.json").path
        let result = await run(["simulate", "--revlog", log, "--days", "30", "--format", "json", "--save-config", saved])
        #expect(result.status == 0, "\(result.error)")
        let object = try jsonObject(result.output)
        #expect(object["existingCards"] as? Int == 40)
        let derived = try #require(object["derived"] as? [String: Any])
        for key in ["first_rating_prob", "review_rating_prob", "learning_step_transitions", "relearning_step_transitions",
                    "state_rating_costs", "learn_limit", "new_cards_per_day"] {
            #expect(derived[key] != nil, "\(key)")
        }
        #expect(derived["learn_limit"] as? Int == 1, "40 cards over about 40 study days")
        let first = try #require(derived["first_rating_prob"] as? [Double])
        #expect(first[0] > 0.24, "two thirds Again at first sight pull the default's 0.24 up")
        let evidence = try #require(object["derivedFrom"] as? [String: Any])
        #expect(evidence["cards"] as? Int == 40)
        let inputs = try #require(object["inputs"] as? [String: Any])
        #expect(inputs["revlog"] as? String == log)
        #expect(inputs["start"] as? String == "the study day after the log's last review")
        #expect(inputs["items"] as? Int == 40 + 30, "the existing cards and one new card a day")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect((summary["memorizedAtStart"] as? Double ?? 0) > 20, "the learner's cards are remembered from day 0")
        #expect((object["warnings"] as? [[String: Any]])?.contains { $0["code"] as? String == "fewItems" } == true)

        // The saved file is a --config with the same habits.
        let file = try jsonObject(String(contentsOfFile: saved, encoding: .utf8))
        #expect(file["first_rating_prob"] as? [Double] == first)
        #expect(file["new_cards_per_day"] == nil, "only fsrs-rs's fields")
        let fromFile = await run(["simulate", "--config", saved, "--days", "30", "--deck", "200", "--format", "json"])
        #expect(fromFile.status == 0, "\(fromFile.error)")
        #expect((try jsonObject(fromFile.output)["inputs"] as? [String: Any])?["config"] as? String == saved)

        // Explicit options override what is derived.
        let three = await run(["simulate", "--revlog", log, "--days", "30", "--new-per-day", "3", "--format", "json"])
        let days = try #require((try jsonObject(three.output))["days"] as? [String: [Double]])
        #expect(days["learned"]?.max() == 3)
    }

    @Test("the real log: 1,205 existing cards, a learner who presses Again or Good (skips without ../shared)",
          .enabled(if: sharedReviewLog != nil, "../shared/data/anki-revlog-josh-2024.csv is absent (a fresh clone has no shared/); skipped"))
    func realLog() async throws {
        let path = try #require(sharedReviewLog)
        let result = await run(["simulate", "--revlog", path, "--days", "30", "--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let object = try jsonObject(result.output)
        #expect(object["existingCards"] as? Int == 1_205)
        #expect((object["derivedFrom"] as? [String: Any])?["reviews"] as? Int == 12_580)
        let derived = try #require(object["derived"] as? [String: Any])
        #expect(((derived["first_rating_prob"] as? [Double])?[0] ?? 0) > 0.6)
        #expect(((derived["review_rating_prob"] as? [Double])?[1] ?? 0) > 0.95)
    }

    @Test("a simulation that is not from a learner refuses --now and the calendar; --now before the log's end is refused",
          arguments: [
              (["--now", "2026-11-29T09:00:00+08:00"], "--now"),
              (["--timezone", "Asia/Shanghai"], "--timezone"),
              (["--save-config", "x.json"], "--save-config"),
              (["--sweep", "0.9:0.9:0.01"], "at least two"),
              (["--weak-point-rate", "0.3"], "--weak-point-rate"),
              (["--mode", "zhixi", "--revlog", "log.csv"], "--revlog"),
              (["--mode", "zhixi", "--weak-point-rate", "0.3,0.2"], "--weak-point-rate"),
          ])
    func refusals(arguments: [String], message: String) async {
        let result = await run(["simulate"] + arguments)
        #expect(result.status == 64)
        #expect(result.error.contains(message), "\(result.error)")
    }

    @Test("--now before the log's last review is a usage error")
    func nowBeforeLog() async throws {
        let log = try temporaryFile("log.csv", learnerLog())
        let result = await run(["simulate", "--revlog", log, "--now", "2024-07-05T09:00:00Z"])
        #expect(result.status == 64)
        #expect(result.error.contains("before the last review"), "\(result.error)")
    }

    @Test("the cap is never passed and a binding one is a warning; 0 means no limit")
    func cap() async throws {
        let capped = try jsonObject(await run(Self.small + ["--format", "json"]).output)
        let seconds = try #require((capped["days"] as? [String: [Double]])?["seconds"])
        #expect(seconds.allSatisfy { $0 <= 600 })
        #expect((capped["warnings"] as? [[String: Any]])?.contains { $0["code"] as? String == "capBinds" } == true)
        #expect(!(capped["notes"] as? [String] ?? []).isEmpty)
        #expect((capped["inputs"] as? [String: Any])?["dailyCapMinutes"] as? Int == 10)
        let open = try jsonObject(await run(["simulate", "--deck", "300", "--days", "40", "--max-minutes-per-day", "0", "--format", "json"]).output)
        #expect(((open["days"] as? [String: [Double]])?["seconds"]?.max() ?? 0) > 600)
        #expect((open["inputs"] as? [String: Any])?["dailyCapMinutes"] is NSNull)
        #expect((open["warnings"] as? [[String: Any]])?.contains { $0["code"] as? String == "capBinds" } == false)
        let text = await run(Self.small)
        #expect(text.output.contains("warning: the daily limit of 10 minutes binds"))
        #expect(text.output.contains("Inputs: parameters FSRS-6 defaults"))
    }

    @Test("--budget simulates its minutes as the daily cap and answers with the retention that remembers the most without passing it")
    func budget() async throws {
        let result = await run(["simulate", "--deck", "300", "--days", "60", "--new-per-day", "10", "--sweep", "0.75:0.95:0.05",
                                "--seeds", "2", "--budget", "6", "--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let object = try jsonObject(result.output)
        let inputs = try #require(object["inputs"] as? [String: Any])
        #expect(inputs["dailyCapMinutes"] as? Int == 6 && inputs["budgetIsDailyCap"] as? Bool == true)
        #expect(inputs["capLiftedForBudget"] as? Bool == false, "kept for programs that read it, and false: the budget is the cap")
        let points = try #require(object["sweep"] as? [[String: Any]])
        let days = points.map { (($0["days"] as? [String: Any])?["seconds"] as? [Double]) ?? [] }
        #expect(days.allSatisfy { $0.count == 60 }, "--budget keeps the daily series it judges")
        let checks = points.compactMap { $0["budgetCheck"] as? [String: Any] }
        #expect(checks.count == points.count)
        for (check, seconds) in zip(checks, days) {
            // Under the cap no day passes it (a card is seconds long; the cap 6 minutes).
            #expect(check["fits"] as? Bool == true && check["daysOverBudget"] as? Int == 0)
            #expect((check["worstDayMinutes"] as? Double ?? 99) <= 6 && seconds.allSatisfy { $0 <= 6 * 60 + 1e-6 })
        }
        let memorized = points.map { (($0["summary"] as? [String: Any])?["memorizedAtEnd"] as? Double) ?? 0 }
        let best = points[memorized.indices.max { memorized[$0] < memorized[$1] }!]["desiredRetention"] as? Double
        #expect(object["budgetRetention"] as? Double == best)
        let budget = try #require(object["budget"] as? [String: Any])
        #expect(budget["minutesPerDay"] as? Int == 6 && budget["fits"] as? Bool == true && budget["retention"] as? Double == best)
        #expect(budget["daysOverBudget"] as? Int == 0 && (budget["overBudgetDays"] as? [Int]) == [])
        #expect((budget["worstDayMinutes"] as? Double ?? 99) <= 6)
        let week = try #require(budget["worstWeek"] as? [String: Any])
        #expect((week["lastDay"] as? Int ?? 0) - (week["firstDay"] as? Int ?? 0) == 6)
        for point in points.dropFirst() { #expect(point["marginalMinutesPerItem"] != nil && point["extraAgainstPrevious"] is [String: Any]) }
        let text = await run(["simulate", "--deck", "300", "--days", "60", "--new-per-day", "10", "--sweep", "0.75:0.95:0.05",
                              "--seeds", "2", "--budget", "6"])
        #expect(text.output.contains("Budget 6 min a day, simulated as the daily cap"))
        #expect(text.output.contains("of the retentions that never pass it, \(SimulationTextReport.number(best!, 2)) remembers the most"))
        #expect(text.output.contains("worst week days "))
        #expect(text.output.contains("Within 2% of that cost:"))
        // --budget is the cap: a second cap is refused.
        let both = await run(["simulate", "--deck", "300", "--days", "60", "--budget", "6", "--max-minutes-per-day", "10"])
        #expect(both.status == 64 && both.error.contains("give --budget or --max-minutes-per-day, not both"))
    }

    @Test("a sweep has every retention's days in JSON, the long CSV of --series, and an overlay chart")
    func series() async throws {
        let folder = try temporaryFolder()
        let csv = folder.appendingPathComponent("series.csv").path, chart = folder.appendingPathComponent("sweep.svg").path
        let result = await run(Self.small + ["--sweep", "0.8:0.9:0.05", "--seeds", "2", "--format", "json", "--series", csv, "--svg", chart])
        #expect(result.status == 0, "\(result.error)")
        let points = try #require((try jsonObject(result.output))["sweep"] as? [[String: Any]])
        for point in points {
            let days = try #require(point["days"] as? [String: [Double]])
            #expect(Set(days.keys) == ["reviews", "learned", "seconds", "memorized", "correctReviews"])
            #expect(days["seconds"]?.count == 40)
        }
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        #expect(rows.first == "desired_retention,day,reviews,learned,seconds,memorized,correct_reviews,waited,not_started")
        #expect(rows.count == 1 + 3 * 40)
        #expect(rows[1].hasPrefix("0.8,1,") && rows[41].hasPrefix("0.85,1,"))
        let svg = try String(contentsOfFile: chart, encoding: .utf8)
        #expect(svg.contains("one line per retention"))
        #expect(svg.contains(">0.8</text>") || svg.contains(">0.80</text>"))
    }

    @Test("outputs name their parameters")
    func parametersNamed() async throws {
        let parameters = try temporaryFile("params.json", "[0.3, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, "
                                            + "0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]")
        let object = try jsonObject(await run(Self.small + ["--params", parameters, "--format", "json"]).output)
        let inputs = try #require(object["inputs"] as? [String: Any])
        #expect(inputs["parametersSource"] as? String == parameters)
        #expect((inputs["parameters"] as? [Double])?.count == 21)
        let defaults = try jsonObject(await run(Self.small + ["--format", "json"]).output)
        #expect((defaults["inputs"] as? [String: Any])?["parametersSource"] as? String == "FSRS-6 defaults")
    }

    @Test("ZhiXi mode: the weak-point rate from the learner's history or --weak-point-rate; cost per item gained")
    func zhiXi() async throws {
        let path = packageRoot.appendingPathComponent("data/sample-workspace.json").path
        let common = ["simulate", "--workspace", path, "--now", "2026-11-29T09:00:00+08:00", "--days", "30", "--format", "json"]
        let history = try jsonObject(await run(common).output)
        let inputs = try #require(history["inputs"] as? [String: Any])
        #expect((inputs["weakPointSource"] as? String)?.contains("assessments") == true)
        #expect((inputs["weakPointProbabilities"] as? [Double])?.count == 4)
        let summary = try #require(history["summary"] as? [String: Any])
        #expect((summary["memorizedAtStart"] as? Double ?? 0) > 10)
        #expect(summary["secondsPerItemGained"] != nil)
        let none = try jsonObject(await run(common + ["--weak-point-rate", "0"]).output)
        #expect((none["summary"] as? [String: Any])?["weakPointsAppeared"] as? Int == 0)
        #expect((none["inputs"] as? [String: Any])?["weakPointSource"] as? String == "--weak-point-rate")
    }

    @Test("optimize prints the loss evaluate --splits 1 prints for the same parameters, says how items are weighted, and warns")
    func oneLoss() async throws {
        let log = try temporaryFile("log.csv", learnerLog())
        let out = try temporaryFolder().appendingPathComponent("params.json").path
        // --no-check: no verdict, so --out holds the fit.
        let optimize = await run("optimize", log, "--out", out, "--no-check")
        #expect(optimize.status == 0, "\(optimize.error)")
        #expect(optimize.output.contains("weighted by recency"))
        #expect(optimize.output.contains("warning: fitted on"))
        #expect(optimize.output.contains("the fit written to "))
        let line = try #require(optimize.output.split(separator: "\n").first { $0.contains("weighted by recency") })
        let fitted = try #require(line.components(separatedBy: "the fit ").last)
        let evaluate = try jsonObject(await run("evaluate", log, "--splits", "1", "--params", out, "--format", "json").output)
        let candidate = try #require(evaluate["candidate"] as? [String: Any])
        #expect(TextFormatting.fixed(candidate["logLoss"] as? Double ?? 0, 4) == fitted)
        #expect(candidate["parameters"] is [Double])
        #expect(candidate["weighting"] as? String == "recency")
        #expect(candidate["logLossUnweighted"] is Double)
    }

    @Test("evaluate: candidate parameters are an array when fitted per fold, and the table can be recomputed from the predictions")
    func recomputable() async throws {
        let logPath = try temporaryFile("log.csv", learnerLog())
        let predictions = try temporaryFolder().appendingPathComponent("predictions.csv").path
        let object = try jsonObject(await run("evaluate", logPath, "--splits", "3", "--predictions", predictions, "--format", "json").output)
        let candidate = try #require(object["candidate"] as? [String: Any])
        #expect((candidate["parameters"] as? [Double])?.count == 21)
        #expect((candidate["parametersFrom"] as? String)?.hasPrefix("fold 3") == true)
        var folds: [String: [(weight: Double, loss: Double)]] = [:]
        for row in try String(contentsOfFile: predictions, encoding: .utf8).split(separator: "\n").dropFirst() {
            let fields = row.split(separator: ",")
            let recalled = fields[5] == "1", predicted = min(max(Double(fields[6])!, 1e-7), 1 - 1e-7)
            folds[String(fields[2]), default: []].append((Double(fields[8])!, -(recalled ? log(predicted) : log(1 - predicted))))
        }
        // The headline figure: every scored item pooled, unweighted (fsrs-rs's time-series evaluation).
        let pooled = folds.values.flatMap { $0 }
        let recomputed = pooled.reduce(0) { $0 + $1.loss } / Double(pooled.count)
        #expect(abs(recomputed - (candidate["logLoss"] as? Double ?? 0)) < 1e-4)
        // The per-fold figures under their own name: each fold weighted by recency, then the mean.
        let means = folds.values.map { rows in rows.reduce(0) { $0 + $1.weight * $1.loss } / rows.reduce(0) { $0 + $1.weight } }
        let perFold = try #require(candidate["perFoldMean"] as? [String: Any])
        #expect(abs(means.reduce(0, +) / Double(means.count) - (perFold["logLoss"] as? Double ?? 0)) < 1e-4)
    }
}

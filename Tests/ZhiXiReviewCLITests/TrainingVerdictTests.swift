import Foundation
import Testing
import ZhiXiReviewCLI

/// One verdict per run (issue #38): `optimize` and `evaluate` judge the fit, the current
/// parameters and the defaults once, on the same held-out reviews; every line agrees with it,
/// `--out` holds what it names, and the two commands reach the same verdict on the same input.
@Suite("zhixi-review optimize and evaluate: one verdict per run")
struct TrainingVerdictTests {
    static let sample = packageRoot.appendingPathComponent("data/sample-workspace.json").path
    static let collection = packageRoot.appendingPathComponent("Tests/Fixtures/Anki/collection.anki2").path
    /// The reference collection's summer moment, as Anki computed its figures (reference.json).
    static let anki = ["--now", "2026-06-04T16:00:00Z", "--timezone", "America/New_York"]

    /// A review log of 80 cards over 60 days, learned and reviewed at growing intervals.
    static func log() throws -> String {
        var lines = ["card_id,review_time,review_rating"]
        for card in 0 ..< 80 {
            var day = card % 30, interval = 1
            for review in 0 ..< 7 {
                let rating = review == 0 ? (card % 3 == 0 ? 1 : 3) : ((card * 7 + review) % 6 == 0 ? 1 : (card + review) % 9 == 0 ? 4 : 3)
                lines.append("\(2000 + card),\(1_700_000_000_000 + Int64(day) * 86_400_000 + Int64(card) * 1000),\(rating)")
                day += interval
                interval = rating == 1 ? 1 : interval * 2 + card % 4
            }
        }
        return try temporaryFile("verdict-log.csv", lines.joined(separator: "\n") + "\n")
    }

    /// The verdict of an English `optimize` or `evaluate` report: what it says to use.
    static func decision(_ output: String) -> String? {
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("verdict: ") }) else { return nil }
        if line.hasPrefix("verdict: use the fit") { return "useFit" }
        if line.hasPrefix("verdict: keep the FSRS-6 defaults") { return "keepDefaults" }
        if line.hasPrefix("verdict: keep the preset's parameters") || line.hasPrefix("verdict: keep the given parameters") {
            return "keepCurrent"
        }
        return "other: \(line)"
    }

    static func numbers(_ text: some StringProtocol) throws -> [Double] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Double])
    }

    @Test("optimize and evaluate agree on the verdict; --out and the last line hold what it names, the fit beside when not used",
          arguments: ["csv", "workspace", "Languages", "Science", "Science --params defaults"])
    func oneVerdict(input: String) async throws {
        var arguments: [String]
        switch input {
        case "csv": arguments = [try Self.log()]
        case "workspace": arguments = [Self.sample]
        default:
            let preset = String(input.split(separator: " ")[0])
            arguments = [Self.collection, "--preset", preset] + Self.anki
            if input.hasSuffix("--params defaults") { arguments += ["--params", "[]"] }
        }
        let out = try temporaryFolder().appendingPathComponent("chosen.json").path
        let optimize = await run(["optimize"] + arguments + ["--out", out, "--lang", "en"])
        #expect(optimize.status == 0, "\(optimize.error)")
        let evaluate = await run(["evaluate"] + arguments + ["--format", "json"])
        #expect(evaluate.status == 0, "\(evaluate.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(evaluate.output.utf8)) as? [String: Any])
        let verdict = try #require(report["verdict"] as? [String: Any])
        let decision = try #require(Self.decision(optimize.output))
        #expect(decision == verdict["decision"] as? String, "optimize: \(decision), evaluate: \(verdict)\n\(optimize.output)")
        let evaluateText = await run(["evaluate"] + arguments + ["--lang", "en"])
        #expect(Self.decision(evaluateText.output) == decision)
        // The same held-out figures in both verdict lines.
        let scores = try #require(verdict["logLoss"] as? [String: Any])
        let verdictLine = try #require(optimize.output.split(separator: "\n").first { $0.hasPrefix("verdict: ") })
        for key in ["fit", "current", "defaults"] {
            if let value = scores[key] as? Double { #expect(verdictLine.contains(String(format: "%.4f", value)), "\(key) in \(verdictLine)") }
        }

        let lines = optimize.output.split(separator: "\n")
        let last = try #require(lines.last)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == last + "\n")
        let written = try #require(lines.first { $0.hasSuffix(" written to \(out)") })
        let chosen = try Self.numbers(last)
        let oneSplit = try #require(try JSONSerialization.jsonObject(with: Data(await run(["evaluate"] + arguments + ["--splits", "1", "--format", "json"])
            .output.utf8)) as? [String: Any])
        let defaults = try #require((oneSplit["defaults"] as? [String: Any])?["parameters"] as? [Double])
        let notUsed = lines.first { $0.hasPrefix("the fit, not used: ") }
        switch decision {
        case "useFit":
            #expect(written.hasPrefix("the fit written"))
            #expect(notUsed == nil)
        case "keepDefaults":
            #expect(written.hasPrefix("the FSRS-6 defaults written"))
            #expect(zip(chosen, defaults).allSatisfy { abs($0 - $1) < 1e-6 })
            #expect(notUsed != nil)
        default:
            #expect(written.hasPrefix("the preset's parameters written") || written.hasPrefix("the given parameters (--params) written"))
            let current = try #require((oneSplit["candidate"] as? [String: Any])?["parameters"] as? [Double])
            #expect(zip(chosen, current).allSatisfy { abs($0 - $1) < 1e-6 })
            #expect(notUsed != nil)
        }
        if let notUsed { #expect(try Self.numbers(notUsed.dropFirst("the fit, not used: ".count)) != chosen) }
        // Every figure line names what it counts; no line recommends anything but the verdict.
        #expect(lines.filter { $0.hasPrefix("verdict") }.count == 1)
        #expect(!optimize.output.contains("keep the current parameters ("))

        // The same report in Chinese: every line Chinese but the parameters, the same verdict and parameters.
        let chinese = await run(["optimize"] + arguments + ["--lang", "zh"])
        #expect(chinese.status == 0)
        #expect(chinese.output.split(separator: "\n").last == last)
        for line in chinese.output.split(separator: "\n").dropLast() {
            #expect(line.unicodeScalars.contains { (0x4E00 ... 0x9FFF).contains($0.value) }, "not Chinese: \(line)")
        }
        #expect(chinese.output.split(separator: "\n").filter { $0.hasPrefix("结论：") }.count == 1)
    }

    @Test("evaluate --splits 6 on a preset with parameters fits every fold and scores the preset's parameters beside, named as the preset's")
    func presetBesideTheFit() async throws {
        let result = await run(["evaluate", Self.collection, "--preset", "Science", "--splits", "6", "--lang", "en"] + Self.anki)
        #expect(result.status == 0, "\(result.error)")
        let output = result.output
        #expect(output.contains("fold 1 is only trained on; folds 2–6 are each scored by parameters fitted on the items before it, by "
                                + "the preset's parameters and by the FSRS-6 defaults"), "\(output)")
        #expect(!output.contains("--params"))
        for row in ["fitted per fold", "the preset's", "FSRS-6 defaults"] {
            #expect(output.split(separator: "\n").contains { $0.hasPrefix(row + " ") }, "row \(row)")
        }
        #expect(output.split(separator: "\n").filter { $0.hasPrefix("  fold ") && $0.contains(", the preset's parameters ") }.count == 5)
        let json = await run(["evaluate", Self.collection, "--preset", "Science", "--splits", "6", "--format", "json"] + Self.anki)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect((report["candidate"] as? [String: Any])?["name"] as? String == "fitted per fold")
        #expect((report["current"] as? [String: Any])?["name"] as? String == "the preset's")
        #expect((report["folds"] as? [[String: Any]])?.allSatisfy { $0["current"] is [String: Any] && $0["outcome"] as? String != "given" } == true)
    }
}

import Foundation
import Testing
@testable import ZhiXiReviewCLI

/// The real review log, read where it lies: `../shared/data` beside the package, or beside
/// the folder of worktrees; `nil` in a fresh clone (the tests that need it then skip, saying so).
let sharedReviewLog: String? = {
    let name = "shared/data/anki-revlog-josh-2024.csv"
    let beside = packageRoot.deletingLastPathComponent().appendingPathComponent(name).path
    let above = packageRoot.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(name).path
    return [beside, above].first { FileManager.default.fileExists(atPath: $0) }
}()

/// What an answer may not print unexplained: ∞, NaN, or a negative number (a minus sign before a
/// digit that does not belong to a date or time). Returns the offending lines.
func unexplainedFigures(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter { line in
        if line.contains("∞") || line.lowercased().contains("nan") || line.contains("inf ") { return true }
        return line.range(of: #"(^|[^\w\-:.])[-−]\d"#, options: .regularExpression) != nil
    }
}

/// The chart's text elements as boxes (estimated as the renderer does), for checking that no
/// two overlap. Rotated axis names are left out.
func chartLabelBoxes(_ svg: String) -> [(text: String, x: ClosedRange<Double>, y: ClosedRange<Double>)] {
    let pattern = #"<text x="([-\d.]+)" y="([-\d.]+)" font-size="([\d.]+)"([^>]*)>([^<]*)</text>"#
    let regex = try! NSRegularExpression(pattern: pattern)
    let source = svg as NSString
    return regex.matches(in: svg, range: NSRange(location: 0, length: source.length)).compactMap { match in
        func group(_ index: Int) -> String { source.substring(with: match.range(at: index)) }
        let attributes = group(4)
        guard !attributes.contains("rotate") else { return nil }
        let x = Double(group(1))!, y = Double(group(2))!, size = Double(group(3))!
        let text = group(5).replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
        let width = Double(text.count) * size * (attributes.contains("bold") ? 0.6 : 0.5)
        let left = attributes.contains("text-anchor=\"end\"") ? x - width : attributes.contains("text-anchor=\"middle\"") ? x - width / 2 : x
        return (text, left ... left + width, y - size * 0.75 ... y + size * 0.2)
    }
}

/// Pairs of chart labels that overlap.
func overlappingLabels(_ svg: String) -> [String] {
    let boxes = chartLabelBoxes(svg)
    var pairs: [String] = []
    for (index, box) in boxes.enumerated() {
        for other in boxes[(index + 1)...] where box.x.overlaps(other.x) && box.y.overlaps(other.y) {
            pairs.append("'\(box.text)' / '\(other.text)'")
        }
    }
    return pairs
}

/// Every number of a JSON value with its path.
func numbers(in value: Any, path: String = "") -> [(path: String, value: Double)] {
    if let object = value as? [String: Any] {
        return object.flatMap { numbers(in: $0.value, path: path + "." + $0.key) }
    }
    if let array = value as? [Any] { return array.flatMap { numbers(in: $0, path: path + "[]") } }
    if let number = value as? NSNumber, !(value is Bool) { return [(path, number.doubleValue)] }
    return []
}

/// Every `null` of a JSON value with its path.
func nulls(in value: Any, path: String = "") -> [String] {
    if let object = value as? [String: Any] { return object.flatMap { nulls(in: $0.value, path: path + "." + $0.key) } }
    if let array = value as? [Any] { return array.flatMap { nulls(in: $0, path: path + "[]") } }
    return value is NSNull ? [path] : []
}

@Suite("simulate's answers: a budget that holds from the first day, figures with units and meaning, charts that answer")
struct SimulateAnswerTests {
    static let sample = packageRoot.appendingPathComponent("data/sample-workspace.json").path
    static let sampleSweep = ["simulate", "--workspace", sample, "--now", "2026-11-29T09:00:00+08:00", "--days", "120",
                              "--sweep", "0.70:0.97:0.03"]

    /// Checks one answer with one seed, where the per-day series are the run itself: the
    /// recommended and the budget retentions pass the budget only on the days the report
    /// names, and the text names them; nothing unexplained reaches text or JSON.
    func checkOneSeed(_ arguments: [String], budget: Double, dates: Bool) async throws {
        let json = await run(arguments + ["--seeds", "1", "--budget", "\(Int(budget))", "--format", "json"])
        #expect(json.status == 0, "\(json.error)")
        let object = try jsonObject(json.output)
        let points = try #require(object["sweep"] as? [[String: Any]])
        let answer = try #require(object["budget"] as? [String: Any])
        #expect(answer["simulatedAsDailyCap"] as? Bool == true)
        var checked: [Double] = []
        for (key, retention) in [("recommendation", (object["recommendation"] as? [String: Any])?["retention"]), ("budget", answer["retention"])] {
            guard let retention = retention as? Double else { continue }
            checked.append(retention)
            let point = try #require(points.first { $0["desiredRetention"] as? Double == retention })
            let seconds = try #require((point["days"] as? [String: Any])?["seconds"] as? [Double])
            let over = seconds.indices.filter { seconds[$0] / 60 > budget + 1e-6 }.map { $0 + 1 }
            let check = try #require(point["budgetCheck"] as? [String: Any])
            #expect(check["daysOverBudget"] as? Int == over.count, "\(key) \(retention): days over \(over)")
            #expect((check["worstDayMinutes"] as? Double ?? 0) == (seconds.max() ?? 0) / 60 || abs((check["worstDayMinutes"] as? Double ?? 0) - (seconds.max() ?? 0) / 60) < 1e-4)
            if key == "budget" {
                #expect(answer["overBudgetDays"] as? [Int] == over)
                #expect(answer["daysOverBudget"] as? Int == over.count)
                #expect(answer["fits"] as? Bool == over.isEmpty || answer["fits"] as? Bool == false)
                if dates { #expect((answer["overBudgetDates"] as? [String])?.count == over.count) }
            }
        }
        #expect(!checked.isEmpty)
        // Every figure a cost is (seconds, minutes, days over, worst days) is a number, never negative; nulls only where explained.
        // (Differences — extra minutes and items, items gained — may be negative: their verdict says what they mean.)
        for (path, value) in numbers(in: object) where !path.contains("extra") && !path.hasPrefix(".inputs") && !path.hasSuffix("itemsGained") {
            #expect(value.isFinite && value >= 0, "\(path) = \(value)")
        }
        for path in nulls(in: object) {
            let explained = path.hasPrefix(".inputs.") || path.hasSuffix("PerItem") || path.hasSuffix("PerItemStandardDeviation")
                || path.hasSuffix(".minutesPerExtraItem") || path.hasSuffix(".marginalMinutesPerItem") || path.hasSuffix(".extraAgainstPrevious")
                || path.hasSuffix(".extraAgainstRecommended") || path.hasSuffix("secondsPerItemGained") || path.hasSuffix("secondsPerMemorized")
            #expect(explained, "unexplained null at \(path)")
        }
        let text = await run(arguments + ["--seeds", "1", "--budget", "\(Int(budget))"])
        #expect(text.status == 0)
        #expect(unexplainedFigures(text.output).isEmpty, "\(unexplainedFigures(text.output))")
        #expect(text.output.contains("simulated as the daily cap"))
        let budgetDays = answer["overBudgetDays"] as? [Int] ?? []
        if budgetDays.isEmpty {
            #expect(text.output.contains("never passes it") || text.output.contains("of the retentions that never pass it"))
        } else {
            #expect(text.output.contains("passes it on") && text.output.contains("a single"), "the days over are named, and why")
        }
    }

    @Test("the sample learner: a budget judged from the first day, its days over named with why; nothing unexplained")
    func sampleLearner() async throws {
        try await checkOneSeed(Self.sampleSweep, budget: 20, dates: true)
        try await checkOneSeed(Self.sampleSweep, budget: 45, dates: true)
    }

    @Test("the real log: the same with the learner's habits and cards",
          .enabled(if: sharedReviewLog != nil, "../shared/data/anki-revlog-josh-2024.csv is absent (a fresh clone has no shared/); skipped"))
    func realLog() async throws {
        let log = try #require(sharedReviewLog)
        try await checkOneSeed(["simulate", "--revlog", log, "--days", "120", "--sweep", "0.75:0.95:0.05"], budget: 30, dates: true)
        try await checkOneSeed(["simulate", "--revlog", log, "--days", "120", "--sweep", "0.75:0.95:0.05"], budget: 10, dates: true)
    }

    @Test("five seeds: a day whose mean passes the budget is a day the report names; costs say when they are not measured")
    func severalSeeds() async throws {
        let result = await run(Self.sampleSweep + ["--budget", "20", "--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let object = try jsonObject(result.output)
        let points = try #require(object["sweep"] as? [[String: Any]])
        let answer = try #require(object["budget"] as? [String: Any])
        let named = Set(answer["overBudgetDays"] as? [Int] ?? [])
        let point = try #require(points.first { $0["desiredRetention"] as? Double == answer["retention"] as? Double })
        let seconds = try #require((point["days"] as? [String: Any])?["seconds"] as? [Double])
        for day in seconds.indices where seconds[day] / 60 > 20 + 1e-6 { #expect(named.contains(day + 1), "day \(day + 1)") }
        let week = try #require(answer["worstWeek"] as? [String: Any])
        #expect(week["from"] as? String != nil && week["to"] as? String != nil, "the sample learner's days have dates")
        for point in points {
            let cost = try #require(point["cost"] as? [String: Any])
            let verdict = try #require(cost["verdict"] as? String)
            #expect(["measured", "notMeasurable", "nothingGained"].contains(verdict))
            #expect((cost["minutesPerItem"] is NSNull) == (verdict != "measured"))
            if let extra = point["extraAgainstPrevious"] as? [String: Any] {
                let verdict = try #require(extra["verdict"] as? String)
                #expect((extra["minutesPerExtraItem"] is NSNull) == (verdict != "measured"))
                if let minutes = extra["minutesPerExtraItem"] as? Double { #expect(minutes > 0) }
            }
        }
        let recommendation = try #require(object["recommendation"] as? [String: Any])
        #expect(recommendation["secondsPerItem"] as? Double == recommendation["secondsPerMemorized"] as? Double,
                "the old name keeps its value for programs that read it")
        #expect(recommendation["criterion"] as? String == "secondsPerItemGained")
        // Text: the table's key explains every word; the cost is in minutes per lesson; nothing unexplained.
        let text = await run(Self.sampleSweep + ["--budget", "20"])
        #expect(unexplainedFigures(text.output).isEmpty, "\(unexplainedFigures(text.output))")
        #expect(text.output.contains("min per lesson gained") && text.output.contains("extra min / extra lesson"))
        if text.output.contains("not measurable") { #expect(text.output.contains("not measurable: the difference in lessons memorized")) }
        #expect(text.output.contains("lessons memorized (25.4 at the start)"), "the recommendation speaks of the course's own size")
    }

    @Test("a nearly finished course with nothing new, at retentions that let it fade: no cost measured, no recommendation, and why")
    func nothingMeasured() async throws {
        let arguments = ["simulate", "--workspace", Self.sample, "--now", "2026-11-29T09:00:00+08:00", "--days", "20", "--new-per-day", "0",
                         "--sweep", "0.80:0.85:0.05"]
        let json = await run(arguments + ["--format", "json"])
        #expect(json.status == 0, "\(json.error)")
        let object = try jsonObject(json.output)
        let points = try #require(object["sweep"] as? [[String: Any]])
        let verdicts = points.compactMap { ($0["cost"] as? [String: Any])?["verdict"] as? String }
        #expect(verdicts == ["nothingGained", "nothingGained"])
        #expect(object["recommendedRetention"] is NSNull && object["recommendation"] is NSNull)
        #expect((object["notes"] as? [String] ?? []).contains { $0.hasPrefix("recommendedRetention and recommendation are null") })
        let text = await run(arguments)
        #expect(text.output.contains("No recommended retention:") && !text.output.contains("◀ recommended"))
        #expect(text.output.contains("none gained: no more lessons memorized at the end than at the start"))
        #expect(unexplainedFigures(text.output).isEmpty, "\(unexplainedFigures(text.output))")
    }

    @Test("the chart: recommended and budget retentions marked and named, a date axis, the text's words, missing points explained, no overlap")
    func chart() async throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("sweep.svg").path
        let result = await run(Self.sampleSweep + ["--budget", "20", "--svg", path])
        #expect(result.status == 0, "\(result.error)")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!svg.contains("NaN") && !svg.lowercased().contains("inf"))
        #expect(svg.contains(">recommended 0.") || svg.contains(">recommended and budget"))
        #expect(svg.contains(">budget 0.") || svg.contains(">budget (nothing fits) 0.") || svg.contains("recommended and budget"))
        #expect(svg.contains("date (day 1 = 29 Nov 2026)") && svg.contains(">Dec 2026</text>") && svg.contains(">Jan 2027</text>"))
        #expect(svg.contains(">budget 20 min a day</text>") && !svg.contains(">daily cap"), "ZhiXi mode says budget, as the text does")
        #expect(svg.contains("Lessons memorized at the end") && svg.contains("Lessons memorized over the days") && !svg.contains("Items"))
        #expect(svg.contains("Minutes of study per lesson gained"))
        if result.output.contains("not measurable") || result.output.contains("none gained") { #expect(svg.contains("not drawn: ")) }
        #expect(overlappingLabels(svg).isEmpty, "\(overlappingLabels(svg))")
        // Cards mode without dates, and with a daily cap: its own words, and no overlap either.
        let cards = folder.appendingPathComponent("cards.svg").path
        #expect(await run(["simulate", "--deck", "300", "--days", "40", "--sweep", "0.70:0.97:0.01", "--seeds", "2", "--svg", cards]).status == 0)
        let cardsChart = try String(contentsOfFile: cards, encoding: .utf8)
        #expect(cardsChart.contains(">daily cap 30 min a day</text>") && cardsChart.contains(">day of the simulation</text>"))
        #expect(overlappingLabels(cardsChart).isEmpty, "\(overlappingLabels(cardsChart))")
    }
}

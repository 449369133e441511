import Foundation
import Testing
import ZhiXiModel
import ZhiXiReviewCLI

@Suite("zhixi-review plan and simulate: the learner's week, breaks, postpone and advance")
struct PlanWeekCommandTests {
    static let sample = packageRoot.appendingPathComponent("data/sample-workspace.json").path
    static let now = "2026-11-29T09:00:00+08:00"
    static let beforeBreak = "2026-11-20T09:00:00+08:00"

    @Test("--weekday-minutes: the title names the days that differ, Sundays carry nothing, no day passes its minutes")
    func weekdayMinutes() async {
        let english = await run("plan", Self.sample, "--now", Self.now, "--lang", "en", "--weekday-minutes", "sat=15,sun=0", "--days", "28")
        #expect(english.status == 0)
        #expect(english.output.hasPrefix("Review plan · 林晓 · Sun Nov 29 · Asia/Shanghai · 45 min a day (Sat 15, Sun 0)\n"))
        let loads = english.output.components(separatedBy: "\n").first { $0.hasPrefix("Minutes per day: ") } ?? ""
        for sunday in ["11/29", "12/6", "12/13", "12/20"] { #expect(loads.contains(" \(sunday) 0 ") || loads.contains(": \(sunday) 0 ")) }
        #expect(!loads.contains("!"))
        let chinese = await run("plan", Self.sample, "--now", Self.now, "--lang", "zh", "--weekday-minutes", "sat=15,sun=0")
        #expect(chinese.output.hasPrefix("复习计划 · 林晓 · 11月29日（周日） · Asia/Shanghai · 每日 45 分钟（周六 15，周日 0）\n"))
    }

    @Test("bad --weekday-minutes and --away values are usage errors that say what to give",
          arguments: [["--weekday-minutes", "sat=1441"], ["--weekday-minutes", "funday=3"], ["--weekday-minutes", "sun=0,sun=5"],
                      ["--weekday-minutes", "sat"], ["--away", "2026-12-27:2026-12-24"], ["--away", "2026-12-24:2028-01-01"],
                      ["--away", "tomorrow"], ["--postpone", "-1"]])
    func badValues(arguments: [String]) async {
        let result = await run(["plan", Self.sample, "--now", Self.now] + arguments)
        #expect(result.status == 64)
        #expect(result.error.contains("--\(arguments[0].dropFirst(2)) '\(arguments[1])' is not valid: give "))
    }

    @Test("a profile's bad weekday minutes are bad data, named by their path")
    func badProfile() async throws {
        var workspace = try LearnerWorkspace(jsonData: Data(contentsOf: URL(fileURLWithPath: Self.sample)))
        workspace.profile.weekdayMinutes = WeekdayMinutes(saturday: 1441)
        let path = try temporaryFile("workspace.json", String(decoding: try ZhiXiJSON.makeEncoder().encode(workspace), as: UTF8.self))
        let result = await run("plan", path, "--now", Self.now)
        #expect(result.status == 65)
        #expect(result.error.contains("profile.weekdayMinutes.sat: 1441 minutes on 'sat' is outside 0–1440"))
    }

    @Test("--away: JSON, CSV and iCalendar show the moved dates and why; the text's reasons and note say it in both languages")
    func awayInEveryFormat() async throws {
        let arguments = ["plan", Self.sample, "--now", Self.beforeBreak, "--away", "2026-11-21:2026-11-24", "--days", "14"]
        let json = await run(arguments + ["--format", "json", "--lang", "en"])
        #expect(json.status == 0)
        let plan = try ZhiXiJSON.makeDecoder().decode(ReviewPlan.self, from: Data(json.output.utf8))
        let moved = (plan.today + plan.tomorrow + plan.thisWeek + plan.later).filter { $0.explanation.move != nil }
        #expect(Set(moved.compactMap(\.explanation.move)) == [.beforeBreak, .afterBreak])
        #expect(moved.allSatisfy { $0.explanation.movedFrom != nil })
        #expect(json.output.contains(#""move":"beforeBreak","movedFrom":"2026-11-2"#))
        #expect(json.error.contains("note: Away Nov 21–Nov 24: "))

        let csv = await run(arguments + ["--format", "csv"])
        let rows = csv.output.split(separator: "\n").map(String.init)
        #expect(rows[0].hasSuffix(",reason,moved_from,move,scheduled_at_utc"))
        #expect(rows.filter { $0.contains(",beforeBreak,") || $0.contains(",afterBreak,") }.count == moved.count)

        let ics = await run(arguments + ["--format", "ics"])
        #expect(ics.output.components(separatedBy: "X-ZHIXI-MOVE:").count - 1 == moved.count)
        #expect(ics.output.contains("X-ZHIXI-MOVED-FROM;VALUE=DATE:202611"))

        let english = await run(arguments + ["--lang", "en"])
        #expect(english.output.contains("when you are away: waiting until Nov 25 would let recall fall to about"))
        #expect(english.output.contains("  - Away Nov 21–Nov 24: "))
        let chinese = await run(arguments + ["--lang", "zh"])
        #expect(chinese.output.contains("那时你不在：若等到11月25日，记忆会降到约"))
        #expect(chinese.output.contains("  - 休息 11月21日至11月24日："))
    }

    @Test("--postpone and --advance move tasks and say so; plan --batch applies them to every learner alike")
    func postponeAndAdvance() async throws {
        let text = await run("plan", Self.sample, "--now", Self.now, "--lang", "en", "--postpone", "2", "--advance", "1")
        #expect(text.status == 0)
        #expect(text.output.contains("Postponed from Nov 29, as asked"))
        #expect(text.output.contains("Brought forward from Dec 2, as asked"))
        #expect(text.output.contains("  - 2 due tasks were postponed, as asked"))
        let single = await run("plan", Self.sample, "--now", Self.now, "--postpone", "2", "--advance", "1", "--format", "json")
        let line = try String(contentsOf: URL(fileURLWithPath: Self.sample), encoding: .utf8).replacingOccurrences(of: "\n", with: " ")
        let batch = await run(["plan", "--batch", "-", "--now", Self.now, "--postpone", "2", "--advance", "1"], standardInput: Data((line + "\n").utf8))
        #expect(batch.status == 0)
        // The batch line holds the plan exactly as plan --format json writes it, its notes included (issue 27).
        #expect(batch.output == "{\"userId\":\"user-lin-xiao\",\"plan\":" + String(single.output.dropLast()) + "}\n")
    }

    @Test("simulate: --weekday-minutes and --away shape ZhiXi mode and its setting line; cards mode refuses them")
    func simulate() async {
        let week = await run("simulate", "--workspace", Self.sample, "--now", Self.now, "--days", "60",
                             "--weekday-minutes", "sat=15,sun=0", "--away", "2026-12-24:2026-12-27")
        #expect(week.status == 0)
        #expect(week.output.contains("budget 45 min a day (sat 15, sun 0; away 2026-12-24–2026-12-27)"))
        let cards = await run("simulate", "--weekday-minutes", "sun=0")
        #expect(cards.status == 64)
        #expect(cards.error.contains("--weekday-minutes and --away shape a learner's week"))
    }
}

import Foundation
import Testing
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiReviewCLI

@Suite("zhixi-review plan: every date shown is the learner's study day")
struct PlanDateTests {
    static let sample = packageRoot.appendingPathComponent("data/sample-workspace.json").path

    /// The local calendar date of an instant in a time zone, `YYYYMMDD`.
    static func compactLocalDate(_ date: Date, zone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d%02d%02d", parts.year!, parts.month!, parts.day!)
    }

    @Test("day starts 0 and 4, two time zones, across a daylight-saving change: JSON, text and iCalendar agree",
          arguments: [("America/New_York", 0), ("America/New_York", 4), ("Asia/Shanghai", 0), ("Asia/Shanghai", 4)])
    func datesAgree(zone: String, dayStart: Int) async throws {
        // New York leaves daylight-saving time on Sunday 1 November 2026.
        let options = ["--now", "2026-10-30T15:00:00Z", "--timezone", zone, "--day-start", "\(dayStart)", "--days", "14", "--lang", "en"]
        let json = await run(["plan", Self.sample, "--format", "json"] + options)
        #expect(json.status == 0, "\(json.error)")
        let plan = try ZhiXiJSON.makeDecoder().decode(ReviewPlan.self, from: Data(json.output.utf8))
        let tasks = plan.today + plan.tomorrow + plan.thisWeek + plan.later
        #expect(!tasks.isEmpty)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        for task in tasks {
            let parts = calendar.dateComponents([.hour, .minute], from: task.task.scheduledAt)
            #expect(parts.hour == dayStart && parts.minute == 0, "a study day starts at \(dayStart):00 local")
        }
        // iCalendar: each task's event is on the local date of its study day.
        let ics = await run(["plan", Self.sample, "--format", "ics"] + options).output
        let events = ics.components(separatedBy: "BEGIN:VEVENT").dropFirst()
        #expect(events.count == tasks.count)
        for task in tasks {
            let event = try #require(events.first { $0.contains("UID:\(task.task.id)@zhixi-review") })
            #expect(event.contains("DTSTART;VALUE=DATE:\(Self.compactLocalDate(task.task.scheduledAt, zone: zone))"),
                    "\(task.task.id) on \(task.task.scheduledAt) in \(zone) from \(dayStart):00")
        }
        // Text: the dated lines show the same dates.
        let text = await run(["plan", Self.sample] + options).output
        for task in plan.thisWeek + plan.later where task.explanation.weakPoint == nil {
            let title = try #require(task.explanation.lessonTitle)
            let local = Self.compactLocalDate(task.task.scheduledAt, zone: zone)
            let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][Int(local.dropFirst(4).prefix(2))! - 1]
            let expected = "\(month) \(Int(local.suffix(2))!)"
            let ending = "]  \(title) · \(task.explanation.estimatedMinutes) min"
            guard let line = text.split(separator: "\n").first(where: { $0.hasSuffix(ending) }) else { continue }
            #expect(line.contains(expected), "\(line) should show \(expected)")
        }
    }

    @Test("with calendar weeks on a Sunday, this week is empty by its name and the coming days are listed, not hidden")
    func sundayCalendarWeek() async throws {
        // 29 November 2026 is a Sunday; the sample learner's weeks start on Monday.
        let result = await run("plan", Self.sample, "--now", "2026-11-29T09:00:00+08:00", "--week", "calendar", "--lang", "en")
        #expect(result.status == 0)
        #expect(result.output.contains("This week: nothing to review"))
        let later = try #require(result.output.components(separatedBy: "\nLater (").dropFirst().first, "\(result.output)")
        #expect(later.contains("Wed Dec 2"))
        let json = await run("plan", Self.sample, "--now", "2026-11-29T09:00:00+08:00", "--week", "calendar", "--format", "json")
        let plan = try ZhiXiJSON.makeDecoder().decode(ReviewPlan.self, from: Data(json.output.utf8))
        #expect(plan.thisWeek.isEmpty && !plan.later.isEmpty)
    }

    @Test("no planned task disappears from the text: every task is listed or counted")
    func nothingHidden() async throws {
        for days in ["1", "7", "30"] {
            let json = await run("plan", Self.sample, "--now", "2026-11-29T09:00:00+08:00", "--days", days, "--format", "json")
            let plan = try ZhiXiJSON.makeDecoder().decode(ReviewPlan.self, from: Data(json.output.utf8))
            let total = plan.today.count + plan.tomorrow.count + plan.thisWeek.count + plan.later.count
            let text = await run("plan", Self.sample, "--now", "2026-11-29T09:00:00+08:00", "--days", days, "--lang", "en").output
            let listed = text.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains(" · ") && $0.contains(" min") }.count
            let counted = text.split(separator: "\n").first { $0.contains("more task") }
                .flatMap { Int($0.split(separator: " ").first ?? "") } ?? 0
            #expect(listed + counted == total, "--days \(days): \(listed) listed + \(counted) counted of \(total)")
        }
    }
}

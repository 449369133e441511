import Foundation
import Testing
import ZhiXiCore
import ZhiXiModel
@testable import ZhiXiPlanner
import ZhiXiScheduler

private typealias F = PlannerFixture
private typealias B = BacklogFixture

/// Every task a break, the minutes per weekday or a request moved says so: its day is compared
/// with the plan made without that setting, and a task on another day there has a reason that
/// says why (its own move, a day without study time, or "without … it would be on …").
@Suite("Planner: every task a break, weekday minutes or a request moved says so")
struct PlannerShiftTests {
    static func plan(now: String, _ adjust: (inout PlannerConfiguration) -> Void) throws -> PlannerResult {
        var configuration = PlannerConfiguration()
        configuration.language = .english
        configuration.horizonDays = 14
        adjust(&configuration)
        return try ReviewPlanner(configuration: configuration).plan(PlannerInput(workspace: B.workspace), now: F.date(now))
    }

    static func days(_ result: PlannerResult) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: result.plan.allTasks.map { ($0.task.id, B.calendar.dayNumber(of: $0.task.scheduledAt)) })
    }

    static func away(_ from: String, _ to: String) -> StudyBreak {
        StudyBreak(from: CivilDate(iso8601Date: from)!, to: CivilDate(iso8601Date: to)!)
    }

    /// A day as the plans of these tests (made in 2026) write it: with its year when of another.
    static func shortDate(_ day: Int) -> String { PlanWording.english.inYear(2026).date(B.calendar.localDate(ofDay: day)) }

    @Test("a break from 30 Nov: each task on another day than without it names the day it would have, and the note counts them")
    func breakShifts() throws {
        let now = "2026-11-30T09:00:00+08:00"
        let away = Self.away("2026-12-03", "2026-12-06")
        let withBreak = try Self.plan(now: now) { $0.breaks = [away] }
        let without = Self.days(try Self.plan(now: now) { $0.breaks = [] })
        var earlier = 0, later = 0
        for task in withBreak.plan.allTasks {
            let day = B.calendar.dayNumber(of: task.task.scheduledAt)
            let other = try #require(without[task.task.id], "the same tasks with and without the break")
            let sentence = "Without your break (Dec 3–Dec 6) it would be on \(Self.shortDate(other))."
            if day == other {
                #expect(!task.explanation.reason.contains("Without your break"), "\(task.explanation.reason)")
            } else if task.explanation.move == .beforeBreak || task.explanation.move == .afterBreak {
                #expect(task.explanation.reason.contains("when you are away"))
                if task.explanation.move == .beforeBreak { earlier += 1 } else { later += 1 }
            } else {
                #expect(task.explanation.reason.hasSuffix(sentence), "\(task.explanation.reason)")
                if day < other { earlier += 1 } else { later += 1 }
            }
        }
        #expect(earlier + later == 6, "the sample has 6 tasks around this break")
        let notes = withBreak.notes.map { $0.text(language: .english) }
        #expect(notes.contains("Away Dec 3–Dec 6: \(earlier + later) tasks are on other days than they would be without your break "
                               + "(\(earlier) earlier, \(later) later)."), "\(notes)")
        let chinese = withBreak.notes.map { $0.text(language: .simplifiedChinese) }
        #expect(chinese.contains("休息 12月3日至12月6日：有 \(earlier + later) 项因休息换了日子（\(earlier) 项提前，\(later) 项推后）。"), "\(chinese)")
    }

    @Test("a break with tasks due during it: the note keeps its first sentence and adds all the break moved")
    func breakWithMovesInIt() throws {
        let now = "2026-11-20T09:00:00+08:00"
        let result = try Self.plan(now: now) { $0.breaks = [Self.away("2026-11-21", "2026-11-24")] }
        let without = Self.days(try Self.plan(now: now) { $0.breaks = [] })
        let moved = result.plan.allTasks.filter { B.calendar.dayNumber(of: $0.task.scheduledAt) != without[$0.task.id] }
        let explicit = moved.filter { $0.explanation.move != nil }
        #expect(!explicit.isEmpty && explicit.count < moved.count)
        let note = try #require(result.notes.first { if case .breakMoves = $0 { true } else { false } }).text(language: .english)
        #expect(note.hasPrefix("Away Nov 21–Nov 24: "), "\(note)")
        #expect(note.contains("; at worst "))
        #expect(note.contains(" In all, \(moved.count) tasks are on other days because of the break ("), "\(note)")
    }

    @Test("minutes per weekday and a postponement: the tasks they moved without saying so name the day they would have")
    func weekdayAndRequestShifts() throws {
        let now = "2026-11-29T09:00:00+08:00"
        for (name, adjust, sentence) in [
            ("weekday minutes", { (configuration: inout PlannerConfiguration) in
                configuration.weekdayMinutes = WeekdayMinutes(saturday: 15, sunday: 0) }, "With the same minutes every day it would be on "),
            ("postpone", { (configuration: inout PlannerConfiguration) in
                configuration.postponeCount = 3; configuration.dailyMinutes = 20 }, "Without the reviews you asked to move it would be on "),
        ] as [(String, (inout PlannerConfiguration) -> Void, String)] {
            let result = try Self.plan(now: now, adjust)
            let without = Self.days(try Self.plan(now: now) { configuration in
                adjust(&configuration)
                configuration.weekdayMinutes = WeekdayMinutes()
                configuration.postponeCount = 0
            })
            for task in result.plan.allTasks {
                let day = B.calendar.dayNumber(of: task.task.scheduledAt)
                let other = try #require(without[task.task.id])
                let reason = task.explanation.reason
                if day == other {
                    #expect(!reason.contains(sentence), "\(name): \(reason)")
                } else {
                    let explained = reason.hasSuffix(sentence + Self.shortDate(other) + ".") || task.explanation.move == .postponed
                        || reason.contains("Moved here from \(Self.shortDate(other)), a day without study time.")
                    #expect(explained, "\(name): \(reason)")
                }
            }
        }
    }

    @Test("without a break, weekday minutes or a request the plan is placed once and no reason speaks of them")
    func nothingToSay() throws {
        let result = try Self.plan(now: "2026-11-30T09:00:00+08:00") { _ in }
        for task in result.plan.allTasks {
            #expect(!task.explanation.reason.contains("it would be on"))
        }
        // A break that ended before today moves nothing and is not mentioned.
        let past = try Self.plan(now: "2026-11-30T09:00:00+08:00") { $0.breaks = [Self.away("2026-11-01", "2026-11-05")] }
        for task in past.plan.allTasks {
            #expect(!task.explanation.reason.contains("it would be on"))
        }
        #expect(!past.notes.contains { if case .breakMoves = $0 { true } else { false } })
    }
}

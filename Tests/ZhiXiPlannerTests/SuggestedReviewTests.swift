import Foundation
import Testing
import ZhiXiModel
@testable import ZhiXiPlanner

/// `LearningSession.reviewAt`, the AI's suggested review time: the lesson is planned no later
/// than it (the budget may still move it), and the reason says so.
@Suite("The AI's suggested review time brings a lesson's review forward")
struct SuggestedReviewTests {
    typealias F = PlannerFixture
    static let now = F.date("2026-11-20T12:00:00Z")

    static func session(_ id: String, lesson: String = "L1", reviewAt: String?) -> LearningSession {
        var session = F.session(id, lesson: lesson, at: "2026-11-20T10:00:00Z", score: 95)
        session.reviewAt = reviewAt.map(F.date)
        return session
    }

    static func lessonTask(_ result: PlannerResult, _ lesson: String = "L1") throws -> PlannedReviewTask {
        try #require(result.plan.allTasks.first { $0.task.lessonID == lesson && $0.task.reviewType != .weakPoint })
    }

    @Test("a suggestion before the memory model's day: planned on the suggested day, and the reason says so, in both languages")
    func broughtForward() throws {
        let plain = try Self.lessonTask(F.exactPlanner().plan(F.input(lessons: [F.lesson("L1")], sessions: [Self.session("s1", reviewAt: nil)]),
                                                               now: Self.now))
        #expect(plain.task.scheduledAt > F.date("2026-11-24T04:00:00Z"), "the model alone waits longer")
        let input = F.input(lessons: [F.lesson("L1")], sessions: [Self.session("s1", reviewAt: "2026-11-23T10:00:00Z")])
        let english = try Self.lessonTask(F.exactPlanner().plan(input, now: Self.now))
        #expect(english.task.scheduledAt == F.date("2026-11-23T04:00:00Z"))
        #expect(english.explanation.dueAt == plain.explanation.dueAt, "dueAt stays the memory model's")
        #expect(english.explanation.reason.contains("The analysis suggested reviewing it by Nov 23."))
        let chinese = try Self.lessonTask(F.exactPlanner { $0.language = .simplifiedChinese }.plan(input, now: Self.now))
        #expect(chinese.task.scheduledAt == english.task.scheduledAt)
        #expect(chinese.explanation.reason.contains("AI 分析建议在11月23日之前复习。"))
    }

    @Test("a suggestion after the memory model's day changes nothing")
    func laterSuggestion() throws {
        let plain = try Self.lessonTask(F.exactPlanner().plan(F.input(lessons: [F.lesson("L1")], sessions: [Self.session("s1", reviewAt: nil)]),
                                                               now: Self.now))
        let late = try Self.lessonTask(F.exactPlanner().plan(
            F.input(lessons: [F.lesson("L1")], sessions: [Self.session("s1", reviewAt: "2027-01-20T10:00:00Z")]), now: Self.now))
        #expect(late == plain)
        #expect(!late.explanation.reason.contains("suggested"))
    }

    @Test("a suggested day already past: the review is due today")
    func pastSuggestion() throws {
        let input = F.input(lessons: [F.lesson("L1")], sessions: [Self.session("s1", reviewAt: "2026-11-21T10:00:00Z")])
        let task = try Self.lessonTask(F.exactPlanner().plan(input, now: F.date("2026-11-22T12:00:00Z")))
        #expect(task.task.scheduledAt == F.date("2026-11-22T04:00:00Z"))
        #expect(task.explanation.reason.contains("by Nov 21"))
    }

    @Test("a review after the session answers its suggestion")
    func answered() throws {
        var later = F.session("s2", lesson: "L1", at: "2026-11-21T10:00:00Z", score: 95)
        later.reviewAt = nil
        let input = F.input(lessons: [F.lesson("L1")], sessions: [Self.session("s1", reviewAt: "2026-11-23T10:00:00Z"), later])
        let task = try Self.lessonTask(F.exactPlanner().plan(input, now: F.date("2026-11-21T12:00:00Z")))
        #expect(task.task.scheduledAt > F.date("2026-11-23T04:00:00Z"))
        #expect(!task.explanation.reason.contains("suggested"))
    }

    @Test("the daily budget may still move it, and the reason says both")
    func budgetStillDefers() throws {
        let lessons = [F.lesson("L1"), F.lesson("L2")]
        let sessions = [Self.session("s1", reviewAt: "2026-11-23T10:00:00Z"), Self.session("s2", lesson: "L2", reviewAt: "2026-11-23T10:00:00Z")]
        let unlimited = try F.exactPlanner { $0.dailyMinutes = 0 }.plan(F.input(lessons: lessons, sessions: sessions), now: Self.now)
        let minutes = try Self.lessonTask(unlimited).explanation.estimatedMinutes
        let result = try F.exactPlanner { $0.dailyMinutes = minutes }.plan(F.input(lessons: lessons, sessions: sessions), now: Self.now)
        let days = try ["L1", "L2"].map { try Self.lessonTask(result, $0) }.sorted { $0.task.scheduledAt < $1.task.scheduledAt }
        #expect(days[0].task.scheduledAt == F.date("2026-11-23T04:00:00Z"))
        #expect(days[1].task.scheduledAt == F.date("2026-11-24T04:00:00Z"), "one lesson fits the budget on the suggested day")
        #expect(days[1].explanation.reason.contains("suggested reviewing it by Nov 23")
            && days[1].explanation.reason.contains("Moved here from Nov 23"))
    }

    @Test("the default language of the reasons, for a learner who names none, is Simplified Chinese")
    func chineseByDefault() throws {
        #expect(PlannerConfiguration().language == nil, "no language chosen: the learner's, else the base")
        let input = F.input(lessons: [F.lesson("L1")], sessions: [Self.session("s1", reviewAt: nil)])
        let task = try Self.lessonTask(ReviewPlanner().plan(input, now: Self.now))
        #expect(task.explanation.reason.contains("预计"))
    }
}

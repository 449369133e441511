import Foundation
import ZhiXiModel
@testable import ZhiXiPlanner
import ZhiXiScheduler

/// Builders for small planner inputs, so that each test states only what matters to it.
enum PlannerFixture {
    static func date(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    static func lesson(_ id: String, minutes: Int = 20, title: String? = nil) -> Lesson {
        Lesson(id: id, knowledgeBaseID: "kb", title: title ?? "Lesson \(id)", estimatedMinutes: minutes)
    }

    static func session(_ id: String, lesson: String, at time: String, score: Int?, weakPoints: [String] = [],
                        analysisID: String? = nil) -> LearningSession {
        LearningSession(id: id, userID: "u1", lessonID: lesson, startedAt: date(time), userInput: "…",
                        analysisID: analysisID, masteryScore: score, weakPoints: weakPoints)
    }

    static func input(lessons: [Lesson], sessions: [LearningSession], analyses: [AIAnalysis] = [], tasks: [ReviewTask] = [],
                      timeZone: String = "UTC", dayStartHour: Int = 4, dailyMinutes: Int = 600,
                      firstWeekday: Int? = nil) -> PlannerInput {
        PlannerInput(userID: "u1",
                     profile: UserLearningProfile(userID: "u1", timeZone: timeZone, dayStartHour: dayStartHour,
                                                  dailyMinutes: dailyMinutes, firstWeekday: firstWeekday),
                     lessons: lessons, sessions: sessions, analyses: analyses, reviewTasks: tasks)
    }

    /// A planner without fuzz or load balancing, whose days are exactly the memory model's,
    /// writing its reasons in English (the tests read them; the default is Simplified Chinese).
    static func exactPlanner(_ adjust: (inout PlannerConfiguration) -> Void = { _ in }) -> ReviewPlanner {
        var configuration = PlannerConfiguration()
        configuration.language = .english
        configuration.fuzz = false
        configuration.loadBalancing = false
        adjust(&configuration)
        return ReviewPlanner(configuration: configuration)
    }
}

extension ReviewPlan {
    /// Every task of the plan, in group order.
    var allTasks: [PlannedReviewTask] { today + tomorrow + thisWeek + later }
}

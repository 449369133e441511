import Foundation
import Testing
import ZhiXiCore
import ZhiXiMemory
import ZhiXiModel
@testable import ZhiXiPlanner
import ZhiXiScheduler

private typealias F = PlannerFixture

/// The sample learner (data/sample-workspace.json, sessions up to 28 November 2026) coming
/// back after sixty days away: every lesson and weak point is overdue.
enum BacklogFixture {
    static let workspace: LearnerWorkspace = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/sample-workspace.json")
        return try! LearnerWorkspace(jsonData: Data(contentsOf: url))
    }()
    static let now = F.date("2027-01-27T09:00:00+08:00")
    static let calendar = try! StudyCalendar(timeZoneIdentifier: "Asia/Shanghai", dayStartHour: 4)
    static let today = calendar.dayNumber(of: now)

    static func plan(days: Int = 7, budget: Int = 45) throws -> PlannerResult {
        var configuration = PlannerConfiguration()
        configuration.horizonDays = days
        configuration.dailyMinutes = budget
        return try ReviewPlanner(configuration: configuration).plan(PlannerInput(workspace: workspace), now: now)
    }

    /// A task's predicted recall at `now`, recovered from its recall on its scheduled day:
    /// the urgency the budget orders by.
    static func recallNow(_ task: PlannedReviewTask) -> Double {
        let model = MemoryModel()
        let day = calendar.dayNumber(of: task.task.scheduledAt)
        let stability = task.explanation.stability
        let elapsedThen = stability / model.factor * (pow(task.explanation.predictedRecall, 1 / model.decay) - 1)
        return model.retrievability(elapsedDays: max(0, elapsedThen - Double(day - today)), stability: stability)
    }
}

@Suite("Review planner: the daily budget and a backlog")
struct PlannerBudgetTests {
    typealias B = BacklogFixture

    @Test("after sixty days away the budget is filled day by day, most urgent first, and no day keeps room a waiting task could use")
    func backlogInUrgencyOrder() throws {
        let result = try B.plan()
        let tasks = result.plan.allTasks
        #expect(tasks.count > 20)
        func day(_ date: Date) -> Int { B.calendar.dayNumber(of: date) }
        var minutesByDay: [Int: Int] = [:]
        for task in tasks { minutesByDay[day(task.task.scheduledAt), default: 0] += task.explanation.estimatedMinutes }
        // The urgency the budget orders by: recall now, a weak point's at most its lesson's.
        let lessonUrgency = Dictionary(tasks.filter { $0.task.reviewType != .weakPoint }.map { ($0.task.lessonID, B.recallNow($0)) },
                                       uniquingKeysWith: min)
        func urgency(_ task: PlannedReviewTask) -> Double {
            task.task.reviewType == .weakPoint ? min(B.recallNow(task), lessonUrgency[task.task.lessonID] ?? 1) : B.recallNow(task)
        }
        let waited = tasks.filter { $0.explanation.deferredFrom != nil }
        #expect(!waited.isEmpty, "45 minutes a day cannot hold the whole backlog")
        let lastDay = try #require(waited.map { day($0.task.scheduledAt) }.max())
        for current in B.today ... lastDay {
            let used = minutesByDay[current] ?? 0
            #expect(used <= 45, "day \(current - B.today) carries \(used) min")
            // A task waiting on this day (due, not yet placed) but placed later did not fit the
            // room this day had left.
            for task in waited where day(task.explanation.deferredFrom!) <= current && day(task.task.scheduledAt) > current {
                #expect(task.explanation.estimatedMinutes > 45 - used,
                        "a \(task.explanation.estimatedMinutes)-min task waits while day \(current - B.today) has \(45 - used) min free")
                // Most urgent first: what this day took is at least as urgent, unless it is a
                // smaller task that filled the room the waiting one could not use.
                for taken in tasks where day(taken.task.scheduledAt) == current && urgency(taken) > urgency(task) + 1e-9 {
                    #expect(taken.explanation.estimatedMinutes < task.explanation.estimatedMinutes)
                }
            }
        }
        // The plan says how long the backlog takes.
        let backlog = result.notes.compactMap { note -> Int? in
            if case .backlog(_, _, let days, _, _) = note { days } else { nil }
        }
        #expect(backlog == [lastDay - B.today + 1])
        #expect(result.notes.contains { $0.text(language: .english).contains("take \(lastDay - B.today + 1) days") })
    }

    @Test("a lesson's weak points are drilled no later than the lesson's own review")
    func weakPointsFirst() throws {
        let tasks = try B.plan().plan.allTasks
        for lesson in tasks where lesson.task.reviewType != .weakPoint {
            for drill in tasks where drill.task.reviewType == .weakPoint && drill.task.lessonID == lesson.task.lessonID {
                #expect(drill.task.scheduledAt <= lesson.task.scheduledAt, "\(drill.explanation.weakPoint ?? "")")
            }
        }
    }

    @Test("today's load and every shown day's are the same whatever the number of days shown", arguments: [1, 7, 30])
    func independentOfDaysShown(days: Int) throws {
        let reference = try B.plan(days: 30)
        let result = try B.plan(days: days)
        #expect(result.days.map(\.minutes) == Array(reference.days.prefix(days).map(\.minutes)))
        #expect(result.plan.allTasks.map(\.task.id).sorted() == reference.plan.allTasks.map(\.task.id).sorted())
        #expect(result.days.count == days)
    }

    @Test("with one day shown, tomorrow still stays within the budget")
    func tomorrowWithinBudget() throws {
        let result = try B.plan(days: 1)
        let tomorrow = result.plan.tomorrow.reduce(0) { $0 + $1.explanation.estimatedMinutes }
        #expect(tomorrow <= 45)
        #expect(!result.plan.tomorrow.isEmpty)
    }

    @Test("a task longer than the whole budget gets a day of its own and is reported")
    func longTask() throws {
        let input = F.input(lessons: [F.lesson("L1", minutes: 200), F.lesson("L2")],
                            sessions: [F.session("s1", lesson: "L1", at: "2026-11-01T10:00:00Z", score: 65),
                                       F.session("s2", lesson: "L2", at: "2026-11-01T10:00:00Z", score: 65)],
                            dailyMinutes: 30)
        let result = try F.exactPlanner().plan(input, now: F.date("2026-11-20T12:00:00Z"))
        let long = try #require(result.plan.allTasks.first { $0.task.lessonID == "L1" })
        #expect(long.explanation.estimatedMinutes > 30)
        #expect(result.plan.allTasks.filter { $0.task.scheduledAt == long.task.scheduledAt }.count == 1)
        #expect(result.notes.contains { if case .overBudget(_, let minutes, 30) = $0 { minutes == long.explanation.estimatedMinutes } else { false } })
    }

    @Test("a budget of 0 means no limit")
    func noLimit() throws {
        let result = try B.plan(budget: 0)
        let due = result.plan.allTasks.filter { B.calendar.dayNumber(of: $0.explanation.dueAt) <= B.today }
        #expect(due.count > 20 && due.allSatisfy { result.plan.today.contains($0) })
        #expect(!result.notes.contains { if case .deferred = $0 { true } else { false } })
    }
}

@Suite("Review planner: same-day reviews and failures")
struct PlannerFailureTests {
    @Test("a lesson whose latest result is a failure is back the next day, whatever came earlier the same day",
          arguments: [[95, 70, 50], [50], [80, 40], [100, 100, 20]])
    func failureComesBackTomorrow(scores: [Int]) throws {
        let sessions = scores.enumerated().map { index, score in
            F.session("s\(index)", lesson: "L1", at: "2026-11-20T1\(index):00:00Z", score: score)
        }
        let input = F.input(lessons: [F.lesson("L1")], sessions: sessions)
        var english = PlannerConfiguration()
        english.language = .english
        let result = try ReviewPlanner(configuration: english).plan(input, now: F.date("2026-11-20T20:00:00Z"))
        let task = try #require(result.plan.allTasks.first { $0.task.reviewType != .weakPoint })
        #expect(task.task.scheduledAt == F.date("2026-11-21T04:00:00Z"), "scores \(scores)")
        #expect(task.explanation.reason.contains("comes back within a day"))
    }

    @Test("a success after a failure the same day follows the memory model again")
    func successAfterFailure() throws {
        let input = F.input(lessons: [F.lesson("L1")], sessions: [
            F.session("s0", lesson: "L1", at: "2026-11-20T10:00:00Z", score: 50),
            F.session("s1", lesson: "L1", at: "2026-11-20T11:00:00Z", score: 95),
        ])
        let task = try #require(try F.exactPlanner().plan(input, now: F.date("2026-11-20T20:00:00Z")).plan.allTasks.first)
        #expect(!task.explanation.reason.contains("comes back within a day"))
    }
}

@Suite("Review planner: incomplete or inconsistent data is used and reported")
struct PlannerDataNoteTests {
    static let now = F.date("2026-11-20T12:00:00Z")

    static func analysis(_ id: String, session: String? = nil, lesson: String? = nil, score: Int?, weakPoints: [String] = [],
                         at time: String = "2026-11-10T10:05:00Z") -> AIAnalysis {
        AIAnalysis(id: id, sessionID: session, lessonID: lesson, masteryScore: score, weakPoints: weakPoints, createdAt: F.date(time))
    }

    @Test("an analysis without a score does not stop the plan; its weak points are drilled")
    func unscoredAnalysis() throws {
        let input = F.input(lessons: [F.lesson("L1")], sessions: [], analyses: [
            Self.analysis("a1", lesson: "L1", score: nil, weakPoints: ["链式法则"]),
        ])
        let result = try F.exactPlanner().plan(input, now: Self.now)
        #expect(result.plan.allTasks.map(\.task.reviewType).sorted { $0.rawValue < $1.rawValue } == [.recall, .weakPoint])
    }

    @Test("the weak points of an unscored session are drilled, and it retires none")
    func unscoredSessionWeakPoints() throws {
        let input = F.input(lessons: [F.lesson("L1")], sessions: [
            F.session("s1", lesson: "L1", at: "2026-11-10T10:00:00Z", score: 70, weakPoints: ["A"]),
            F.session("s2", lesson: "L1", at: "2026-11-11T10:00:00Z", score: nil, weakPoints: ["B"]),
        ])
        let drills = try F.exactPlanner().plan(input, now: Self.now).plan.allTasks.compactMap(\.explanation.weakPoint)
        #expect(Set(drills) == ["A", "B"])
    }

    @Test("a session and its analysis that disagree: the session's score counts, and the note says so")
    func disagreement() throws {
        let input = F.input(lessons: [F.lesson("L1")],
                            sessions: [F.session("s1", lesson: "L1", at: "2026-11-10T10:00:00Z", score: 92, analysisID: "a1")],
                            analyses: [Self.analysis("a1", session: "s1", lesson: "L1", score: 40)])
        let result = try F.exactPlanner().plan(input, now: Self.now)
        #expect(result.notes.contains(.scoreDisagreement(count: 1, sessionID: "s1", sessionScore: 92, analysisID: "a1", analysisScore: 40)))
        #expect(result.plan.allTasks.first?.task.reviewType != .feynman, "the session's 92 counted, not the analysis's 40")
        #expect(result.notes.last?.text(language: .english).contains("the session's score counted") == true)
    }

    @Test("an analysis linked to a session of another lesson: the session's lesson counts, and the note says so")
    func analysisOfOtherLesson() throws {
        let input = F.input(lessons: [F.lesson("L1"), F.lesson("L2")],
                            sessions: [F.session("s1", lesson: "L1", at: "2026-11-10T10:00:00Z", score: nil, analysisID: "a1")],
                            analyses: [Self.analysis("a1", session: "s1", lesson: "L2", score: 70, weakPoints: ["X"])])
        let result = try F.exactPlanner().plan(input, now: Self.now)
        #expect(Set(result.plan.allTasks.map(\.task.lessonID)) == ["L1"])
        #expect(result.notes.contains(.analysisOfOtherLesson(count: 1, analysisID: "a1", sessionID: "s1")))
    }

    @Test("duplicate ids count once; sessions after the planning time are left out; foreign task ids are reported")
    func duplicatesFutureAndForeign() throws {
        var input = F.input(lessons: [F.lesson("L1")], sessions: [
            F.session("s1", lesson: "L1", at: "2026-11-10T10:00:00Z", score: 80),
            F.session("s1", lesson: "L1", at: "2026-11-12T10:00:00Z", score: 20),
            F.session("s9", lesson: "L1", at: "2026-11-25T10:00:00Z", score: 20),
        ])
        input.reviewTasks = [ReviewTask(id: UUID().uuidString, userID: "u1", lessonID: "L1", reviewType: .recall,
                                        scheduledAt: F.date("2026-11-11T04:00:00Z"), completedAt: F.date("2026-11-11T08:00:00Z"),
                                        status: .completed)]
        let result = try F.exactPlanner().plan(input, now: Self.now)
        #expect(result.notes.contains(.duplicateIDs(kind: .sessions, count: 1)))
        #expect(result.notes.contains { if case .futureRecords(1, _) = $0 { true } else { false } })
        #expect(result.notes.contains(.foreignTasks(count: 1)))
        let task = try #require(result.plan.allTasks.first)
        #expect(task.explanation.reason.contains("Nov 10"), "only the first s1 counted")
        #expect(task.task.sourceSessionID == "s1")
    }
}

@Suite("Review planner: reasons a learner understands")
struct PlannerReasonTests {
    typealias B = BacklogFixture

    @Test("no stability in fractions of a day, no jargon, the stability said once per reason in the glossary's term", arguments: [AppLanguage.english, .simplifiedChinese])
    func plainWords(language: AppLanguage) throws {
        var configuration = PlannerConfiguration()
        configuration.language = language
        for now in [F.date("2026-11-29T09:00:00+08:00"), B.now] {
            let plan = try ReviewPlanner(configuration: configuration).plan(PlannerInput(workspace: B.workspace), now: now).plan
            for task in plan.allTasks {
                let reason = task.explanation.reason
                #expect(!reason.contains("0."), "\(reason)")
                #expect(!reason.lowercased().contains("fuzz") && !reason.contains("memory strength") && !reason.contains("记忆强度"))
                // One term per idea (the glossary's `stability`): the tables' word, not another.
                let strength = language == .english ? "stability" : "稳定性"
                #expect(reason.components(separatedBy: strength).count == 2, "\(reason)")
                if language == .simplifiedChinese {
                    #expect(!reason.contains("。 ") && !reason.contains(" 预计") && !reason.hasPrefix(" "), "\(reason)")
                }
            }
        }
    }

    @Test("the stability is said in hours under a day", arguments: [
        (0.01, "under an hour"), (0.1, "about 2 hours"), (1.0 / 24, "about an hour"), (1.0, "about a day"), (9.4, "about 9 days"),
    ])
    func strength(days: Double, words: String) {
        var text = UTF8Text()
        PlanWording.english.appendStrength(stabilityDays: days, to: &text)
        #expect(text.string == words)
    }

    @Test("a weak point names the day it was named, by a session or an analysis")
    func namedOn() throws {
        let input = F.input(lessons: [F.lesson("L1")], sessions: [
            F.session("s1", lesson: "L1", at: "2026-11-10T10:00:00Z", score: 70, weakPoints: ["A"]),
        ])
        let plan = try F.exactPlanner().plan(input, now: F.date("2026-11-10T12:00:00Z")).plan
        let drill = try #require(plan.allTasks.first { $0.task.reviewType == .weakPoint })
        #expect(drill.explanation.reason.hasPrefix("Weak point “A”, named on Nov 10"))
    }

    @Test("every sentence of both wording tables parses, and both tables have the same blanks in each sentence")
    func wordingTables() {
        let english = Mirror(reflecting: PlanWording.english).children
        let chinese = Dictionary(uniqueKeysWithValues: Mirror(reflecting: PlanWording.chinese).children.map { ($0.label!, $0.value) })
        for child in english {
            let label = child.label!
            // A month is a name in one language and a number in another.
            func blanks(_ sentence: PlanWording.Sentence) -> Set<String> {
                Set(sentence.slots.map { $0 == .monthName ? "month" : $0.rawValue })
            }
            if let sentence = child.value as? PlanWording.Sentence, let other = chinese[label] as? PlanWording.Sentence {
                #expect(blanks(sentence) == blanks(other), "\(label)")
            }
            if let counted = child.value as? PlanWording.Counted, let other = chinese[label] as? PlanWording.Counted {
                #expect(Set(counted.other.slots.map(\.rawValue)) == Set(other.other.slots.map(\.rawValue)), "\(label)")
            }
        }
    }
}

import Foundation
import Testing
import ZhiXiMemory
import ZhiXiModel
import ZhiXiPlanner
@testable import ZhiXiSimulation

/// A short ZhiXi simulation of a small course.
func zhiXiSimulator(lessons: Int = 30, minutes: Int = 15, _ adjust: (inout ZhiXiSimulationConfiguration) -> Void = { _ in }) throws -> ZhiXiSimulator {
    var configuration = ZhiXiSimulationConfiguration(spanDays: 120, newLessonsPerDay: 0.5, dailyMinutes: 30)
    adjust(&configuration)
    return try ZhiXiSimulator(configuration: configuration, start: .newCourse(lessons: lessons, minutes: minutes))
}

@Suite("ZhiXi simulator")
struct ZhiXiSimulatorTests {
    @Test("no day is planned over the budget except a single task longer than the budget, which is reported",
          arguments: [10, 25, 45])
    func budget(dailyMinutes: Int) throws {
        let simulator = try zhiXiSimulator { $0.dailyMinutes = dailyMinutes }
        let result = try simulator.run(desiredRetention: 0.9, seed: 4, recordingReviews: true)
        var tasks = [Int](repeating: 0, count: result.days.count)
        var minutes = [Int](repeating: 0, count: result.days.count)
        for entry in result.reviewLog {
            tasks[entry.day] += 1
            minutes[entry.day] += Int(entry.seconds / 60)
        }
        for day in 0 ..< result.days.count {
            #expect(Double(minutes[day] * 60) == result.days.seconds[day])
            if minutes[day] > dailyMinutes {
                #expect(tasks[day] == 1, "day \(day): \(minutes[day]) min in \(tasks[day]) tasks, budget \(dailyMinutes)")
                #expect(result.days.overBudgetMinutes[day] == minutes[day] - dailyMinutes)
            } else {
                #expect(result.days.overBudgetMinutes[day] == 0)
            }
        }
        #expect(result.summary.spilledTasks > 0 || dailyMinutes >= 45, "a tight budget makes tasks wait")
        #expect(result.summary.spilledTasks == result.days.spilledTasks.reduce(0, +))
    }

    @Test("a budget of 0 has no limit, as in the planner: nothing waits")
    func unlimitedBudget() throws {
        let result = try zhiXiSimulator { $0.dailyMinutes = 0 }.run(desiredRetention: 0.9, seed: 4)
        #expect(result.summary.spilledTasks == 0)
        #expect(result.summary.overBudgetDays == 0)
        #expect(result.summary.totalLearned == 30)
    }

    @Test("no lesson or weak point is reviewed before its due day")
    func noEarlyReview() throws {
        let result = try zhiXiSimulator().run(desiredRetention: 0.9, seed: 8, recordingReviews: true)
        let reviews = result.reviewLog.filter { $0.kind != .learning }
        #expect(reviews.count == result.summary.totalReviews)
        #expect(reviews.count > 50)
        for review in reviews {
            #expect(review.day >= review.dueDay, "item \(review.item) on day \(review.day), due \(review.dueDay)")
            #expect(review.day > review.lastReviewDay!)
        }
    }

    @Test("weak points appear, are drilled before their lesson on the same day, and retire")
    func weakPoints() throws {
        let simulator = try zhiXiSimulator { $0.dailyMinutes = 60 }
        let result = try simulator.run(desiredRetention: 0.9, seed: 12, recordingReviews: true)
        #expect(result.summary.weakPointsAppeared > 0)
        #expect(result.summary.weakPointsRetired > 0)
        #expect(result.summary.weakPointDrills > 0)
        #expect(result.summary.weakPointsAppeared - result.summary.weakPointsRetired == result.summary.activeWeakPointsAtEnd)
        // On a day when a lesson is reviewed, none of its weak points is drilled after it.
        var reviewedLesson: Set<Int> = []
        var day = -1
        for entry in result.reviewLog {
            if entry.day != day {
                day = entry.day
                reviewedLesson = []
            }
            if entry.kind == .weakPoint {
                #expect(!reviewedLesson.contains(entry.lesson!), "weak point \(entry.item) drilled after its lesson on day \(day)")
            } else if entry.kind != .learning {
                reviewedLesson.insert(entry.item)
            }
        }
        let kinds = Set(result.reviewLog.map(\.kind))
        #expect(kinds.contains(.weakPoint) && kinds.contains(.learning))
        #expect(kinds.contains(.recall) || kinds.contains(.feynman) || kinds.contains(.spacedRepetition))
    }

    @Test("review types follow the planner's ReviewTypePolicy")
    func reviewTypes() throws {
        var policy = ReviewTypePolicy()
        policy.partialUnderstanding = 0 ... 100   // every scored lesson is partially understood
        let simulator = try zhiXiSimulator { $0.planner.typePolicy = policy }
        let result = try simulator.run(desiredRetention: 0.9, seed: 1, recordingReviews: true)
        let lessonReviews = result.reviewLog.filter { $0.kind != .learning && $0.kind != .weakPoint }
        #expect(!lessonReviews.isEmpty)
        #expect(lessonReviews.allSatisfy { $0.kind == .feynman })
        #expect(result.summary.feynmanReviews == lessonReviews.count)
        let feynmanMinutes = TaskDurationEstimate().minutes(for: .feynman, lessonMinutes: 15)
        #expect(lessonReviews.allSatisfy { Int($0.seconds) == feynmanMinutes * 60 })
    }

    @Test("the same seed gives the same result; another seed a different one")
    func determinism() throws {
        let simulator = try zhiXiSimulator()
        let first = try simulator.run(desiredRetention: 0.85, seed: 100, recordingReviews: true)
        #expect(first == (try simulator.run(desiredRetention: 0.85, seed: 100, recordingReviews: true)))
        #expect(first.days != (try simulator.run(desiredRetention: 0.85, seed: 101)).days)
    }

    @Test("new lessons follow the rate, and wait while reviews spill")
    func newLessons() throws {
        let result = try zhiXiSimulator(lessons: 200) { $0.dailyMinutes = 600 }.run(desiredRetention: 0.9, seed: 5)
        #expect(result.summary.totalLearned == 60)   // 0.5 a day for 120 days
        #expect(result.summary.notStarted == 140)
        let tight = try zhiXiSimulator(lessons: 200) { $0.dailyMinutes = 20 }.run(desiredRetention: 0.9, seed: 5)
        #expect(tight.summary.totalLearned < 60)
        for day in 0 ..< tight.days.count where tight.days.spilledTasks[day] > 0 { #expect(tight.days.learned[day] == 0) }
    }
}

@Suite("ZhiXi simulation from a real workspace")
struct WorkspaceStartTests {
    static let workspaceURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("data/sample-workspace.json")
    static let now = ISO8601DateFormatter().date(from: "2026-11-29T09:00:00+08:00")!

    @Test("the memory snapshot holds the planner's own memories: each lesson task's stability and difficulty")
    func snapshotMatchesPlan() throws {
        let workspace = try LearnerWorkspace(jsonData: Data(contentsOf: Self.workspaceURL))
        let input = PlannerInput(workspace: workspace)
        let planner = ReviewPlanner()
        let snapshot = try planner.memorySnapshot(of: input, now: Self.now)
        let plan = try planner.plan(input, now: Self.now).plan
        #expect(snapshot.lessons.count == workspace.lessons.count)
        #expect(snapshot.dailyMinutes == workspace.profile.dailyMinutes)
        let lessons = Dictionary(uniqueKeysWithValues: snapshot.lessons.map { ($0.id, $0) })
        var checked = 0
        for task in plan.today + plan.tomorrow + plan.thisWeek + plan.later {
            let lesson = try #require(lessons[task.task.lessonID])
            if let weakPoint = task.explanation.weakPoint {
                let memory = try #require(lesson.weakPoints.first { $0.text == weakPoint }?.memory)
                #expect(memory.state.stability == task.explanation.stability)
            } else {
                let memory = try #require(lesson.memory)
                #expect(memory.state.stability == task.explanation.stability)
                #expect(memory.state.difficulty == task.explanation.difficulty)
                #expect(memory.lastReviewDay <= 0)
            }
            checked += 1
        }
        #expect(checked > 10)
    }

    @Test("a simulation from the workspace starts with the learner's lessons and keeps the budget")
    func simulateFromWorkspace() throws {
        let workspace = try LearnerWorkspace(jsonData: Data(contentsOf: Self.workspaceURL))
        let snapshot = try ReviewPlanner().memorySnapshot(of: PlannerInput(workspace: workspace), now: Self.now)
        let start = ZhiXiStartingState(snapshot: snapshot)
        #expect(start.studiedCount > 0)
        let configuration = ZhiXiSimulationConfiguration(spanDays: 60, newLessonsPerDay: 0.5, dailyMinutes: snapshot.dailyMinutes)
        let result = try ZhiXiSimulator(configuration: configuration, start: start)
            .run(desiredRetention: snapshot.desiredRetention, seed: 1, recordingReviews: true)
        // Day 0 already remembers the studied lessons.
        #expect(result.days.memorized[0] > Double(start.studiedCount) * 0.5)
        #expect(result.summary.totalLearned + result.summary.notStarted == start.lessons.count - start.studiedCount)
        for day in 0 ..< result.days.count where result.days.overBudgetMinutes[day] == 0 {
            #expect(result.days.seconds[day] <= Double(snapshot.dailyMinutes * 60))
        }
        #expect(result.reviewLog.contains { $0.day == 0 && $0.kind != .learning }, "overdue reviews are due on day 0")
    }

    @Test("the learner's weak-point history: every scored assessment counted by its rating, each weak point first named counted once")
    func weakPointHistory() throws {
        let workspace = try LearnerWorkspace(jsonData: Data(contentsOf: Self.workspaceURL))
        let snapshot = try ReviewPlanner().memorySnapshot(of: PlannerInput(workspace: workspace), now: Self.now)
        let history = snapshot.weakPointHistory
        let scored = workspace.sessions.filter { $0.masteryScore != nil }.count
        #expect(history.assessments.reduce(0, +) >= scored, "every scored session is an assessment")
        // A weak point is new the first time its lesson's assessments name it (and again only
        // after it retired): at least once per lesson that has any, at most once per mention.
        let mentions = workspace.sessions.filter { $0.masteryScore != nil }.reduce(0) { $0 + $1.weakPoints.count }
        let lessonsNamed = Set(workspace.sessions.filter { $0.masteryScore != nil && !$0.weakPoints.isEmpty }.map(\.lessonID)).count
        #expect(history.newWeakPoints.reduce(0, +) >= lessonsNamed)
        #expect(history.newWeakPoints.reduce(0, +) <= mentions)
        let behaviour = WeakPointBehaviour(history: history)
        #expect(behaviour.newWeakPointProbabilities != WeakPointBehaviour().newWeakPointProbabilities)
    }
}

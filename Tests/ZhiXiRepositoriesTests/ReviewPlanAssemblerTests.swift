import Foundation
import Testing
import ZhiXiAppTestSupport
import ZhiXiCore
import ZhiXiDomain
import ZhiXiModel
import ZhiXiPlanner
@testable import ZhiXiRepositories
import ZhiXiServices

@Suite("The plan a page shows, online and offline")
struct ReviewPlanAssemblerTests {
    static let now = AppFixture.now
    static let assembler = ReviewPlanAssembler(planner: ReviewPlanner())

    static func task(_ id: String, status: ReviewTaskStatus = .pending, completedAt: Date? = nil) -> ReviewTask {
        ReviewTask(id: id, userID: "u", lessonID: "l", reviewType: .recall, scheduledAt: now, completedAt: completedAt, status: status)
    }

    @Test("waiting actions: a completion marks its task completed at the review's time (a completed one keeps its time); a skip only a pending one")
    func applyingActions() {
        let earlier = Self.now.addingTimeInterval(-3600)
        let tasks = [Self.task("a"), Self.task("b", status: .completed, completedAt: earlier), Self.task("c", status: .cancelled), Self.task("d")]
        let applied = ReviewPlanAssembler.applying([
            .complete(taskID: "a", at: Self.now, recordedAt: Self.now), .complete(taskID: "b", at: Self.now, recordedAt: Self.now),
            .skip(taskID: "c", recordedAt: Self.now), .skip(taskID: "d", recordedAt: Self.now), .complete(taskID: "zz", at: Self.now, recordedAt: Self.now),
        ], to: tasks)
        #expect(applied.map(\.status) == [.completed, .completed, .cancelled, .skipped])
        #expect(applied.map(\.completedAt) == [Self.now, earlier, nil, nil])
    }

    @Test("the sample learner: the server's tasks (planned by the same planner) and the device's plan are the same tasks, in the same order")
    func onlineEqualsOffline() throws {
        let workspace = try AppFixture.sampleWorkspace()
        let plan = try ReviewPlanner().plan(PlannerInput(workspace: workspace), now: Self.now).plan
        let serverTasks = (plan.today + plan.tomorrow + plan.thisWeek + plan.later).map(\.task).shuffled()
        var kept = workspace
        kept.reviewTasks = serverTasks
        let online = try Self.assembler.snapshot(workspace: kept, serverTasks: serverTasks, waiting: [], now: Self.now)
        let offline = try Self.assembler.snapshot(workspace: kept, serverTasks: nil, waiting: [], now: Self.now)
        #expect(!online.isOffline && offline.isOffline)
        #expect(online.today.map(\.id) == plan.today.map(\.id) && online.tomorrow.map(\.id) == plan.tomorrow.map(\.id)
                && online.thisWeek.map(\.id) == plan.thisWeek.map(\.id))
        #expect(online.allItems.map(\.id) == offline.allItems.map(\.id))
        #expect(online.allItems.map(\.reason) == offline.allItems.map(\.reason) && online.allItems.allSatisfy { $0.reason != nil })
        #expect(online.todayBudgetMinutes == 45 && online.todayDate == CivilDate(year: 2026, month: 11, day: 29))
    }

    @Test("a waiting completion is done both ways: at the end of today, never open; offline its lesson is planned on from it")
    func waitingCompletion() throws {
        let workspace = try AppFixture.sampleWorkspace()
        let plan = try ReviewPlanner().plan(PlannerInput(workspace: workspace), now: Self.now).plan
        let serverTasks = (plan.today + plan.tomorrow + plan.thisWeek + plan.later).map(\.task)
        var kept = workspace
        kept.reviewTasks = serverTasks
        let done = try #require(plan.today.first).task
        let waiting = [ReviewTaskAction.complete(taskID: done.id, at: Self.now, recordedAt: Self.now)]
        for server in [serverTasks, nil] {
            let snapshot = try Self.assembler.snapshot(workspace: kept, serverTasks: server, waiting: waiting, now: Self.now)
            #expect(snapshot.today.last?.id == done.id && snapshot.today.last?.isDone == true)
            #expect(!snapshot.allItems.contains { $0.id == done.id && !$0.isDone })
        }
    }

    @Test("a server task the device cannot explain: the lesson's title and estimate, no reason")
    func unknownServerTask() throws {
        let workspace = try AppFixture.sampleWorkspace()
        let lesson = workspace.lessons[0]
        let foreign = ReviewTask(id: "server-made-1", userID: "user-lin-xiao", lessonID: lesson.id, reviewType: .feynman, scheduledAt: Self.now)
        let snapshot = try Self.assembler.snapshot(workspace: workspace, serverTasks: [foreign], waiting: [], now: Self.now)
        let item = try #require(snapshot.today.first)
        #expect(snapshot.today.count == 1 && item.lessonTitle == lesson.title && item.reason == nil)
        #expect(item.estimatedMinutes == TaskDurationEstimate().minutes(for: .feynman, lessonMinutes: lesson.estimatedMinutes))
    }
}

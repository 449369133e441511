import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiModel
import ZhiXiReviewFeature
import ZhiXiTestServer

/// The review-plan page against the loopback server: the list of the item 4, and the
/// offline-first rules of its item 3.
@Suite("ReviewPlanViewModel against the loopback server", .serialized)
@MainActor
struct ReviewPlanViewModelTests {
    static let wording = LearnerWording.chinese

    @Test("loading → success: the server's tasks of today, tomorrow and this week, labelled, timed and explained")
    func loadingThenSuccess() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let plan = app.makeReviewPlanViewModel()
        #expect(plan.uiState == .loading)

        await plan.load()

        let screen = try #require(plan.uiState.screen)
        #expect(!screen.isOffline && screen.offlineMessage == nil && screen.notice == nil && screen.waitingCount == 0)
        #expect(screen.ids == (try plannedGroups(fixture)), "the server seeded the planner's tasks; the page shows them, grouped")
        #expect(screen.today.rows.count > 0 && screen.tomorrow.rows.count + screen.thisWeek.rows.count > 0)
        #expect(screen.groups.map(\.title) == ["今天", "明天", "本周"])
        for group in screen.groups {
            #expect(group.totalMinutes == group.rows.reduce(0) { $0 + $1.minutes })
            #expect(group.summary == (group.rows.isEmpty ? "没有复习任务" : "\(group.rows.count) 项，约 \(group.totalMinutes) 分钟"))
        }
        for row in screen.rows {
            #expect(["间隔重复", "费曼", "回忆", "薄弱"].contains(row.typeLabel), "\(row.typeLabel)")
            #expect(row.typeLabel == row.reviewType.displayName(language: .simplifiedChinese))
            #expect(!row.isDone && row.minutes >= 1 && row.minutesText == "\(row.minutes) 分钟")
            #expect(!(row.reason ?? "").isEmpty && row.lessonTitle != Self.wording.untitledLesson)
        }
        #expect(fixture.api.server.requestCount("GET", "/api/review-tasks") == 1)
    }

    @Test("online, the server's word is the plan: a task it cancelled is not shown though the device would plan it")
    func serverIsTheSourceOnline() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let cancelled = try #require(try plannedGroups(fixture)[0].first)
        fixture.api.updateLearner(userID: fixture.user.id) { learner in
            if let index = learner.reviewTasks.firstIndex(where: { $0.id == cancelled }) { learner.reviewTasks[index].status = .cancelled }
        }
        let plan = try await fixture.launch().makeReviewPlanViewModel()
        await plan.load()
        let screen = try #require(plan.uiState.screen)
        #expect(!screen.rows.contains { $0.id == cancelled })
        #expect(screen.today.rows.count == (try plannedGroups(fixture)[0].count) - 1)
    }

    @Test("server down → success offline: the same tasks, planned on the device, marked offline")
    func serverDownThenOffline() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let plan = try await fixture.launch().makeReviewPlanViewModel()
        await plan.load()
        let online = try #require(plan.uiState.screen)

        fixture.networkDown()
        await plan.load()

        let offline = try #require(plan.uiState.screen)
        #expect(offline.isOffline && offline.offlineMessage == Self.wording.offlineBanner)
        #expect(offline.ids == online.ids)
        #expect(offline.rows.map(\.reason) == online.rows.map(\.reason) && offline.groups.map(\.totalMinutes) == online.groups.map(\.totalMinutes))
        #expect(fixture.api.server.faults.injectedCount > 0, "the server was asked and did not answer")
    }

    @Test("server down before anything was kept → error with a message and a retry → network back → success")
    func errorThenRetryThenSuccess() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let plan = try await fixture.launch().makeReviewPlanViewModel()
        fixture.networkDown()

        await plan.load()
        #expect(plan.uiState == .error(ScreenError(message: Self.wording.unreachable, retryTitle: "重试")))

        fixture.networkBack()
        await plan.retry()
        let screen = try #require(plan.uiState.screen)
        let planned = try plannedGroups(fixture)
        #expect(!screen.isOffline && screen.ids == planned)
    }

    @Test("a 5xx on the first load → the server's error, in English when asked → retry → success")
    func serverErrorThenRetry() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let plan = try await fixture.launch(language: .english).makeReviewPlanViewModel()
        // The first request of the pull and its one retry.
        fixture.api.server.faults.inject(.respond(.error(503, code: "UNAVAILABLE", message: "maintenance")), method: "GET",
                                         path: "/api/users/me", times: 2)
        await plan.load()
        #expect(plan.uiState == .error(ScreenError(message: LearnerWording.english.serverError, retryTitle: "Try again")))

        await plan.retry()
        let screen = try #require(plan.uiState.screen)
        #expect(screen.groups.map(\.title) == ["Today", "Tomorrow", "This week"])
        #expect(screen.rows.allSatisfy { ["Spaced repetition", "Feynman", "Recall", "Weak point"].contains($0.typeLabel) })
        for group in screen.groups where !group.rows.isEmpty {
            let tasks = group.rows.count == 1 ? "1 task" : "\(group.rows.count) tasks"
            #expect(group.summary == "\(tasks), about \(group.totalMinutes) min")
        }
        #expect(screen.rows.allSatisfy { $0.minutesText == "\($0.minutes) min" })
    }

    @Test("sign-out during a load → loggedOut: the load is cancelled, no error and no stale data land")
    func signOutDuringLoad() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let plan = app.makeReviewPlanViewModel()
        await plan.load()
        #expect(plan.uiState.screen != nil)

        let gate = TestServerGate(count: 2)
        fixture.api.server.faults.inject(.hold(gate), method: "GET", path: "/api/review-tasks", times: 1)
        let loading = Task { await plan.load() }
        #expect(await eventually { gate.arrivals == 1 }, "the load is under way, held by the server")
        #expect(plan.uiState == .loading)

        await app.sessionRepository.signOut()
        await loading.value
        #expect(plan.uiState == .loggedOut)

        gate.open()
        await plan.load()
        #expect(plan.uiState == .loggedOut, "signed out, a load asks for sign-in and nothing else")
        #expect(fixture.api.server.requestCount("GET", "/api/review-tasks") == 2)
    }

    @Test("signed out at first → loggedOut without a request; signing in loads the page")
    func signInLoads() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = AppContainer(configuration: fixture.configuration())
        let plan = app.makeReviewPlanViewModel()
        #expect(plan.uiState == .loggedOut)
        await plan.load()
        #expect(plan.uiState == .loggedOut && fixture.api.server.totalRequestCount == 0)

        let log = ObservationLog { plan.uiState }
        _ = try await app.sessionRepository.signIn()
        #expect(await eventually { log.values.last?.kind == "success" })
        #expect(log.values.map(\.kind).first == "loading")
    }

    @Test("complete offline → a new view model on the same directories, network back → the server has one completion")
    func offlineCompletionReachesTheServerOnce() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let plan = try await fixture.launch().makeReviewPlanViewModel()
        await plan.load()
        fixture.networkDown()
        await plan.load()
        let task = try #require(plan.uiState.screen?.today.rows.first)
        #expect(plan.uiState.screen?.isOffline == true)

        await plan.complete(taskID: task.id)

        let offline = try #require(plan.uiState.screen)
        #expect(offline.today.rows.first { $0.id == task.id }?.isDone == true)
        #expect(offline.today.remainingMinutes == offline.today.totalMinutes - task.minutes)
        #expect(offline.waitingCount == 1 && offline.waitingMessage == "1 条记录待同步" && offline.notice == nil)
        #expect(fixture.api.completionCount == 0)

        // Relaunch: a new app on the same device, the network back.
        fixture.networkBack()
        let relaunched = try await fixture.launch().makeReviewPlanViewModel()
        await relaunched.load()

        #expect(fixture.api.completionCount == 1)
        let stored = try #require(fixture.api.reviewTask(id: task.id))
        #expect(stored.status == .completed && stored.completedAt == AppFixture.now)
        let online = try #require(relaunched.uiState.screen)
        #expect(!online.isOffline && online.waitingCount == 0)
        #expect(online.today.rows.first { $0.id == task.id }?.isDone == true)
        #expect(!online.openIDs.contains(task.id))

        let sent = fixture.api.server.requestCount("POST", "/api/review-tasks/{id}/complete")
        await relaunched.load()
        await plan.load()
        #expect(fixture.api.completionCount == 1)
        #expect(fixture.api.server.requestCount("POST", "/api/review-tasks/{id}/complete") == sent, "nothing is sent twice")
    }

    @Test("a completion the server refuses (the task is gone) is shown once and dropped, never sent again")
    func refusedCompletionShownOnceAndDropped() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let plan = try await fixture.launch().makeReviewPlanViewModel()
        await plan.load()
        let task = try #require(plan.uiState.screen?.today.rows.first)
        fixture.api.updateLearner(userID: fixture.user.id) { $0.reviewTasks.removeAll { $0.id == task.id } }

        await plan.complete(taskID: task.id)

        let screen = try #require(plan.uiState.screen)
        #expect(!screen.rows.contains { $0.id == task.id })
        #expect(screen.notice == "「\(task.lessonTitle)」这项复习任务已不存在，已从计划中移除。")
        #expect(screen.waitingCount == 0)
        #expect(fixture.api.server.requestCount("POST", "/api/review-tasks/{id}/complete") == 1)

        await plan.load()
        #expect(plan.uiState.screen?.notice == nil, "said once")
        fixture.networkDown()
        await plan.load()
        let offline = try #require(plan.uiState.screen)
        #expect(offline.isOffline && !offline.rows.contains { $0.id == task.id }, "gone on the device too")
        fixture.networkBack()
        await plan.load()
        #expect(fixture.api.server.requestCount("POST", "/api/review-tasks/{id}/complete") == 1, "dropped, not retried")
    }

    @Test("a completion kept offline for a task the server removed meanwhile: the next load says so once and drops it")
    func refusalFoundByALaterLoad() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let plan = try await fixture.launch().makeReviewPlanViewModel()
        await plan.load()
        fixture.networkDown()
        await plan.load()
        let task = try #require(plan.uiState.screen?.today.rows.first)
        await plan.complete(taskID: task.id)
        #expect(plan.uiState.screen?.waitingCount == 1)
        fixture.api.updateLearner(userID: fixture.user.id) { $0.reviewTasks.removeAll { $0.id == task.id } }

        fixture.networkBack()
        let relaunched = try await fixture.launch().makeReviewPlanViewModel()
        await relaunched.load()
        let screen = try #require(relaunched.uiState.screen)
        #expect(screen.notice == "「\(task.lessonTitle)」这项复习任务已不存在，已从计划中移除。")
        #expect(!screen.rows.contains { $0.id == task.id } && screen.waitingCount == 0 && !screen.isOffline)
        relaunched.dismissNotice()
        #expect(relaunched.uiState.screen?.notice == nil)
        await relaunched.load()
        #expect(relaunched.uiState.screen?.notice == nil)
        #expect(fixture.api.completionCount == 0)
    }

    @Test("a completed task is not planned again, online or offline")
    func completedTaskNotPlannedAgain() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let plan = try await fixture.launch().makeReviewPlanViewModel()
        await plan.load()
        let task = try #require(plan.uiState.screen?.today.rows.first)

        await plan.complete(taskID: task.id)
        #expect(fixture.api.completionCount == 1 && plan.uiState.screen?.waitingCount == 0)

        await plan.load()
        let online = try #require(plan.uiState.screen)
        #expect(!online.openIDs.contains(task.id) && online.today.rows.last?.id == task.id && online.today.rows.last?.isDone == true)

        fixture.networkDown()
        await plan.load()
        let offline = try #require(plan.uiState.screen)
        #expect(offline.isOffline && !offline.openIDs.contains(task.id))
        #expect(offline.today.rows.last?.id == task.id && offline.today.rows.last?.isDone == true, "done today, shown done")
        #expect(Set(offline.openIDs).isSuperset(of: online.openIDs), "the rest of the plan stands")
    }

    @Test("skip removes the row at once and reaches the server")
    func skipRemovesTheRow() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let plan = try await fixture.launch().makeReviewPlanViewModel()
        await plan.load()
        let task = try #require(plan.uiState.screen?.tomorrow.rows.first ?? plan.uiState.screen?.today.rows.first)

        await plan.skip(taskID: task.id)

        #expect(plan.uiState.screen?.rows.contains { $0.id == task.id } == false)
        #expect(fixture.api.reviewTask(id: task.id)?.status == .skipped)
        await plan.load()
        #expect(plan.uiState.screen?.rows.contains { $0.id == task.id } == false)
    }
}

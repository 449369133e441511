import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiModel
import ZhiXiReviewFeature
import ZhiXiTestServer

/// Pages that open fast: the plan the device kept at once, the server's after one request.
@Suite("ReviewPlanViewModel: the device's plan first, then the server's", .serialized)
@MainActor
struct DeviceFirstTests {
    @Test("a relaunch shows the plan kept at once (refreshing), asks the server for the review tasks alone, then shows its plan")
    func warmStart() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let first = try await fixture.launch().makeReviewPlanViewModel()
        await first.load()
        let online = try #require(first.uiState.screen)

        let app = try await fixture.launch()
        let plan = app.makeReviewPlanViewModel()
        let start = fixture.api.server.totalRequestCount
        let gate = TestServerGate(count: 2)
        fixture.api.server.faults.inject(.hold(gate), method: "GET", path: "/api/review-tasks", times: 1)
        let loading = Task { await plan.load() }
        #expect(await eventually { plan.uiState.screen != nil })
        let kept = try #require(plan.uiState.screen)
        #expect(plan.isRefreshing && kept.ids == online.ids && !kept.isOffline && kept.offlineMessage == nil)
        #expect(await eventually { gate.arrivals == 1 })
        #expect(fixture.api.server.receivedRequests.dropFirst(start).map(\.route) == ["/api/review-tasks"],
                "one request before the server's plan")
        gate.open()
        await loading.value
        #expect(!plan.isRefreshing && plan.uiState.screen?.ids == online.ids)

        // The rest comes after, asking only for what is newer: no path, no lesson.
        await app.reviews.backgroundRefreshesEnded()
        let routes = Set(fixture.api.server.receivedRequests.dropFirst(start).map(\.route))
        #expect(routes == ["/api/review-tasks", "/api/users/me/learning-profile", "/api/knowledge-bases", "/api/learning/sessions", "/api/ai/analyses"])
    }

    @Test("a row done on the plan kept goes through; sign-out while the plan kept is on screen → loggedOut")
    func actionsOnThePlanKept() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        await (try await fixture.launch().makeReviewPlanViewModel()).load()
        let app = try await fixture.launch()
        let plan = app.makeReviewPlanViewModel()
        let gate = TestServerGate(count: 2)
        fixture.api.server.faults.inject(.hold(gate), method: "GET", path: "/api/review-tasks", times: 1)
        let loading = Task { await plan.load() }
        #expect(await eventually { plan.isRefreshing })
        let task = try #require(plan.uiState.screen?.today.rows.first { !$0.isDone })
        await plan.complete(taskID: task.id)
        #expect(fixture.api.reviewTask(id: task.id)?.status == .completed)
        #expect(plan.uiState.screen?.today.rows.first { $0.id == task.id }?.isDone == true)

        await app.sessionRepository.signOut()
        #expect(await eventually { plan.uiState == .loggedOut && !plan.isRefreshing })
        gate.open()
        await loading.value
        #expect(plan.uiState == .loggedOut)
    }
}

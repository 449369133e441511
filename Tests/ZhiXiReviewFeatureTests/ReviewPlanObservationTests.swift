import Foundation
import Observation
import Testing
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiReviewFeature
import ZhiXiTestServer

/// `withObservationTracking` sees every state a view would draw, against the loopback server.
@Suite("ReviewPlanViewModel: observation fires on every state change a view would draw", .serialized)
@MainActor
struct ReviewPlanObservationTests {
    @Test("error → loading → success → a row checked at once (the server still holding the completion) → loggedOut")
    func everyDrawnState() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let plan = app.makeReviewPlanViewModel()
        let log = ObservationLog { plan.uiState }

        fixture.networkDown()
        await plan.load()
        #expect(await eventually { log.values.last?.kind == "error" })

        fixture.networkBack()
        await plan.retry()
        #expect(await eventually { log.values.last?.kind == "success" })
        let loaded = try #require(plan.uiState.screen)
        let task = try #require(loaded.today.rows.first)
        #expect(!task.isDone)

        let gate = TestServerGate(count: 2)
        fixture.api.server.faults.inject(.hold(gate), method: "POST", path: "/api/review-tasks/\(task.id)/complete", times: 1)
        let completing = Task { await plan.complete(taskID: task.id) }
        #expect(await eventually { gate.arrivals == 1 })
        #expect(await eventually { log.values.last?.screen?.today.rows.first?.isDone == true },
                "the row is drawn checked while the server has not answered yet")
        gate.open()
        await completing.value

        await app.sessionRepository.signOut()
        #expect(await eventually { log.values.last == .loggedOut })

        // Every change was seen, in order (a value set again unchanged may be seen twice).
        var drawn: [ReviewPlanUiState] = []
        for value in log.values where drawn.last != value { drawn.append(value) }
        #expect(drawn.map(\.kind) == ["error", "loading", "success", "success", "loggedOut"])
        #expect(drawn[2] == .success(loaded))
        #expect(drawn[3].screen?.today.rows.first { $0.id == task.id }?.isDone == true)
        #expect(log.changeCount == log.values.count)
    }

    @Test("refresh: the refreshing flag is drawn on and off, the plan staying on screen")
    func refreshingIsDrawn() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let plan = try await fixture.launch().makeReviewPlanViewModel()
        await plan.load()
        let states = ObservationLog { plan.uiState }
        let refreshing = ObservationLog { plan.isRefreshing }

        let gate = TestServerGate(count: 2)
        fixture.api.server.faults.inject(.hold(gate), method: "GET", path: "/api/review-tasks", times: 1)
        let refresh = Task { await plan.refresh() }
        #expect(await eventually { refreshing.values == [true] })
        #expect(plan.uiState.screen != nil && states.values.isEmpty, "the plan stays, nothing else is drawn")
        gate.open()
        await refresh.value
        #expect(await eventually { refreshing.values == [true, false] })
    }
}

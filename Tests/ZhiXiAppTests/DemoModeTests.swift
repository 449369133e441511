#if DEBUG
import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiModel
import ZhiXiTestServer

/// The debug builds' demo: the sample learner, offline, never the server.
@Suite("The demo mode (debug builds)", .serialized)
@MainActor
struct DemoModeTests {
    @Test("跳过，进入演示模式: the sample learner's pages from the device, completions and reading kept there; not one request")
    func demoNeverReachesTheServer() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await AppContainer.demo(configuration: fixture.configuration(), workspace: AppFixture.sampleWorkspace())
        let login = app.makeLoginViewModel()
        #expect(login.wording.demoMode == "跳过，进入演示模式")
        await login.restore()
        #expect(login.route == .main && app.sessionRepository.signedInUserID == "demo.user-lin-xiao")
        await app.lifecycle.appDidLaunch()

        let home = app.makeStudyHomeViewModel()
        await home.load()
        let screen = try #require(home.uiState.shownHome)
        #expect(!screen.todayTasks.isEmpty && screen.isOffline && screen.budgetMinutes == 45)
        let plan = app.makeReviewPlanViewModel()
        await plan.load()
        let task = try #require(plan.uiState.shownPlan?.today.rows.first)
        await plan.complete(taskID: task.id)
        #expect(plan.uiState.shownPlan?.waitingCount == 1)
        let reader = app.makeReaderViewModel(material: ReadingMaterial(materialID: "src-demo", kind: .knowledgeSource, title: "讲义"))
        await reader.open()
        await reader.updateLocation(ReadingLocation(progress: 0.5))
        await reader.markAsRead()
        await reader.close()
        _ = await app.lifecycle.didEnterBackground()
        _ = await app.lifecycle.networkDidRecover()
        #expect(fixture.api.server.totalRequestCount == 0, "the demo never reaches the server")
        #expect(fixture.secureStore.keys.isEmpty, "nothing in the secure store")

        // Entering the demo again starts afresh.
        let again = try await AppContainer.demo(configuration: fixture.configuration(), workspace: AppFixture.sampleWorkspace())
        await again.sessionRepository.restore()
        let fresh = again.makeReviewPlanViewModel()
        await fresh.load()
        #expect(fresh.uiState.shownPlan?.waitingCount == 0 && fresh.uiState.shownPlan?.today.rows.first?.isDone == false)
        #expect(fixture.api.server.totalRequestCount == 0)
    }
}
#endif

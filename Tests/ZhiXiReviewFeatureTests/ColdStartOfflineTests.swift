import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiAuth
import ZhiXiDomain
import ZhiXiModel
import ZhiXiReviewFeature
import ZhiXiTestServer

/// The app launched without network: the learner remembered beside the tokens is signed in,
/// the review plan comes from the device, completions go to the outbox, and the session is
/// confirmed (or ended) when the server answers again.
@Suite("A cold start offline", .serialized)
@MainActor
struct ColdStartOfflineTests {
    static let wording = LearnerWording.chinese

    /// A launch of the app that restores the session the device kept (no sign-in).
    static func relaunch(_ fixture: AppFixture) async -> AppContainer {
        let app = AppContainer(configuration: fixture.configuration())
        await app.sessionRepository.restore()
        return app
    }

    @Test("cold start offline with a workspace kept → signed in as remembered, the plan offline with the same tasks as online")
    func coldStartOfflinePlan() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let first = try await fixture.launch().makeReviewPlanViewModel()
        await first.load()
        let online = try #require(first.uiState.screen)
        #expect(!online.isOffline)

        fixture.networkDown()
        let app = await Self.relaunch(fixture)
        #expect(app.sessionRepository.isSignedIn && app.sessionRepository.isUnverified)
        #expect(app.sessionRepository.destination == .main && app.session.route == .main)
        #expect(app.session.currentUser?.id == fixture.user.id)
        #expect(fixture.secureStore.keys.contains(TokenStore.defaultKey), "the tokens are kept")

        let plan = app.makeReviewPlanViewModel()
        #expect(plan.uiState == .loading, "signed in: the page is not logged out")
        await plan.load()
        let offline = try #require(plan.uiState.screen)
        #expect(offline.isOffline && offline.offlineMessage == Self.wording.offlineBanner)
        #expect(offline.ids == online.ids)
        #expect(offline.rows.map(\.reason) == online.rows.map(\.reason))
        #expect(app.sessionRepository.isUnverified, "an offline plan confirms nothing")
    }

    @Test("a completion made offline after a cold start reaches the server exactly once when it is back (a new session and view model)")
    func coldStartCompletionReachesTheServerOnce() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        await (try await fixture.launch().makeReviewPlanViewModel()).load()

        fixture.networkDown()
        let offlineApp = await Self.relaunch(fixture)
        let plan = offlineApp.makeReviewPlanViewModel()
        await plan.load()
        let task = try #require(plan.uiState.screen?.today.rows.first)
        await plan.complete(taskID: task.id)
        let offline = try #require(plan.uiState.screen)
        #expect(offline.isOffline && offline.waitingCount == 1)
        #expect(offline.today.rows.first { $0.id == task.id }?.isDone == true)
        #expect(fixture.api.completionCount == 0)

        fixture.networkBack()
        let app = await Self.relaunch(fixture)
        #expect(!app.sessionRepository.isUnverified, "the network is back: the session is renewed at launch")
        let relaunched = app.makeReviewPlanViewModel()
        await relaunched.load()
        #expect(fixture.api.completionCount == 1)
        #expect(fixture.api.reviewTask(id: task.id)?.status == .completed)
        let screen = try #require(relaunched.uiState.screen)
        #expect(!screen.isOffline && screen.waitingCount == 0 && !screen.openIDs.contains(task.id))

        let sent = fixture.api.server.requestCount("POST", "/api/review-tasks/{id}/complete")
        await relaunched.load()
        await plan.load()
        #expect(fixture.api.completionCount == 1)
        #expect(fixture.api.server.requestCount("POST", "/api/review-tasks/{id}/complete") == sent, "nothing is sent twice")
    }

    @Test("the network back in the same launch: the next load is online, sends the completion once and confirms the session")
    func networkBackConfirmsTheSession() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        await (try await fixture.launch().makeReviewPlanViewModel()).load()

        fixture.networkDown()
        let app = await Self.relaunch(fixture)
        let plan = app.makeReviewPlanViewModel()
        await plan.load()
        let task = try #require(plan.uiState.screen?.today.rows.first)
        await plan.complete(taskID: task.id)
        #expect(app.sessionRepository.isUnverified)

        fixture.networkBack()
        await plan.load()
        let screen = try #require(plan.uiState.screen)
        #expect(!screen.isOffline && screen.waitingCount == 0)
        #expect(fixture.api.completionCount == 1)
        #expect(!app.sessionRepository.isUnverified && app.sessionRepository.isSignedIn, "an online plan confirmed the session")
        #expect(app.session.authError == nil)
    }

    @Test("the network back but the session refused meanwhile → the next load signs out: the page loggedOut, tokens cleared")
    func networkBackSessionRefused() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        await (try await fixture.launch().makeReviewPlanViewModel()).load()

        fixture.networkDown()
        let app = await Self.relaunch(fixture)
        let plan = app.makeReviewPlanViewModel()
        await plan.load()
        let task = try #require(plan.uiState.screen?.today.rows.first)
        await plan.complete(taskID: task.id)
        let login = app.makeLoginViewModel()
        #expect(login.route == .main)

        fixture.networkBack()
        fixture.api.expireAccessTokens()
        fixture.api.expireRefreshTokens()
        await plan.load()

        #expect(plan.uiState == .loggedOut)
        #expect(!app.sessionRepository.isSignedIn && !app.sessionRepository.isUnverified)
        #expect(await eventually { login.route == .login })
        #expect(fixture.secureStore.keys.isEmpty, "the tokens and the remembered learner are cleared")
        #expect(fixture.api.completionCount == 0, "the refused session sent nothing")

        // Signing in again sends what was kept for this learner, once.
        _ = try await app.sessionRepository.signIn()
        #expect(await eventually { plan.uiState.screen != nil && !plan.isRefreshing }, "the plan kept, then the server's")
        #expect(fixture.api.completionCount == 1)
    }

    @Test("cold start with a refused refresh → login, tokens cleared, the pages logged out")
    func coldStartRefused() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        _ = try await fixture.launch()
        fixture.api.expireRefreshTokens()

        let app = AppContainer(configuration: fixture.configuration())
        let failure = await app.sessionRepository.restore()
        #expect(failure == .expired)
        #expect(app.sessionRepository.destination == .login && !app.sessionRepository.isSignedIn)
        #expect(fixture.secureStore.keys.isEmpty)
        let plan = app.makeReviewPlanViewModel()
        await plan.load()
        #expect(plan.uiState == .loggedOut)
    }

    @Test("cold start offline, nobody remembered (an older install) → login with the reason, tokens kept, the pages logged out")
    func coldStartOfflineWithoutRememberedLearner() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        await (try await fixture.launch().makeReviewPlanViewModel()).load()
        try fixture.secureStore.removeData(forKey: SessionUserStore.defaultKey)

        fixture.networkDown()
        let app = AppContainer(configuration: fixture.configuration())
        let failure = await app.sessionRepository.restore()
        #expect(failure == .unreachable)
        #expect(Self.wording.message(for: SessionRestoreFailure.unreachable) == "连不上服务器，无法恢复上次的登录。请检查网络后重试。")
        #expect(app.sessionRepository.destination == .login && !app.sessionRepository.isUnverified)
        #expect(fixture.secureStore.keys == [TokenStore.defaultKey])
        let plan = app.makeReviewPlanViewModel()
        await plan.load()
        #expect(plan.uiState == .loggedOut)
    }
}

import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiAuth
import ZhiXiAuthFeature
import ZhiXiDomain
import ZhiXiModel
import ZhiXiRepositories
import ZhiXiTestServer

/// A credential provider whose learner closes the sheet.
struct CancellingProvider: AppleCredentialProvider {
    func appleCredential() async throws(AuthError) -> AppleCredential { throw .credentialCancelled }
}

/// The login page over the app's session, against the loopback server.
@Suite("LoginViewModel over AppSession", .serialized)
@MainActor
struct LoginViewModelTests {
    @Test("first launch: splash → restore → login; sign in → main (the learner was introduced), no error")
    func signInRoutes() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = AppContainer(configuration: fixture.configuration())
        let login = app.makeLoginViewModel()
        #expect(login.route == .splash && !login.isLoading && login.errorMessage == nil)

        await login.restore()
        #expect(login.route == .login && !login.isLoading)
        #expect(login.errorMessage == nil, "nothing kept is no failure")

        let log = ObservationLog { login.isLoading }
        await login.signIn()
        #expect(login.route == .main && login.errorMessage == nil && !login.isLoading)
        #expect(await eventually { log.values == [true, false] }, "the button showed progress, then stopped")
        #expect(app.sessionRepository.signedInUserID == fixture.user.id)
    }

    @Test("second launch with the session kept → main without signing in; sign-out elsewhere → login")
    func restoreAndSignOutElsewhere() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        _ = try await fixture.launch()
        let app = AppContainer(configuration: fixture.configuration())
        let login = app.makeLoginViewModel()
        await login.restore()
        #expect(login.route == .main)
        #expect(fixture.api.server.requestCount("POST", "/api/auth/apple") == 1)

        await app.sessionRepository.signOut()
        #expect(await eventually { login.route == .login })
    }

    @Test("a refused credential → a message in Chinese (English when asked), the route stays login")
    func refusedCredential() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        for language in AppLanguage.allCases {
            var configuration = fixture.configuration(language: language)
            configuration.credentials = FixedAppleCredentialProvider(AppleCredential(identityToken: FakeZhiXiAPI.refusedIdentityToken,
                                                                                     authorizationCode: "c", userIdentifier: "someone"))
            let login = AppContainer(configuration: configuration).makeLoginViewModel()
            await login.restore()
            await login.signIn()
            #expect(login.route == .login && !login.isLoading)
            #expect(login.errorMessage == LearnerWording.forLanguage(language).signInRefused)
            #expect(login.errorMessage == (language == .english ? "Apple did not confirm your account; please sign in again."
                                                               : "Apple 账号验证未通过，请重新登录。"))
            login.dismissError()
            #expect(login.errorMessage == nil)
        }
    }

    @Test("the learner closes the sheet → no message; the server down → the unreachable message")
    func cancelledAndUnreachable() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        var configuration = fixture.configuration()
        configuration.credentials = CancellingProvider()
        let cancelled = AppContainer(configuration: configuration).makeLoginViewModel()
        await cancelled.signIn()
        #expect(cancelled.errorMessage == nil && cancelled.route != .main)

        fixture.networkDown()
        let offline = AppContainer(configuration: fixture.configuration()).makeLoginViewModel()
        await offline.signIn()
        #expect(offline.errorMessage == LearnerWording.chinese.unreachable)
    }

    @Test("a session the server refuses at launch → login saying the session expired (English when asked); tokens and learner cleared")
    func refusedAtLaunch() async throws {
        for language in AppLanguage.allCases {
            let fixture = try AppFixture()
            defer { fixture.tearDown() }
            _ = try await fixture.launch()
            #expect(fixture.secureStore.keys == [TokenStore.defaultKey, SessionUserStore.defaultKey])
            fixture.api.expireRefreshTokens()

            let login = AppContainer(configuration: fixture.configuration(language: language)).makeLoginViewModel()
            await login.restore()
            #expect(login.route == .login && !login.isLoading)
            #expect(login.errorMessage == LearnerWording.forLanguage(language).restoreExpired)
            #expect(login.errorMessage == (language == .english ? "Your session has expired; please sign in again." : "登录已过期，请重新登录。"))
            #expect(fixture.secureStore.keys.isEmpty, "the tokens and the remembered learner are gone")
        }
    }

    @Test("server down at launch with the learner remembered → main, offline (unverified), no message")
    func offlineAtLaunch() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        _ = try await fixture.launch()
        fixture.networkDown()
        let app = AppContainer(configuration: fixture.configuration())
        let login = app.makeLoginViewModel()
        await login.restore()
        #expect(login.route == .main && login.errorMessage == nil)
        #expect(app.sessionRepository.isSignedIn && app.sessionRepository.isUnverified)
        #expect(app.sessionRepository.signedInUserID == fixture.user.id)
    }

    @Test("server down at launch, nobody remembered (an older install) → login saying the server cannot be reached; tokens kept")
    func offlineAtLaunchWithoutRememberedLearner() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        _ = try await fixture.launch()
        try fixture.secureStore.removeData(forKey: SessionUserStore.defaultKey)
        fixture.networkDown()
        let login = AppContainer(configuration: fixture.configuration()).makeLoginViewModel()
        await login.restore()
        #expect(login.route == .login && !login.isLoading)
        #expect(login.errorMessage == "连不上服务器，无法恢复上次的登录。请检查网络后重试。")
        #expect(fixture.secureStore.keys == [TokenStore.defaultKey], "the tokens are kept for the next try")

        fixture.networkBack()
        await login.restore()
        #expect(login.route == .main && login.errorMessage == nil, "the next restore with the network signs in and clears the message")
    }

    @Test("the server failing at launch, nobody remembered → login saying the server has a problem")
    func serverErrorAtLaunch() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        _ = try await fixture.launch()
        try fixture.secureStore.removeData(forKey: SessionUserStore.defaultKey)
        fixture.api.server.faults.inject(.respond(.error(500, code: "BROKEN", message: "oops")), method: "POST", path: "/api/auth/refresh")
        let login = AppContainer(configuration: fixture.configuration(language: .english)).makeLoginViewModel()
        await login.restore()
        #expect(login.route == .login)
        #expect(login.errorMessage == LearnerWording.english.restoreServerError)
        #expect(fixture.secureStore.keys == [TokenStore.defaultKey])
    }

    @Test("a saved session that cannot be read → login saying so; a first launch says nothing")
    func damagedSessionAtLaunch() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        _ = try await fixture.launch()
        try fixture.secureStore.setData(Data("{\"version\":1,\"accessToken\":".utf8), forKey: TokenStore.defaultKey)
        let requests = fixture.api.server.totalRequestCount

        let login = AppContainer(configuration: fixture.configuration()).makeLoginViewModel()
        await login.restore()
        #expect(login.route == .login)
        #expect(login.errorMessage == "无法读取本机保存的登录状态，请重新登录。")
        #expect(fixture.api.server.totalRequestCount == requests, "nothing sent")
    }
}

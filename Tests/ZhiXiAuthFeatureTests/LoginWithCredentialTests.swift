import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiAuth
import ZhiXiAuthFeature
import ZhiXiDomain
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiRepositories
import ZhiXiTestServer

/// Sign in with a credential SwiftUI's `SignInWithAppleButton` gave, the route following the session.
@Suite("LoginViewModel with a credential passed in", .serialized)
@MainActor
struct LoginWithCredentialTests {
    @Test("the button's credential signs in (name and nonce sent); a refused one says so; the provider path is kept")
    func signInWithCredential() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let newcomer = AppleSignInCredential(identityToken: "eyJ.new", authorizationCode: "c.new", userIdentifier: "001999.new",
                                             givenName: "晓", familyName: "林", email: "new@example.com", nonce: "n-1")
        #expect(!"\(newcomer)".contains("eyJ.new") && !"\(newcomer)".contains("c.new") && !String(reflecting: newcomer).contains("n-1"))
        let app = AppContainer(configuration: fixture.configuration())
        let login = app.makeLoginViewModel()
        await login.restore()
        await login.signIn(with: newcomer)
        #expect(login.route == .onboarding && login.errorMessage == nil && !login.isLoading, "a new learner: onboarding first")
        let posted = try #require(fixture.api.server.receivedRequests.last { $0.route == "/api/auth/apple" })
        let body = try JSONDecoder().decode(AppleLoginRequest.self, from: posted.body)
        #expect(body.fullName?.givenName == "晓" && body.fullName?.familyName == "林" && body.nonce == "n-1" && body.email == "new@example.com")
        #expect(fixture.api.user(appleUserID: "001999.new")?.displayName == "晓 林")

        await app.sessionRepository.signOut()
        #expect(await eventually { login.route == .login })
        await login.signIn(with: AppleSignInCredential(identityToken: FakeZhiXiAPI.refusedIdentityToken, userIdentifier: "x"))
        #expect(login.route == .login && login.errorMessage == LearnerWording.chinese.signInRefused)

        await login.signIn()
        #expect(login.route == .main && app.sessionRepository.signedInUserID == fixture.user.id, "the provider path still signs in")
    }

    @Test("the button's failure: closing the sheet says nothing; an unavailable Sign in with Apple says so")
    func buttonFailures() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let login = AppContainer(configuration: fixture.configuration(language: .english)).makeLoginViewModel()
        login.signInDidFail(.cancelled)
        #expect(login.errorMessage == nil)
        login.signInDidFail(.credentialUnavailable)
        #expect(login.errorMessage == LearnerWording.english.signInUnavailable)
        #expect(fixture.api.server.totalRequestCount == 0)
    }

    @Test("the route follows the session: the onboarding finished elsewhere moves it to main")
    func routeFollowsTheSession() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        fixture.api.setOnboardingCompleted(false, appleUserID: fixture.user.appleUserID)
        let app = AppContainer(configuration: fixture.configuration())
        let login = app.makeLoginViewModel()
        await login.signIn()
        #expect(login.route == .onboarding)
        let routes = ObservationLog { login.route }
        var user = try #require(app.session.currentUser)
        user.onboardingCompleted = true
        #expect(app.sessionRepository.accept(user) == .main)
        #expect(login.route == .main)
        #expect(await eventually { !routes.values.isEmpty }, "a view reading the route redraws")
        #expect(routes.values.allSatisfy { $0 == .main })

        var stranger = user
        stranger.id = "someone-else"
        stranger.onboardingCompleted = false
        #expect(app.sessionRepository.accept(stranger) == .main, "an answer about someone else changes nothing")
    }
}

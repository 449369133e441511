import Foundation
import Testing
import ZhiXiAuth
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiTestServer

/// A launch without the server: the learner remembered beside the tokens is signed in,
/// unverified, until the server confirms or refuses the session.
@Suite("AppSession: restoring offline, and confirming later")
@MainActor
struct AppSessionOfflineRestoreTests {
    /// A first launch that signs in, and the learner it signed in.
    static func signedInOnce(_ fixture: AuthFixture) async throws -> User {
        let session = fixture.launch().session()
        await session.signIn(with: AuthFixture.credential())
        return try #require(session.currentUser)
    }

    @Test("signing in remembers the learner in the secure store (0600, beside the tokens); signing out forgets them")
    func remembersAndForgets() async throws {
        let fixture = try AuthFixture()
        defer { fixture.api.server.stop() }
        let launch = fixture.launch()
        let session = launch.session()
        await session.signIn(with: AuthFixture.credential())
        #expect(launch.userStore.loadUser() == session.currentUser && session.currentUser != nil)
        #expect(try mode(of: fixture.userFile) == 0o600)
        #expect(!session.isUnverified)

        await session.signOut()
        #expect(launch.userStore.loadUser() == nil && !FileManager.default.fileExists(atPath: fixture.userFile.path))
    }

    @Test("the server failing at launch (5xx) is no refusal: signed in as remembered, unverified, tokens kept")
    func serverErrorAtLaunch() async throws {
        let fixture = try AuthFixture()
        defer { fixture.api.server.stop() }
        let user = try await Self.signedInOnce(fixture)
        fixture.api.server.faults.inject(.respond(.error(503, code: "MAINTENANCE", message: "back soon")), method: "POST",
                                         path: "/api/auth/refresh", times: nil)
        let launch = fixture.launch()
        let before = launch.store.loadTokens()
        let session = launch.session()
        await session.bootstrap()

        #expect(session.isUnverified && session.currentUser == user && session.route == .onboarding)
        #expect(session.authError == .api(.http(status: 503, code: "MAINTENANCE", message: "back soon")))
        #expect(launch.store.loadTokens() == before)
    }

    @Test("no session saved → login, and a learner remembered without tokens is forgotten")
    func noTokensForgetsTheLearner() async throws {
        let fixture = try AuthFixture()
        defer { fixture.api.server.stop() }
        _ = try await Self.signedInOnce(fixture)
        try fixture.launch().store.clearTokens()

        let launch = fixture.launch()
        let session = launch.session()
        await session.bootstrap()
        #expect(session.route == .login && session.authError == nil && !session.isAuthenticated)
        #expect(launch.userStore.loadUser() == nil)
        #expect(fixture.api.server.totalRequestCount == 1, "the sign-in, and nothing at the launch")
    }

    @Test("unverified → verify while the server is still away: unchanged; back → confirmed, the learner as the server has them now")
    func verifyConfirms() async throws {
        let fixture = try AuthFixture()
        defer { fixture.api.server.stop() }
        _ = try await Self.signedInOnce(fixture)
        fixture.networkDown()
        let launch = fixture.launch()
        let session = launch.session()
        await session.bootstrap()
        #expect(session.isUnverified && session.route == .onboarding)
        var states = session.loginStates().makeAsyncIterator()
        #expect(await states.next() == true)

        await session.verify()
        #expect(session.isUnverified && session.isAuthenticated && session.route == .onboarding)
        #expect(session.authError?.isServerUnavailable == true)

        fixture.networkBack()
        fixture.api.setOnboardingCompleted(true, appleUserID: "apple-001")
        await session.verify()
        #expect(!session.isUnverified && session.authError == nil)
        #expect(session.route == .main && session.currentUser?.onboardingCompleted == true)
        #expect(launch.userStore.loadUser()?.onboardingCompleted == true, "the confirmed learner is remembered")

        let asked = fixture.api.server.requestCount("GET", "/api/users/me")
        await session.verify()
        #expect(fixture.api.server.requestCount("GET", "/api/users/me") == asked, "a confirmed session is not asked again")
        await session.signOut()
        #expect(await states.next() == false, "the login state stayed signed in until the sign-out")
    }

    @Test("unverified → the server is back but refuses the session → signed out: tokens and learner cleared, login, the reason")
    func verifyRefused() async throws {
        let fixture = try AuthFixture()
        defer { fixture.api.server.stop() }
        _ = try await Self.signedInOnce(fixture)
        fixture.networkDown()
        let launch = fixture.launch()
        let session = launch.session()
        await session.bootstrap()
        #expect(session.isUnverified)
        var states = session.loginStates().makeAsyncIterator()
        #expect(await states.next() == true)

        fixture.networkBack()
        fixture.api.expireAccessTokens()
        fixture.api.expireRefreshTokens()
        await session.verify()

        #expect(session.route == .login && !session.isAuthenticated && !session.isUnverified)
        #expect(session.authError?.requiresSignIn == true)
        #expect(launch.store.loadTokens() == nil && launch.userStore.loadUser() == nil)
        #expect(await states.next() == false)
    }

    @Test("a session without a place to remember the learner (the command line's) routes to login offline, as before")
    func withoutUserStore() async throws {
        let fixture = try AuthFixture()
        defer { fixture.api.server.stop() }
        _ = try await Self.signedInOnce(fixture)
        fixture.networkDown()
        let launch = fixture.launch()
        let session = AppSession(authService: launch.service)
        await session.bootstrap()
        #expect(session.route == .login && !session.isUnverified && launch.store.loadTokens() != nil)
        #expect(session.authError?.isServerUnavailable == true)
    }

    @Test("what counts as the server being unavailable, and what as a refusal", arguments: [
        (AuthError.api(.network(.unreachable)), true, false),
        (.api(.network(.timedOut)), true, false),
        (.api(.http(status: 503, code: nil, message: nil)), true, false),
        (.api(.http(status: 429, code: nil, message: nil)), true, false),
        (.api(.http(status: 302, code: nil, message: nil)), true, false),
        (.api(.decoding(path: "", reason: "not JSON")), true, false),
        (.api(.http(status: 404, code: nil, message: nil)), false, false),
        (.api(.unauthorized(.refreshRefused(code: "invalid_grant", message: nil))), false, true),
        (.api(.tokenStorage(reason: "disk full")), false, false),
        (.storage(reason: "disk full"), false, false),
        (.credentialCancelled, false, false),
    ])
    func classification(error: AuthError, unavailable: Bool, refused: Bool) {
        #expect(error.isServerUnavailable == unavailable)
        #expect(error.requiresSignIn == refused)
    }
}

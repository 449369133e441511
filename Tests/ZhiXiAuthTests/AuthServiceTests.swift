import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiAuth
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiTestServer

@Suite("AuthService: sign in with Apple, refresh, current user, logout")
struct AuthServiceTests {
    @Test("signing in posts the credential, saves the tokens and returns the user")
    func signIn() async throws {
        let fixture = try AuthFixture()
        defer { fixture.api.server.stop() }
        let launch = fixture.launch()
        let credential = AuthFixture.credential()

        let user = try await launch.service.signIn(using: FixedAppleCredentialProvider(credential))

        #expect(user.appleUserID == "apple-001" && user.displayName == "晓 林" && user.email == "lin@example.com")
        #expect(!user.onboardingCompleted)
        let body = try #require(fixture.api.server.receivedRequests.first?.body)
        #expect(try FakeZhiXiAPI.decoder.decode(AppleLoginRequest.self, from: body) == credential.loginRequest)
        #expect(launch.service.hasStoredSession)
        #expect(try await launch.service.currentUser().id == fixture.api.user(appleUserID: "apple-001")?.id)
    }

    @Test("a refused credential saves nothing")
    func refusedCredential() async throws {
        let fixture = try AuthFixture()
        defer { fixture.api.server.stop() }
        let launch = fixture.launch()
        await #expect(throws: AuthError.api(.http(status: 401, code: "INVALID_APPLE_CREDENTIAL", message: "Apple did not confirm the identity token"))) {
            try await launch.service.signIn(with: AuthFixture.credential(identityToken: FakeZhiXiAPI.refusedIdentityToken))
        }
        #expect(!launch.service.hasStoredSession)
        #expect(!FileManager.default.fileExists(atPath: fixture.tokenFile.path))
    }

    @Test("refresh rotates the tokens and returns the user")
    func refresh() async throws {
        let fixture = try AuthFixture()
        defer { fixture.api.server.stop() }
        let launch = fixture.launch()
        _ = try await launch.service.signIn(with: AuthFixture.credential())
        let before = try #require(launch.store.loadTokens())
        let user = try await launch.service.refresh()
        #expect(user.appleUserID == "apple-001")
        let after = try #require(launch.store.loadTokens())
        #expect(after.refreshToken != before.refreshToken)
        #expect(fixture.api.refreshTokenState(before.refreshToken) == .rotated)
    }

    @Test("logout revokes the refresh token on the server and clears the tokens")
    func logout() async throws {
        let fixture = try AuthFixture()
        defer { fixture.api.server.stop() }
        let launch = fixture.launch()
        _ = try await launch.service.signIn(with: AuthFixture.credential())
        let tokens = try #require(launch.store.loadTokens())
        #expect(try await launch.service.logout() == .serverConfirmed)
        #expect(fixture.api.refreshTokenState(tokens.refreshToken) == .revoked)
        #expect(!launch.service.hasStoredSession)
        #expect(!FileManager.default.fileExists(atPath: fixture.tokenFile.path))
        #expect(try await launch.service.logout() == .wasSignedOut)
    }

    @Test("logout clears the local tokens even when the server cannot be told", arguments: ["down", "5xx", "refused"])
    func logoutWhenServerFails(failure: String) async throws {
        let fixture = try AuthFixture()
        defer { fixture.api.server.stop() }
        let launch = fixture.launch()
        _ = try await launch.service.signIn(with: AuthFixture.credential())
        let expected: APIError
        switch failure {
        case "down":
            try await fixture.api.server.stopAndWait()
            expected = .network(.unreachable)
        case "5xx":
            fixture.api.server.faults.inject(.respond(.error(500, code: "BOOM", message: "oops")), times: nil)
            expected = .http(status: 500, code: "BOOM", message: "oops")
        default:
            fixture.api.expireAccessTokens()
            expected = .unauthorized(.accessTokenRefused(code: "TOKEN_EXPIRED", message: "the access token has expired"))
        }
        #expect(try await launch.service.logout() == .serverNotTold(expected))
        #expect(!launch.service.hasStoredSession)
        #expect(!FileManager.default.fileExists(atPath: fixture.tokenFile.path))
    }

    @Test("a refresh finishing after a logout does not bring the tokens back")
    func refreshRacingLogout() async throws {
        let fixture = try AuthFixture()
        defer { fixture.api.server.stop() }
        let launch = fixture.launch()
        _ = try await launch.service.signIn(with: AuthFixture.credential())
        // The refresh is held at the server until the logout is over; the server does not
        // hear of the logout (500), so it then answers the refresh with new tokens.
        let gate = TestServerGate(count: 2)
        fixture.api.server.faults.inject(.hold(gate), method: "POST", path: "/api/auth/refresh")
        fixture.api.server.faults.inject(.respond(.error(500, code: "BOOM", message: "oops")), method: "POST", path: "/api/auth/logout", times: nil)
        let refreshed = Task { () async throws(AuthError) -> User in try await launch.service.refresh() }
        #expect(await eventually { fixture.api.refreshCount > 0 })
        #expect(try await launch.service.logout() == .serverNotTold(.http(status: 500, code: "BOOM", message: "oops")))
        gate.open()
        await #expect(throws: AuthError.api(.unauthorized(.notSignedIn))) { try await refreshed.value }
        #expect(!launch.service.hasStoredSession)
    }
}

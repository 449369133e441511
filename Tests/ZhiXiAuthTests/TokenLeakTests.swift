import Foundation
import Testing
import ZhiXiAuth
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiTestServer

@Suite("No token in logs, descriptions, errors or UserDefaults")
@MainActor
struct TokenLeakTests {
    @Test("a whole session's log — sign-in, 401, refresh, concurrent calls, errors, logout — names no token")
    func logLinesHoldNoToken() async throws {
        let fixture = try AuthFixture()
        defer { fixture.api.server.stop() }
        let launch = fixture.launch()
        let session = launch.session()
        await session.bootstrap()
        await session.signIn(with: AuthFixture.credential())
        fixture.api.expireAccessTokens()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for days in 1...5 { group.addTask { try await launch.client.requestVoid(.learningTrend(days: days)) } }
            try await group.waitForAll()
        }
        fixture.api.server.faults.inject(.respond(.error(503, code: "DOWN", message: "maintenance")), method: "GET", path: "/api/users/me")
        _ = try await launch.service.currentUser()
        fixture.api.server.faults.inject(.malformedJSON, method: "GET", path: "/api/users/me")
        await #expect(throws: AuthError.self) { try await launch.service.currentUser() }
        await fixture.launch().session().bootstrap()
        await session.signOut()

        let lines = fixture.log.all
        #expect(lines.count >= 14)
        #expect(lines.contains { $0.hasPrefix("POST auth/refresh 200") })
        #expect(lines.contains { $0.contains("(bearer <redacted>)") })
        #expect(fixture.api.secrets.count >= 8)
        #expect(fixture.leakedLines.isEmpty, "log lines with a token: \(fixture.leakedLines)")
    }

    @Test("descriptions, dumps and mirrors of tokens and credentials redact them")
    func descriptionsRedact() {
        let tokens = AuthTokens(accessToken: "at-SECRET", refreshToken: "rt-SECRET", expiresAt: Date(timeIntervalSince1970: 0))
        let credential = AppleCredential(identityToken: "id-SECRET", authorizationCode: "code-SECRET", userIdentifier: "apple-1", nonce: "n-SECRET")
        let body = TokenRefreshRequest(refreshToken: "rt-SECRET")
        var dumped = ""
        dump(tokens, to: &dumped)
        dump(credential, to: &dumped)
        dump(body, to: &dumped)
        let texts = [
            "\(tokens)", String(reflecting: tokens), "\(credential)", String(reflecting: credential), "\(body)", dumped,
            Mirror(reflecting: tokens).children.map { "\($0.value)" }.joined(),
        ]
        for text in texts { #expect(!text.contains("SECRET"), "\(text)") }
        #expect("\(tokens)".contains("<redacted>"))
    }

    @Test("nothing of the session lands in UserDefaults")
    func noUserDefaults() async throws {
        let fixture = try AuthFixture()
        defer { fixture.api.server.stop() }
        let session = fixture.launch().session()
        await session.signIn(with: AuthFixture.credential())
        await fixture.launch().session().bootstrap()
        let stored = "\(UserDefaults.standard.dictionaryRepresentation())"
        let secrets = fixture.api.secrets
        #expect(!secrets.isEmpty)
        #expect(!secrets.contains { stored.contains($0) })
    }
}

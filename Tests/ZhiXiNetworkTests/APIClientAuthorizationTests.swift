import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiTestServer

@Suite("APIClient: bearer tokens, one refresh on a 401, one refresh for many")
struct APIClientAuthorizationTests {
    @Test("every call but sign-in and refresh carries the bearer token")
    func bearerOnEveryCallButSignInAndRefresh() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        let tokens = try #require(fixture.store.loadTokens())
        _ = try await fixture.client.request(.currentUser, as: User.self)
        _ = try await fixture.client.refreshSession()
        let renewed = try #require(fixture.store.loadTokens())
        try await fixture.client.requestVoid(.logout(refreshToken: renewed.refreshToken))

        let requests = fixture.api.server.receivedRequests
        #expect(requests.map { "\($0.method) \($0.path)" } == [
            "POST /api/auth/apple", "GET /api/users/me", "POST /api/auth/refresh", "POST /api/auth/logout",
        ])
        #expect(requests[0].authorization == nil)
        #expect(requests[1].authorization == "Bearer \(tokens.accessToken)")
        #expect(requests[2].authorization == nil)
        #expect(requests[3].authorization == "Bearer \(renewed.accessToken)")
        #expect(fixture.api.refreshTokenState(renewed.refreshToken) == .revoked)
    }

    @Test("a 401 mid-session refreshes once, retries once, and the call succeeds with the new token")
    func unauthorizedMidSessionRefreshesOnce() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        let first = try await fixture.signIn()
        fixture.api.expireAccessTokens()

        let user = try await fixture.client.request(.currentUser, as: User.self)

        #expect(user.appleUserID == "apple-001")
        #expect(fixture.api.refreshCount == 1)
        #expect(fixture.api.server.requestCount("GET", "/api/users/me") == 2)
        let stored = try #require(fixture.store.loadTokens())
        #expect(stored.accessToken != first.accessToken && stored.refreshToken != first.refreshToken)
        #expect(fixture.api.refreshTokenState(first.refreshToken) == .rotated)
        #expect(fixture.log.lines.map { $0.components(separatedBy: " ").prefix(3).joined(separator: " ") } == [
            "POST auth/apple 200", "GET users/me 401", "POST auth/refresh 200", "GET users/me 200",
        ])
    }

    @Test("ten concurrent calls answered 401 share exactly one refresh, and all succeed", arguments: [false, true])
    func concurrentUnauthorizedShareOneRefresh(slowRefresh: Bool) async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        fixture.api.expireAccessTokens()
        // All ten requests are held by the server until the tenth has arrived, so ten 401s
        // are in flight together; with `slowRefresh` the refresh also takes a while, so
        // late 401s find it still running.
        let gate = TestServerGate(count: 10)
        fixture.api.server.faults.inject(.hold(gate), method: "GET", path: "/api/users/me", times: 10)
        if slowRefresh { fixture.api.server.faults.inject(.delay(seconds: 0.3), method: "POST", path: "/api/auth/refresh") }

        let users = try await withThrowingTaskGroup(of: User.self) { group in
            for _ in 0..<10 { group.addTask { try await fixture.client.request(.currentUser, as: User.self) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(gate.arrivals == 10)
        #expect(users.count == 10 && users.allSatisfy { $0.appleUserID == "apple-001" })
        #expect(fixture.api.refreshCount == 1)
        #expect(fixture.api.server.requestCount("GET", "/api/users/me") == 20)
    }

    @Test("many rounds of concurrent 401s: one refresh per round, never a refresh with a rotated token")
    func repeatedContention() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        for round in 1...5 {
            fixture.api.expireAccessTokens()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<12 {
                    group.addTask {
                        let endpoint: APIEndpoint = index.isMultiple(of: 2)
                            ? .currentUser
                            : APIEndpoint(method: .get, path: "learning/trend", queryItems: [URLQueryItem(name: "days", value: String(index))])
                        try await fixture.client.requestVoid(endpoint)
                    }
                }
                try await group.waitForAll()
            }
            #expect(fixture.api.refreshCount == round)
        }
        #expect(!fixture.api.server.receivedRequests.isEmpty)
    }

    @Test("a 401 that arrives after another call's refresh finished retries with the new token, no second refresh")
    func lateUnauthorizedUsesFinishedRefresh() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        let old = try await fixture.signIn()
        fixture.api.expireAccessTokens()
        // `users/me` (old token) is held until `learning/summary` comes back with the new
        // token, i.e. until the refresh that the summary's 401 started has finished.
        let gate = TestServerGate(count: 2)
        fixture.api.server.faults.inject(.hold(gate), method: "GET", path: "/api/users/me")
        fixture.api.server.faults.add { request in
            request.path == "/api/learning/summary" && request.bearerToken != old.accessToken ? .hold(gate) : nil
        }

        async let user = fixture.client.request(.currentUser, as: User.self)
        #expect(await eventually { fixture.api.server.requestCount("GET", "/api/users/me") > 0 })
        try await fixture.client.requestVoid(APIEndpoint(method: .get, path: "learning/summary"))
        _ = try await user

        #expect(gate.arrivals == 2)
        #expect(fixture.api.refreshCount == 1)
        #expect(fixture.api.server.requestCount("GET", "/api/users/me") == 2)
    }

    @Test("a refused refresh clears the tokens and fails as unauthorized with the server's code")
    func refusedRefreshClearsTokens() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        fixture.api.expireAccessTokens()
        fixture.api.expireRefreshTokens()

        await #expect(throws: APIError.unauthorized(.refreshRefused(code: "REFRESH_TOKEN_EXPIRED", message: "the refresh token has expired"))) {
            try await fixture.client.request(.currentUser, as: User.self)
        }
        #expect(fixture.store.loadTokens() == nil)
        #expect(fixture.api.refreshCount == 1)
    }

    @Test("a 401 after the refresh is not retried again")
    func refusedAfterRefresh() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        fixture.api.server.faults.inject(.respond(.error(401, code: "ACCOUNT_LOCKED", message: "locked")),
                                         method: "GET", path: "/api/users/me", times: nil)

        await #expect(throws: APIError.unauthorized(.refusedAfterRefresh(code: "ACCOUNT_LOCKED", message: "locked"))) {
            try await fixture.client.request(.currentUser, as: User.self)
        }
        #expect(fixture.api.refreshCount == 1)
        #expect(fixture.api.server.requestCount("GET", "/api/users/me") == 2)
    }

    @Test("logout does not refresh on a 401")
    func logoutDoesNotRefresh() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        let session = try await fixture.signIn()
        fixture.api.expireAccessTokens()
        await #expect(throws: APIError.unauthorized(.accessTokenRefused(code: "TOKEN_EXPIRED", message: "the access token has expired"))) {
            try await fixture.client.requestVoid(.logout(refreshToken: session.refreshToken))
        }
        #expect(fixture.api.refreshCount == 0)
    }

    @Test("without tokens an authorized call fails as not signed in and sends nothing")
    func notSignedIn() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        await #expect(throws: APIError.unauthorized(.notSignedIn)) {
            try await fixture.client.request(.currentUser, as: User.self)
        }
        await #expect(throws: APIError.unauthorized(.notSignedIn)) {
            try await fixture.client.refreshSession()
        }
        #expect(fixture.api.server.totalRequestCount == 0)
    }

    @Test("a failed refresh for want of a server keeps the tokens")
    func refreshWithoutServerKeepsTokens() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        let before = fixture.store.loadTokens()
        fixture.api.server.faults.inject(.respond(.error(503, code: "MAINTENANCE", message: "back soon")), method: "POST", path: "/api/auth/refresh")
        await #expect(throws: APIError.http(status: 503, code: "MAINTENANCE", message: "back soon")) {
            try await fixture.client.refreshSession()
        }
        #expect(fixture.store.loadTokens() == before)
    }
}

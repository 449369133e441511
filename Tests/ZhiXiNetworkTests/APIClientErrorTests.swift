import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiTestServer

@Suite("APIClient: errors a caller can switch on")
struct APIClientErrorTests {
    @Test("server down: a network error, unreachable, after the retries an idempotent call is allowed")
    func serverDown() async throws {
        let port = try UnusedLoopbackPort()
        let log = LogLines()
        let store = MemoryTokenStore(AuthTokens(accessToken: "at-x", refreshToken: "rt-x", expiresAt: Date()))
        let client = APIClient(baseURL: port.apiBaseURL, tokenStore: store, configuration: NetworkFixture.testConfiguration,
                               logger: { log.append($0) })
        await #expect(throws: APIError.network(.unreachable)) {
            try await client.request(.currentUser, as: User.self)
        }
        #expect(log.all.map(\.retry) == [0, 1, 2])
        #expect(log.all.allSatisfy { $0.status == nil && $0.failure == .unreachable })
        let error = APIError.network(.unreachable)
        #expect(error.description.contains("cannot be reached"))
    }

    @Test("a slow answer: a network error, timed out")
    func timeout() async throws {
        let fixture = try NetworkFixture(configuration: APIClientConfiguration(requestTimeout: 1, resourceTimeout: 10, retryPolicy: .none))
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        fixture.api.server.faults.inject(.delay(seconds: 30), method: "GET", path: "/api/users/me")
        await #expect(throws: APIError.network(.timedOut)) {
            try await fixture.client.request(.currentUser, as: User.self)
        }
    }

    @Test("a closed connection: connection lost; a POST is not retried, a GET is", arguments: [
        TestServerFault.closeConnection, .truncateAnswer,
    ])
    func closedConnection(fault: TestServerFault) async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        fixture.api.server.faults.inject(fault, method: "POST", path: "/api/feedback")
        await #expect(throws: APIError.network(.connectionLost)) {
            try await fixture.client.requestVoid(APIEndpoint(method: .post, path: "feedback", body: ["comment": "好"]))
        }
        #expect(fixture.api.server.requestCount("POST", "/api/feedback") == 1)

        fixture.api.server.faults.inject(fault, method: "GET", path: "/api/users/me")
        let user = try await fixture.client.request(.currentUser, as: User.self)
        #expect(user.appleUserID == "apple-001")
        #expect(fixture.api.server.requestCount("GET", "/api/users/me") == 2)
    }

    @Test("5xx: the status with the server's code and message; GET retried twice, POST not at all")
    func serverError() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        let unavailable = TestHTTPResponse.error(503, code: "MAINTENANCE", message: "back at 10:00")
        fixture.api.server.faults.inject(.respond(unavailable), times: nil)
        let expected = APIError.http(status: 503, code: "MAINTENANCE", message: "back at 10:00")
        await #expect(throws: expected) { try await fixture.client.request(.currentUser, as: User.self) }
        await #expect(throws: expected) { try await fixture.client.requestVoid(APIEndpoint(method: .post, path: "ai/chat", body: ["message": "你好"])) }
        #expect(fixture.api.server.requestCount("GET", "/api/users/me") == 3)
        #expect(fixture.api.server.requestCount("POST", "/api/ai/chat") == 1)
        #expect(expected.description == "the server answered HTTP 503 (MAINTENANCE: back at 10:00), an error of its own")
    }

    @Test("a 5xx then a success: the retry's answer is returned")
    func transientServerError() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        fixture.api.server.faults.inject(.respond(.error(502, code: "BAD_GATEWAY", message: "proxy")), method: "GET", path: "/api/users/me")
        _ = try await fixture.client.request(.currentUser, as: User.self)
        #expect(fixture.log.lines.suffix(2).map { $0.components(separatedBy: " ").prefix(3).joined(separator: " ") }
            == ["GET users/me 502", "GET users/me 200"])
        #expect(fixture.log.all.last?.retry == 1)
    }

    @Test("an error status without the API's body: status only")
    func errorWithoutBody() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        fixture.api.server.faults.inject(.respond(TestHTTPResponse(status: 404, body: Data("<html>no</html>".utf8))))
        await #expect(throws: APIError.http(status: 404, code: nil, message: nil)) {
            try await fixture.client.request(APIEndpoint(method: .get, path: "materials/m-1/reading-progress"), as: User.self)
        }
    }

    @Test("a body that is not JSON: a decoding error of the whole answer")
    func malformedJSON() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        fixture.api.server.faults.inject(.malformedJSON, method: "GET", path: "/api/users/me")
        do {
            _ = try await fixture.client.request(.currentUser, as: User.self)
            Issue.record("a malformed body decoded")
        } catch {
            guard case .decoding(let path, let reason) = error else { Issue.record("got \(error)"); return }
            #expect(path.isEmpty)
            #expect(reason.hasPrefix("not valid JSON"))
        }
    }

    @Test("a wrong field: a decoding error naming its JSON path", arguments: [
        ("createdAt", "\"yesterday\"", "createdAt"),
        ("appleUserId", nil, "appleUserId"),
        ("onboardingCompleted", "\"no\"", "onboardingCompleted"),
    ] as [(String, String?, String)])
    func wrongField(field: String, replacement: String?, path: String) async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        fixture.api.server.faults.inject(.rewrite { response in
            var response = response
            response.body = Self.replacing(field, with: replacement, in: response.body)
            return response
        }, method: "GET", path: "/api/users/me")
        do {
            _ = try await fixture.client.request(.currentUser, as: User.self)
            Issue.record("a wrong body decoded")
        } catch {
            guard case .decoding(let failedPath, _) = error else { Issue.record("got \(error)"); return }
            #expect(failedPath == path)
            #expect(error.description.contains("wrong field \(path)"))
        }
    }

    @Test("a nested wrong field names the whole path: user.createdAt in a sign-in answer")
    func nestedWrongField() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        fixture.api.server.faults.inject(.rewrite { response in
            var response = response
            response.body = Self.replacing("createdAt", with: "12", in: response.body)
            return response
        }, method: "POST", path: "/api/auth/apple")
        do {
            try await fixture.signIn()
            Issue.record("a wrong body decoded")
        } catch {
            let failure = try #require(error as? APIError)
            guard case .decoding("user.createdAt", _) = failure else { Issue.record("got \(failure)"); return }
        }
    }

    @Test("an array element is named by its index")
    func arrayPath() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        fixture.api.server.route("GET", "/api/review-tasks") { _ in
            .rawJSON(#"[{"id":"t1","userId":"u","lessonId":"l","reviewType":"recall","scheduledAt":"2026-11-29T09:00:00Z"},"#
                + #"{"id":"t2","userId":"u","reviewType":"recall","scheduledAt":"2026-11-30T09:00:00Z"}]"#)
        }
        await #expect(throws: APIError.decoding(path: "[1].lessonId", reason: "missing (required)")) {
            try await fixture.client.request(APIEndpoint(method: .get, path: "review-tasks"), as: [ReviewTask].self)
        }
    }

    @Test("an empty body where JSON is expected is a decoding error; requestVoid accepts it")
    func emptyBody() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        let session = try await fixture.signIn()
        await #expect(throws: APIError.decoding(path: "", reason: "the answer has no body")) {
            try await fixture.client.request(.logout(refreshToken: session.refreshToken), as: User.self)
        }
    }

    @Test("cancelling the calling task ends the call as cancelled")
    func cancellation() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        fixture.api.server.faults.inject(.delay(seconds: 30), method: "GET", path: "/api/users/me")
        let call = Task { try await fixture.client.request(.currentUser, as: User.self) }
        #expect(await eventually { fixture.api.server.requestCount("GET", "/api/users/me") > 0 })
        call.cancel()
        await #expect(throws: APIError.cancelled) { try await call.value }
    }

    @Test("a redirect is not followed, so the token never goes elsewhere")
    func redirectRefused() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        let elsewhere = fixture.api.server.baseURL.appendingPathComponent("elsewhere").absoluteString
        fixture.api.server.route("GET", "/api/learning/summary") { _ in TestHTTPResponse(status: 302, headers: ["Location": elsewhere]) }
        fixture.api.server.route("GET", "/elsewhere") { _ in .json(["stolen": true]) }
        await #expect(throws: APIError.http(status: 302, code: nil, message: nil)) {
            try await fixture.client.requestVoid(APIEndpoint(method: .get, path: "learning/summary"))
        }
        #expect(fixture.api.server.requestCount("GET", "/elsewhere") == 0)
    }

    /// `body` with the value of `field` replaced by `replacement` (JSON text), or the field
    /// removed when `replacement` is nil.
    static func replacing(_ field: String, with replacement: String?, in body: Data) -> Data {
        guard var object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return body }
        func change(_ dictionary: inout [String: Any]) {
            if dictionary[field] != nil {
                dictionary[field] = replacement.map { try! JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed) }
            }
            for (key, value) in dictionary {
                if var nested = value as? [String: Any] {
                    change(&nested)
                    dictionary[key] = nested
                }
            }
        }
        change(&object)
        return (try? JSONSerialization.data(withJSONObject: object)) ?? body
    }
}

@Suite("APIClient: a body that cannot be encoded")
struct APIClientEncodingTests {
    struct Body: Encodable, Sendable {
        var secret = "rt-NEVER-SHOWN"
        var when = Date(timeIntervalSince1970: 1e15)   // a year the contract's ISO-8601 dates cannot hold
    }

    @Test("fails as an invalid request naming the field, without quoting the body, and sends nothing")
    func unencodableBody() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        let before = fixture.api.server.totalRequestCount
        do {
            try await fixture.client.requestVoid(APIEndpoint(method: .post, path: "feedback", body: Body()))
            Issue.record("an unencodable body was sent")
        } catch {
            guard case .invalidRequest(let reason) = error else { Issue.record("got \(error)"); return }
            #expect(reason.contains("POST feedback") && reason.contains("when:"))
            #expect(!reason.contains("NEVER-SHOWN"))
        }
        #expect(fixture.api.server.totalRequestCount == before)
    }
}

import Foundation
import Testing
import ZhiXiCore
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiTestServer

/// Issue 28, classes 4, 5 and 6 at the client: a whole answer within its time, every call of a
/// client within the total time and bytes, an idempotency key sent (and the keyed call retried),
/// path segments of dots kept as data, and dates outside 1900–2200 refused in answers.
@Suite("APIClient: limits that are limits, keys, segments, dates")
struct RequestLimitsTests {
    @Test("an answer whose body never ends is cut at the resource timeout: timed out, not held")
    func resourceTimeout() async throws {
        let fixture = try NetworkFixture(configuration: APIClientConfiguration(requestTimeout: 30, resourceTimeout: 1, retryPolicy: .none))
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        fixture.api.server.faults.inject(.announceContentLength(1 << 20), method: "GET", path: "/api/users/me")
        await #expect(throws: APIError.network(.timedOut)) { try await fixture.client.request(.currentUser, as: User.self) }
    }

    @Test("all of a client's calls together stop at the total time: out of time, retries and pauses included")
    func totalTimeout() async throws {
        let fixture = try NetworkFixture(configuration: APIClientConfiguration(
            requestTimeout: 30, resourceTimeout: 30, retryPolicy: RetryPolicy(maximumRetries: 10, initialDelay: 0.01), totalTimeout: 2))
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        fixture.api.server.faults.inject(.announceContentLength(1 << 20), method: "GET", path: "/api/users/me", times: nil)
        await #expect(throws: APIError.network(.outOfTime(seconds: 2))) { try await fixture.client.request(.currentUser, as: User.self) }
        await #expect(throws: APIError.network(.outOfTime(seconds: 2))) { try await fixture.client.request(.currentUser, as: User.self) }
        #expect(APIError.network(.outOfTime(seconds: 2)).description.contains("2 s allowed"))
    }

    @Test("all of a client's answers together stop at the total bytes")
    func totalBytes() async throws {
        let fixture = try NetworkFixture(configuration: APIClientConfiguration(
            requestTimeout: TestClientTimeouts.requestSeconds, resourceTimeout: TestClientTimeouts.resourceSeconds, retryPolicy: .none,
            maximumTotalAnswerBytes: 2000))
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        var failure: APIError?
        for _ in 0 ..< 50 {
            do throws(APIError) {
                _ = try await fixture.client.request(.currentUser, as: User.self)
            } catch {
                failure = error
                break
            }
        }
        guard case .decoding(_, let reason)? = failure else { Issue.record("no limit: \(String(describing: failure))"); return }
        #expect(reason.contains("2000 bytes in all"))
    }

    @Test("a call with an idempotency key sends it, and is retried after a 5xx with the same key")
    func idempotencyKey() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        let keys = LockedList<String>()
        fixture.api.server.faults.add { request in
            guard request.method == "POST", request.path == "/api/feedback" else { return nil }
            keys.append(request.header("idempotency-key") ?? "none")
            return keys.count == 1 ? .respond(.error(503, code: "BUSY", message: "again")) : .respond(.empty())
        }
        let keyed = APIEndpoint(method: .post, path: "feedback", body: ["content": "x"], idempotencyKey: "key-1")
        try await fixture.client.requestVoid(keyed)
        #expect(keys.all == ["key-1", "key-1"])
        let unkeyed = APIEndpoint(method: .post, path: "feedback", body: ["content": "x"])
        keys.removeAll()
        await #expect(throws: APIError.self) { try await fixture.client.requestVoid(unkeyed) }
        #expect(keys.all == ["none"], "a POST without a key is never retried")
    }

    @Test("a segment of dots is data: %2E, never this or the parent", arguments: ["..", ".", "...", "a/../..", "%2e", ""])
    func dotSegments(_ segment: String) throws {
        let encoded = APIEndpoint.pathSegment(segment)
        #expect(!encoded.contains("/"))
        #expect(encoded != "." && encoded != "..")
        let url = try #require(APIEndpoint(method: .post, path: "review-tasks/\(encoded)/complete")
            .url(relativeTo: URL(string: "http://127.0.0.1:1/api")!))
        #expect(url.absoluteString.hasPrefix("http://127.0.0.1:1/api/review-tasks/"))
        if segment == ".." { #expect(encoded == "%2E%2E") }
        #expect(encoded.removingPercentEncoding == segment || segment.isEmpty)
    }

    @Test("a date outside 1900–2200 in an answer is a wrong field, named")
    func datesOutsideTheYears() async throws {
        let fixture = try NetworkFixture(configuration: APIClientConfiguration(
            requestTimeout: TestClientTimeouts.requestSeconds, resourceTimeout: TestClientTimeouts.resourceSeconds, retryPolicy: .none))
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        for date in ["9999-01-01T00:00:00Z", "0001-01-01T00:00:00Z"] {
            fixture.api.server.faults.inject(.respond(.rawJSON(#"{"id":"u","appleUserId":"a","createdAt":"\#(date)"}"#)),
                                             method: "GET", path: "/api/users/me")
            await #expect(throws: APIError.decoding(path: "createdAt", reason: "\"\(date)\" is outside the years 1900–2200")) {
                try await fixture.client.request(.currentUser, as: User.self)
            }
        }
    }
}

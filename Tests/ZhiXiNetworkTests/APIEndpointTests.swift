import Foundation
import Testing
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiTestServer

@Suite("APIEndpoint: the app's API, relative to a base URL ending in /api")
struct APIEndpointTests {
    @Test("the auth endpoints: methods, paths, bodies and who carries the bearer token")
    func authEndpoints() throws {
        let login = AppleLoginRequest(identityToken: "i", authorizationCode: "c", userIdentifier: "u")
        let table: [(APIEndpoint, HTTPMethod, String, Bool, Bool)] = [
            (.signInWithApple(login), .post, "auth/apple", false, false),
            (.refreshTokens(refreshToken: "r"), .post, "auth/refresh", false, false),
            (.logout(refreshToken: "r"), .post, "auth/logout", true, false),
            (.currentUser, .get, "users/me", true, true),
        ]
        for (endpoint, method, path, sendsToken, refreshes) in table {
            #expect(endpoint.method == method && endpoint.path == path)
            #expect(endpoint.sendsAccessToken == sendsToken && endpoint.refreshesOnUnauthorized == refreshes)
        }
        let refreshBody = try #require(APIEndpoint.refreshTokens(refreshToken: "r").body as? TokenRefreshRequest)
        let body = try ZhiXiJSON.makeEncoder().encode(refreshBody)
        #expect(String(decoding: body, as: UTF8.self) == #"{"refreshToken":"r"}"#)
        #expect(!APIEndpoint.signInWithApple(login).isIdempotent && !APIEndpoint.refreshTokens(refreshToken: "r").isIdempotent)
    }

    @Test("the base URL may end in a slash or not", arguments: ["http://h.example/api", "http://h.example/api/", "http://h.example/api//"])
    func baseURL(base: String) throws {
        let trend = APIEndpoint(method: .get, path: "learning/trend", queryItems: [URLQueryItem(name: "days", value: "7")])
        let url = trend.url(relativeTo: try #require(URL(string: base)))
        #expect(url?.absoluteString == "http://h.example/api/learning/trend?days=7")
        #expect(trend.summary == "GET learning/trend?days=7")
    }

    @Test("a page is {items, nextCursor}; the last page writes nextCursor null; collect follows the cursors once each")
    func pages() async throws {
        let last = APIPage(items: [1, 2], nextCursor: nil)
        #expect(String(decoding: try ZhiXiJSON.makeEncoder().encode(last), as: UTF8.self) == #"{"items":[1,2],"nextCursor":null}"#)
        let pages = ["a": APIPage(items: [3], nextCursor: "b"), "b": APIPage(items: [4, 5], nextCursor: nil)]
        let all = try await APIPage<Int>.collect { (cursor) async throws(APIError) -> APIPage<Int> in
            cursor.map { pages[$0]! } ?? APIPage(items: [1, 2], nextCursor: "a")
        }
        #expect(all == [1, 2, 3, 4, 5])
        await #expect(throws: APIError.decoding(path: "nextCursor", reason: "the server gave the cursor 'a' twice; the pages would never end")) {
            _ = try await APIPage<Int>.collect { (_) async throws(APIError) -> APIPage<Int> in APIPage(items: [1], nextCursor: "a") }
        }
        #expect(APIEndpoint.pageQueryItems(since: Date(timeIntervalSince1970: 1_767_225_600), cursor: "o100")
            == [URLQueryItem(name: "since", value: "2026-01-01T00:00:00Z"), URLQueryItem(name: "cursor", value: "o100")])
    }

    @Test("retry delays double from the initial delay up to the maximum")
    func retryDelays() {
        let policy = RetryPolicy(maximumRetries: 5, initialDelay: 0.5, maximumDelay: 3)
        #expect((1...5).map(policy.delay(beforeRetry:)) == [0.5, 1, 2, 3, 3])
        #expect(RetryPolicy(maximumRetries: -1).maximumRetries == 0)
    }
}

import Foundation
import Testing
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiTestServer

@Suite("APIEndpoint: the app's API, relative to a base URL ending in /api")
struct APIEndpointTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var endpoint: APIEndpoint
        var route: String
        var target: String
        var query: [String: String] = [:]
        var pathParameters: [String: String] = [:]
        var body: String = ""
        var testDescription: String { route }
    }

    static let cases: [Case] = [
        Case(endpoint: .uploadReadingEvents(["events": [["eventId": "e1"]]]), route: "POST /api/learning/reading-events/batch",
             target: "/api/learning/reading-events/batch", body: #"{"events":[{"eventId":"e1"}]}"#),
        Case(endpoint: .continueLearning, route: "GET /api/learning/continue", target: "/api/learning/continue"),
        Case(endpoint: .readingProgress(materialID: "m/1 二"), route: "GET /api/materials/{id}/reading-progress",
             target: "/api/materials/m%2F1%20%E4%BA%8C/reading-progress", pathParameters: ["id": "m/1 二"]),
        Case(endpoint: .learningSummary, route: "GET /api/learning/summary", target: "/api/learning/summary"),
        Case(endpoint: .learningTrend(days: 30), route: "GET /api/learning/trend", target: "/api/learning/trend?days=30", query: ["days": "30"]),
        Case(endpoint: .activityHeatmap(days: 365), route: "GET /api/activity/heatmap", target: "/api/activity/heatmap?days=365",
             query: ["days": "365"]),
        Case(endpoint: .reviewTasks(), route: "GET /api/review-tasks", target: "/api/review-tasks"),
        Case(endpoint: .reviewTasks(status: .pending), route: "GET /api/review-tasks", target: "/api/review-tasks?status=pending",
             query: ["status": "pending"]),
        Case(endpoint: .completeReviewTask(id: "task-7"), route: "POST /api/review-tasks/{id}/complete",
             target: "/api/review-tasks/task-7/complete", pathParameters: ["id": "task-7"]),
        Case(endpoint: .submitFeedback(["rating": 5]), route: "POST /api/feedback", target: "/api/feedback", body: #"{"rating":5}"#),
        Case(endpoint: .analyzeLearningInput(["inputText": "梯度下降"]), route: "POST /api/ai/analyze-learning-input",
             target: "/api/ai/analyze-learning-input", body: #"{"inputText":"梯度下降"}"#),
        Case(endpoint: .chat(["message": "为什么？"]), route: "POST /api/ai/chat", target: "/api/ai/chat", body: #"{"message":"为什么？"}"#),
    ]

    @Test("each endpoint reaches its route with the bearer token, query, path parameters and JSON body", arguments: cases)
    func endpointReachesRoute(_ testCase: Case) async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        let session = try await fixture.signIn()
        let echo = try await fixture.client.request(testCase.endpoint, as: FakeZhiXiAPI.EndpointEcho.self)
        #expect(echo.endpoint == testCase.route)
        #expect(echo.userId == session.user.id)
        #expect(echo.query == testCase.query)
        #expect(echo.pathParameters == testCase.pathParameters)
        #expect(echo.body == testCase.body)
        let received = try #require(fixture.api.server.receivedRequests.last)
        #expect(received.authorization == "Bearer \(session.accessToken)")
        #expect(testCase.endpoint.url(relativeTo: fixture.api.apiBaseURL)?.absoluteString
            == fixture.api.server.baseURL.absoluteString + testCase.target)
    }

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
        let url = APIEndpoint.learningTrend(days: 7).url(relativeTo: try #require(URL(string: base)))
        #expect(url?.absoluteString == "http://h.example/api/learning/trend?days=7")
        #expect(APIEndpoint.learningTrend(days: 7).summary == "GET learning/trend?days=7")
    }

    @Test("retry delays double from the initial delay up to the maximum")
    func retryDelays() {
        let policy = RetryPolicy(maximumRetries: 5, initialDelay: 0.5, maximumDelay: 3)
        #expect((1...5).map(policy.delay(beforeRetry:)) == [0.5, 1, 2, 3, 3])
        #expect(RetryPolicy(maximumRetries: -1).maximumRetries == 0)
    }
}

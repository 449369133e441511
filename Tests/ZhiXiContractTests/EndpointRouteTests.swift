import Foundation
import Testing
import ZhiXiCore
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiReading
import ZhiXiServices
import ZhiXiTestServer

@Suite("Every endpoint of the services reaches its route of the loopback server")
struct EndpointRouteTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var endpoint: APIEndpoint
        var route: String
        var target: String
        var body: String = ""
        var idempotent: Bool
        var testDescription: String { route }
    }

    static let since = Date(timeIntervalSince1970: 1_767_225_600)
    static let cases: [Case] = [
        Case(endpoint: .uploadReadingEvents(ReadingEventBatchRequest(events: [])), route: "POST /api/learning/reading-events/batch",
             target: "/api/learning/reading-events/batch", body: #"{"events":[]}"#, idempotent: false),
        Case(endpoint: .continueLearning, route: "GET /api/learning/continue", target: "/api/learning/continue", idempotent: true),
        Case(endpoint: .readingProgress(materialID: "m/1 二", targetType: .temporaryFile), route: "GET /api/materials/{id}/reading-progress",
             target: "/api/materials/m%2F1%20%E4%BA%8C/reading-progress?targetType=temporary_file", idempotent: true),
        Case(endpoint: .learningSummary, route: "GET /api/learning/summary", target: "/api/learning/summary", idempotent: true),
        Case(endpoint: .learningTrend(days: 30), route: "GET /api/learning/trend", target: "/api/learning/trend?days=30", idempotent: true),
        Case(endpoint: .activityHeatmap(days: 365), route: "GET /api/activity/heatmap", target: "/api/activity/heatmap?days=365",
             idempotent: true),
        Case(endpoint: .reviewTasks(ReviewTaskQuery()), route: "GET /api/review-tasks", target: "/api/review-tasks", idempotent: true),
        Case(endpoint: .reviewTasks(ReviewTaskQuery(status: .pending, from: CivilDate(year: 2026, month: 11, day: 29),
                                                    to: CivilDate(year: 2026, month: 12, day: 5))),
             route: "GET /api/review-tasks", target: "/api/review-tasks?status=pending&from=2026-11-29&to=2026-12-05", idempotent: true),
        Case(endpoint: .completeReviewTask(id: "task-7", CompleteReviewTaskRequest(completedAt: since)),
             route: "POST /api/review-tasks/{id}/complete", target: "/api/review-tasks/task-7/complete",
             body: #"{"completedAt":"2026-01-01T00:00:00Z"}"#, idempotent: true),
        Case(endpoint: .skipReviewTask(id: "task-7"), route: "POST /api/review-tasks/{id}/skip", target: "/api/review-tasks/task-7/skip",
             idempotent: true),
        Case(endpoint: .submitFeedback(FeedbackRequest(category: .bug, content: "好", rating: 5)), route: "POST /api/feedback",
             target: "/api/feedback", body: #"{"category":"bug","content":"好","rating":5}"#, idempotent: false),
        Case(endpoint: .analyzeLearningInput(AnalysisRequest(sessionID: "s", lessonID: "l", userInput: "梯度下降")),
             route: "POST /api/ai/analyze-learning-input", target: "/api/ai/analyze-learning-input",
             body: #"{"language":"zh-Hans","lessonId":"l","sessionId":"s","userInput":"梯度下降"}"#, idempotent: false),
        Case(endpoint: .analyses(since: since, cursor: "o2"), route: "GET /api/ai/analyses",
             target: "/api/ai/analyses?since=2026-01-01T00:00:00Z&cursor=o2", idempotent: true),
        Case(endpoint: .chat(ChatRequest(messages: [ChatMessage(role: .user, content: "为什么？")])), route: "POST /api/ai/chat",
             target: "/api/ai/chat", body: #"{"language":"zh-Hans","messages":[{"content":"为什么？","role":"user"}]}"#, idempotent: false),
        Case(endpoint: .learningSessions(since: nil, cursor: nil), route: "GET /api/learning/sessions", target: "/api/learning/sessions",
             idempotent: true),
        Case(endpoint: .recordLearningSession(NewLearningSession(lessonID: "l", startedAt: since, userInput: "x")),
             route: "POST /api/learning/sessions", target: "/api/learning/sessions",
             body: #"{"lessonId":"l","startedAt":"2026-01-01T00:00:00Z","userInput":"x"}"#, idempotent: false),
        Case(endpoint: .knowledgeBases, route: "GET /api/knowledge-bases", target: "/api/knowledge-bases", idempotent: true),
        Case(endpoint: .learningPaths(knowledgeBaseID: "kb 1"), route: "GET /api/knowledge-bases/{id}/learning-paths",
             target: "/api/knowledge-bases/kb%201/learning-paths", idempotent: true),
        Case(endpoint: .lessons(learningPathID: "p-1"), route: "GET /api/learning-paths/{id}/lessons",
             target: "/api/learning-paths/p-1/lessons", idempotent: true),
        Case(endpoint: .learningProfile, route: "GET /api/users/me/learning-profile", target: "/api/users/me/learning-profile",
             idempotent: true),
        Case(endpoint: .updateLearningProfile(UserLearningProfile(userID: "u")), route: "PUT /api/users/me/learning-profile",
             target: "/api/users/me/learning-profile",
             body: #"{"dailyMinutes":30,"dayStartHour":4,"desiredRetention":0.9,"timeZone":"UTC","userId":"u"}"#, idempotent: true),
        Case(endpoint: .completeOnboarding(OnboardingRequest(learningDirection: "机器学习", dailyMinutes: 30, timeZone: "Asia/Shanghai")),
             route: "POST /api/users/me/onboarding", target: "/api/users/me/onboarding",
             body: #"{"dailyMinutes":30,"learningDirection":"机器学习","preferredLanguage":"zh-Hans","timeZone":"Asia/Shanghai"}"#,
             idempotent: false),
    ]

    @Test("method, path, query and JSON body reach the route with the bearer token", arguments: cases)
    func endpointReachesRoute(_ testCase: Case) async throws {
        let fixture = try await ContractFixture()
        defer { fixture.api.server.stop() }
        try? await fixture.client.requestVoid(testCase.endpoint)
        let received = try #require(fixture.api.server.receivedRequests.last)
        #expect("\(received.method) \(received.route)" == testCase.route)
        #expect(received.authorization == "Bearer \(fixture.session.accessToken)")
        #expect(String(decoding: received.body, as: UTF8.self) == testCase.body)
        #expect(testCase.endpoint.url(relativeTo: fixture.api.apiBaseURL)?.absoluteString
            == fixture.api.server.baseURL.absoluteString + testCase.target)
        #expect(testCase.endpoint.isIdempotent == testCase.idempotent)
    }
}

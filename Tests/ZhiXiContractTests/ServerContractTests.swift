import Foundation
import Testing
import ZhiXiCore
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiTestServer

/// The loopback server is the contract's executable form: each endpoint, sent the golden
/// request body as raw JSON, answers with exactly the golden answer's members (and the
/// extras the contract allows), nothing else.
@Suite("The loopback server speaks exactly the contract")
struct ServerContractTests {
    /// One exchange: the endpoint, its raw golden body, the golden answer's shape.
    struct Exchange: Sendable, CustomTestStringConvertible {
        var method: HTTPMethod
        var path: String
        var query: [URLQueryItem] = []
        /// The golden file of the body, if any, and members to change in it.
        var body: String?
        var bodyChanges: [String: AnyJSON] = [:]
        /// The golden file of the answer; `list` when the answer is an array of it, `page`
        /// when it is a page of it.
        var answer: String
        var shape: Shape = .single
        /// Members the server may write beside the golden ones.
        var extras: Set<String> = []
        /// Members of the golden answer this answer may leave out.
        var optional: Set<String> = []
        var testDescription: String { "\(method.rawValue) \(path)" }

        enum Shape: Sendable { case single, list, page }
    }

    static let exchanges: [Exchange] = [
        Exchange(method: .get, path: "users/me", answer: "User"),
        Exchange(method: .get, path: "users/me/learning-profile", answer: "UserLearningProfile"),
        Exchange(method: .put, path: "users/me/learning-profile", body: "UserLearningProfile", answer: "UserLearningProfile"),
        Exchange(method: .post, path: "users/me/onboarding", body: "OnboardingRequest", answer: "User"),
        Exchange(method: .get, path: "knowledge-bases", answer: "KnowledgeBase", shape: .list),
        Exchange(method: .get, path: "knowledge-bases/kb-ml-basics/learning-paths", answer: "LearningPath", shape: .list,
                 extras: ["[].lessonIds[]"]),
        Exchange(method: .get, path: "learning-paths/path-1/lessons", answer: "Lesson", shape: .list),
        Exchange(method: .get, path: "learning/sessions", answer: "LearningSession", shape: .page),
        Exchange(method: .post, path: "learning/sessions", body: "NewLearningSession", answer: "LearningSession",
                 extras: ["createdAt", "weakPoints"], optional: ["aiAnalysis", "masteryScore", "weakPoints[]", "nextSuggestion", "reviewAt"]),
        Exchange(method: .post, path: "ai/analyze-learning-input", body: "AnalysisRequest", answer: "AIAnalysis", extras: ["lessonId"]),
        Exchange(method: .get, path: "ai/analyses", answer: "AIAnalysis", shape: .page),
        Exchange(method: .post, path: "ai/chat", body: "ChatRequest", answer: "ChatReply"),
        Exchange(method: .post, path: "feedback", body: "FeedbackRequest", answer: "Feedback", extras: ["id", "userId"]),
        Exchange(method: .get, path: "learning/summary", answer: "LearningSummary"),
        Exchange(method: .get, path: "learning/trend", query: [URLQueryItem(name: "days", value: "2")], answer: "DailyActivity"),
        Exchange(method: .get, path: "activity/heatmap", query: [URLQueryItem(name: "days", value: "2")], answer: "DailyActivity"),
        Exchange(method: .post, path: "review-tasks/rt-0a1b2c3d4e5f6071-8293a4b5c6d7e8f9/complete", body: "CompleteReviewTaskRequest",
                 answer: "ReviewTask"),
        Exchange(method: .get, path: "review-tasks", answer: "ReviewTask", shape: .list, optional: ["[].completedAt"]),
        Exchange(method: .post, path: "learning/reading-events/batch", body: "ReadingEventBatchRequest", answer: "ReadingEventBatchResponse",
                 extras: ["rejected"], optional: ["rejected[].eventId", "rejected[].code", "rejected[].message"]),
        Exchange(method: .get, path: "materials/src-42/reading-progress", query: [URLQueryItem(name: "targetType", value: "knowledge_source")],
                 answer: "ReadingProgress", optional: ["lastPosition.pageIndex", "lastPosition.anchor", "status", "updatedAt",
                                                       "lastProgress", "lastPosition.progress", "readingTargetType"],
                 ),
        Exchange(method: .get, path: "learning/continue", answer: "ContinueLearningItem-none"),
        Exchange(method: .post, path: "auth/apple", body: "AppleLoginRequest", bodyChanges: ["identityToken": .string("another")],
                 answer: "AuthResponse", extras: ["tokenType"]),
    ]

    @Test("the answer has the golden answer's members and no others", arguments: exchanges)
    func exchange(_ exchange: Exchange) async throws {
        let fixture = try await ContractFixture()
        defer { fixture.api.server.stop() }
        var body: AnyJSON?
        if let name = exchange.body {
            body = try ZhiXiJSON.makeDecoder().decode(AnyJSON.self, from: GoldenJSON.data(name))
            if name == "AnalysisRequest" { body = body?.setting("sessionId", to: .string("session-0001")) }
            for (key, value) in exchange.bodyChanges { body = body?.setting(key, to: value) }
        }
        let endpoint = APIEndpoint(method: exchange.method, path: exchange.path, queryItems: exchange.query, body: body,
                                   sendsAccessToken: !exchange.path.hasPrefix("auth/"))
        let answer = try await fixture.client.request(endpoint, as: AnyJSON.self)
        let golden = try GoldenJSON.object(exchange.answer)
        var expected: Set<String>
        switch exchange.shape {
        case .single: expected = GoldenJSON.paths(golden)
        case .list: expected = GoldenJSON.paths([golden])
        case .page: expected = Set(GoldenJSON.paths([golden]).map { "items" + $0 }).union(["nextCursor"])
        }
        let actual = GoldenJSON.paths(answer.foundationObject)
        #expect(actual.subtracting(expected).subtracting(exchange.extras).isEmpty,
                "members the contract does not have: \(actual.subtracting(expected).subtracting(exchange.extras).sorted())")
        #expect(expected.subtracting(actual).subtracting(exchange.optional).isEmpty,
                "members missing: \(expected.subtracting(actual).subtracting(exchange.optional).sorted())")
    }
}

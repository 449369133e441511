import Foundation
import ZhiXiTestSupport
import ZhiXiAuth
import ZhiXiCore
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiTestServer

/// The loopback server with a seeded learner, and a client signed in as that learner.
struct ServiceFixture {
    /// The server's clock.
    static let now = ISO8601Timestamp.date(from: "2026-11-29T01:00:00Z")!

    let api: FakeZhiXiAPI
    let client: APIClient
    let user: User

    /// A learner with two lessons on one path of one knowledge base, three sessions (one a
    /// day), two analyses and two pending review tasks.
    static func workspace() -> LearnerWorkspace {
        func at(_ text: String) -> Date { ISO8601Timestamp.date(from: text)! }
        let user = User(id: "u-1", appleUserID: "apple-u-1", preferredLanguage: "zh-Hans", onboardingCompleted: true,
                        createdAt: at("2026-11-01T00:00:00Z"))
        return LearnerWorkspace(
            user: user,
            profile: UserLearningProfile(userID: "u-1", timeZone: "Asia/Shanghai", dailyMinutes: 30, preferredLanguage: "zh-Hans"),
            knowledgeBases: [KnowledgeBase(id: "kb", title: "力学", description: "牛顿力学", language: "zh-Hans", targetUser: "高中生")],
            learningPaths: [LearningPath(id: "p1", knowledgeBaseID: "kb", title: "动量", estimatedDays: 3, lessonIDs: ["l2", "l1"], order: 1)],
            lessons: [Lesson(id: "l1", pathID: "p1", title: "动量守恒", keyPoints: ["合外力为零", "矢量方向"], estimatedMinutes: 15),
                      Lesson(id: "l2", pathID: "p1", title: "冲量", keyPoints: ["冲量等于动量变化"], estimatedMinutes: 10)],
            sessions: [
                LearningSession(id: "s1", userID: "u-1", lessonID: "l1", startedAt: at("2026-11-26T01:00:00Z"),
                                endedAt: at("2026-11-26T01:20:00Z"), userInput: "合外力为零", masteryScore: 60, createdAt: at("2026-11-26T01:20:00Z")),
                LearningSession(id: "s2", userID: "u-1", lessonID: "l2", startedAt: at("2026-11-27T01:00:00Z"),
                                endedAt: at("2026-11-27T01:10:00Z"), userInput: "冲量", masteryScore: 80, createdAt: at("2026-11-27T01:10:00Z")),
                LearningSession(id: "s3", userID: "u-1", lessonID: "l1", startedAt: at("2026-11-28T01:00:00Z"),
                                endedAt: at("2026-11-28T01:30:00Z"), userInput: "矢量方向", createdAt: at("2026-11-28T01:30:00Z")),
            ],
            analyses: [AIAnalysis(id: "a1", sessionID: "s1", masteryScore: 60, createdAt: at("2026-11-26T01:21:00Z")),
                       AIAnalysis(id: "a2", sessionID: "s2", masteryScore: 80, createdAt: at("2026-11-27T01:11:00Z"))],
            reviewTasks: [ReviewTask(id: "t1", userID: "u-1", lessonID: "l1", reviewType: .recall, scheduledAt: at("2026-11-29T00:00:00Z")),
                          ReviewTask(id: "t2", userID: "u-1", lessonID: "l2", reviewType: .feynman, scheduledAt: at("2026-12-02T00:00:00Z"))])
    }

    /// A fixture whose client gives up on a request after `requestTimeout` seconds (a test that
    /// holds a request at a gate passes a guard far longer than the hold can take).
    init(workspace: LearnerWorkspace = ServiceFixture.workspace(), requestTimeout: Double = TestClientTimeouts.requestSeconds) async throws {
        api = try FakeZhiXiAPI(limits: TestServerLimits(lifetime: 1_800))
        let now = Self.now
        api.setClock { now }
        user = try api.seed(workspace)
        let tokens = TokenStore(secureStore: InMemorySecureStore())
        client = APIClient(baseURL: api.apiBaseURL, tokenStore: tokens,
                           configuration: APIClientConfiguration(requestTimeout: requestTimeout, resourceTimeout: max(TestClientTimeouts.resourceSeconds, requestTimeout),
                                                                 retryPolicy: RetryPolicy(maximumRetries: 2, initialDelay: 0.01)))
        try tokens.saveTokens(AuthTokens(api.signInDirectly(userIdentifier: user.appleUserID), receivedAt: Date()))
    }

    /// A new empty directory under the temporary directory.
    static func temporaryDirectory() -> URL {
        TemporaryDirectory.child("outbox", prefix: "zhixi-service-tests")
    }
}

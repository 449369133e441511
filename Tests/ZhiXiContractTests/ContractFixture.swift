import Foundation
import ZhiXiAuth
import ZhiXiCore
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiReading
import ZhiXiTestServer

/// The loopback server playing the whole API (the reading routes included), a learner seeded
/// from the golden files, and a client signed in as that learner.
struct ContractFixture {
    let api: FakeZhiXiAPI
    let reading: FakeReadingEventServer
    let client: APIClient
    let session: AuthResponse
    let user: User

    /// The server's clock: 2026-11-29T00:00:00Z.
    static let now = ISO8601Timestamp.date(from: "2026-11-29T00:00:00Z")!

    /// The learner of the golden files: one of each record, every field set.
    static func goldenWorkspace() throws -> LearnerWorkspace {
        let decoder = ZhiXiJSON.makeDecoder()
        func golden<Value: Decodable>(_ type: Value.Type, _ name: String) throws -> Value {
            try decoder.decode(type, from: GoldenJSON.data(name))
        }
        var path = try golden(LearningPath.self, "LearningPath")
        path.lessonIDs = ["lesson-1-1"]
        var task = try golden(ReviewTask.self, "ReviewTask")
        task.status = .pending
        task.completedAt = nil
        return LearnerWorkspace(
            user: try golden(User.self, "User"), profile: try golden(UserLearningProfile.self, "UserLearningProfile"),
            knowledgeBases: [try golden(KnowledgeBase.self, "KnowledgeBase")], learningPaths: [path],
            lessons: [try golden(Lesson.self, "Lesson")], sessions: [try golden(LearningSession.self, "LearningSession")],
            analyses: [try golden(AIAnalysis.self, "AIAnalysis")], reviewTasks: [task])
    }

    init(workspace: LearnerWorkspace? = nil) async throws {
        api = try FakeZhiXiAPI()
        reading = FakeReadingEventServer(api: api)
        let now = ContractFixture.now
        api.setClock { now }
        user = try api.seed(workspace ?? Self.goldenWorkspace())
        let tokens = TokenStore(secureStore: InMemorySecureStore())
        client = APIClient(baseURL: api.apiBaseURL, tokenStore: tokens,
                           configuration: APIClientConfiguration(requestTimeout: TestClientTimeouts.requestSeconds,
                                                                 resourceTimeout: TestClientTimeouts.resourceSeconds,
                                                                 retryPolicy: RetryPolicy(maximumRetries: 2, initialDelay: 0.01)))
        session = try await client.request(
            .signInWithApple(AppleLoginRequest(identityToken: "id-token", authorizationCode: "code", userIdentifier: user.appleUserID)),
            as: AuthResponse.self)
        try tokens.saveTokens(AuthTokens(session, receivedAt: Date()))
    }
}

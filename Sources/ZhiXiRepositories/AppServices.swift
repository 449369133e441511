import ZhiXiModel
import ZhiXiNetwork
import ZhiXiReading
import ZhiXiServices

/// The services of the app's API that the repositories compose, one value: built on one
/// `APIClient` for the app, or from test doubles.
public struct AppServices: Sendable {
    /// `GET users/me`: the signed-in learner.
    public var currentUser: @Sendable () async throws(APIError) -> User
    /// Review tasks: list, complete, skip.
    public var review: any ReviewService
    /// Learning sessions: pages since a time, recording one.
    public var learning: any LearningService
    /// The AI: analyses and chat.
    public var ai: any AIService
    /// Knowledge bases, learning paths, lessons.
    public var knowledge: any KnowledgeService
    /// The learning profile.
    public var profile: any ProfileService
    /// The learner's figures.
    public var analytics: any AnalyticsService
    /// The reading calls (continue learning, reading progress).
    public var reading: any ReadingServerAPI

    /// The services on `client` (bearer token, one refresh on a 401, retries of idempotent calls).
    public init(client: APIClient) {
        self.init(currentUser: { () async throws(APIError) -> User in try await client.request(.currentUser, as: User.self) },
                  review: APIReviewService(client: client), learning: APILearningService(client: client),
                  ai: APIAIService(client: client), knowledge: APIKnowledgeService(client: client),
                  profile: APIProfileService(client: client), analytics: APIAnalyticsService(client: client),
                  reading: APIReadingServer(client: client))
    }

    /// Services given one by one.
    public init(currentUser: @escaping @Sendable () async throws(APIError) -> User, review: any ReviewService,
                learning: any LearningService, ai: any AIService, knowledge: any KnowledgeService,
                profile: any ProfileService, analytics: any AnalyticsService, reading: any ReadingServerAPI) {
        self.currentUser = currentUser
        self.review = review
        self.learning = learning
        self.ai = ai
        self.knowledge = knowledge
        self.profile = profile
        self.analytics = analytics
        self.reading = reading
    }
}

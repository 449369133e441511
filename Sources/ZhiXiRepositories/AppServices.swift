import ZhiXiModel
import ZhiXiNetwork
import ZhiXiReading
import ZhiXiServices

/// The services of the app's API that the repositories compose, one value: built on one
/// `APIClient` for the app, or from test doubles.
package struct AppServices: Sendable {
    /// `GET users/me`: the signed-in learner.
    package var currentUser: @Sendable () async throws(APIError) -> User
    /// Review tasks: list, complete, skip.
    package var review: any ReviewService
    /// Learning sessions: pages since a time, recording one.
    package var learning: any LearningService
    /// The AI: analyses and chat.
    package var ai: any AIService
    /// Knowledge bases, learning paths, lessons.
    package var knowledge: any KnowledgeService
    /// The learning profile.
    package var profile: any ProfileService
    /// The learner's figures.
    package var analytics: any AnalyticsService
    /// The reading calls (continue learning, reading progress).
    package var reading: any ReadingServerAPI

    /// The services on `client` (bearer token, one refresh on a 401, retries of idempotent calls).
    package init(client: APIClient) {
        self.init(currentUser: { () async throws(APIError) -> User in try await client.request(.currentUser, as: User.self) },
                  review: APIReviewService(client: client), learning: APILearningService(client: client),
                  ai: APIAIService(client: client), knowledge: APIKnowledgeService(client: client),
                  profile: APIProfileService(client: client), analytics: APIAnalyticsService(client: client),
                  reading: APIReadingServer(client: client))
    }

    /// Services given one by one.
    package init(currentUser: @escaping @Sendable () async throws(APIError) -> User, review: any ReviewService,
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

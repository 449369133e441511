import Foundation
import ZhiXiModel

/// The endpoints of the app's API, relative to a base URL ending in `/api`.
///
/// Bodies whose shape the model does not fix (reading events, feedback, AI requests) are
/// any `Encodable` value; answers are decoded into the type the caller asks
/// ``APIClient/request(_:as:)`` for.
extension APIEndpoint {
    /// `POST auth/apple`: sign in with Apple. No bearer token; answers `AuthResponse`.
    /// Not retried: the authorization code is single-use.
    public static func signInWithApple(_ request: AppleLoginRequest) -> APIEndpoint {
        APIEndpoint(method: .post, path: "auth/apple", body: request, sendsAccessToken: false)
    }

    /// `POST auth/refresh` with `{"refreshToken"}`: new tokens. No bearer token; answers
    /// `AuthResponse`. Not retried: servers rotate refresh tokens.
    public static func refreshTokens(refreshToken: String) -> APIEndpoint {
        APIEndpoint(method: .post, path: "auth/refresh", body: TokenRefreshRequest(refreshToken: refreshToken), sendsAccessToken: false)
    }

    /// `POST auth/logout` with `{"refreshToken"}`: the server forgets the refresh token.
    /// Bearer token sent; a 401 does not trigger a refresh (there is nothing to keep).
    public static func logout(refreshToken: String) -> APIEndpoint {
        APIEndpoint(method: .post, path: "auth/logout", body: TokenRefreshRequest(refreshToken: refreshToken),
                    refreshesOnUnauthorized: false, isIdempotent: true)
    }

    /// `GET users/me`: the signed-in `User`.
    public static var currentUser: APIEndpoint { APIEndpoint(method: .get, path: "users/me") }

    /// `POST learning/reading-events/batch` with `body` (`{"events": […]}`). Not retried by
    /// the client: the upload queue keeps its own retry policy.
    public static func uploadReadingEvents(_ body: some Encodable & Sendable) -> APIEndpoint {
        APIEndpoint(method: .post, path: "learning/reading-events/batch", body: body)
    }

    /// `GET learning/continue`: what the learner was reading last.
    public static var continueLearning: APIEndpoint { APIEndpoint(method: .get, path: "learning/continue") }

    /// `GET materials/{id}/reading-progress`: the saved reading position of a material.
    public static func readingProgress(materialID: String) -> APIEndpoint {
        APIEndpoint(method: .get, path: "materials/\(pathSegment(materialID))/reading-progress")
    }

    /// `GET learning/summary`: the learner's totals.
    public static var learningSummary: APIEndpoint { APIEndpoint(method: .get, path: "learning/summary") }

    /// `GET learning/trend?days=N`: learning per day over the last `days` days.
    public static func learningTrend(days: Int) -> APIEndpoint {
        APIEndpoint(method: .get, path: "learning/trend", queryItems: [URLQueryItem(name: "days", value: String(days))])
    }

    /// `GET activity/heatmap?days=N`: activity per day over the last `days` days.
    public static func activityHeatmap(days: Int) -> APIEndpoint {
        APIEndpoint(method: .get, path: "activity/heatmap", queryItems: [URLQueryItem(name: "days", value: String(days))])
    }

    /// `GET review-tasks[?status=S]`: the learner's `ReviewTask`s, all or those in one status.
    public static func reviewTasks(status: ReviewTaskStatus? = nil) -> APIEndpoint {
        APIEndpoint(method: .get, path: "review-tasks", queryItems: status.map { [URLQueryItem(name: "status", value: $0.rawValue)] } ?? [])
    }

    /// `POST review-tasks/{id}/complete`: marks a review task done. Completing twice is
    /// completing once, so it may be retried.
    public static func completeReviewTask(id: String) -> APIEndpoint {
        APIEndpoint(method: .post, path: "review-tasks/\(pathSegment(id))/complete", isIdempotent: true)
    }

    /// `POST feedback` with `body`: what the learner said about a session or an analysis.
    public static func submitFeedback(_ body: some Encodable & Sendable) -> APIEndpoint {
        APIEndpoint(method: .post, path: "feedback", body: body)
    }

    /// `POST ai/analyze-learning-input` with `body`: the AI's analysis (`AIAnalysis`) of
    /// what the learner wrote.
    public static func analyzeLearningInput(_ body: some Encodable & Sendable) -> APIEndpoint {
        APIEndpoint(method: .post, path: "ai/analyze-learning-input", body: body)
    }

    /// `POST ai/chat` with `body`: a message to the AI tutor.
    public static func chat(_ body: some Encodable & Sendable) -> APIEndpoint {
        APIEndpoint(method: .post, path: "ai/chat", body: body)
    }
}

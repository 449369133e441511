import ZhiXiModel
import ZhiXiNetwork

/// The profile endpoints of the app's API, relative to a base URL ending in `/api`.
extension APIEndpoint {
    /// `GET users/me/learning-profile`: answers the `UserLearningProfile`.
    package static var learningProfile: APIEndpoint { APIEndpoint(method: .get, path: "users/me/learning-profile") }

    /// `PUT users/me/learning-profile` with the `UserLearningProfile`: answers it as stored.
    /// Idempotent (a `PUT`), so retried.
    package static func updateLearningProfile(_ profile: UserLearningProfile) -> APIEndpoint {
        APIEndpoint(method: .put, path: "users/me/learning-profile", body: profile)
    }

    /// `POST users/me/onboarding` with an ``OnboardingRequest``: answers the `User`.
    package static func completeOnboarding(_ onboarding: OnboardingRequest) -> APIEndpoint {
        APIEndpoint(method: .post, path: "users/me/onboarding", body: onboarding)
    }
}

import ZhiXiModel
import ZhiXiNetwork

/// ``ProfileService`` on an `APIClient`: bearer token, one refresh on a 401; the `GET` and
/// the `PUT` are retried on timeouts and 5xx answers.
package struct APIProfileService: ProfileService {
    /// The client that sends the calls.
    package let client: APIClient

    /// Creates the service on `client`.
    package init(client: APIClient) {
        self.client = client
    }

    /// `GET users/me/learning-profile`.
    package func learningProfile() async throws(APIError) -> UserLearningProfile {
        try await client.request(.learningProfile, as: UserLearningProfile.self)
    }

    /// `PUT users/me/learning-profile`.
    package func updateLearningProfile(_ profile: UserLearningProfile) async throws(APIError) -> UserLearningProfile {
        try await client.request(.updateLearningProfile(profile), as: UserLearningProfile.self)
    }

    /// `POST users/me/onboarding`.
    package func completeOnboarding(_ onboarding: OnboardingRequest) async throws(APIError) -> User {
        try await client.request(.completeOnboarding(onboarding), as: User.self)
    }
}

import ZhiXiModel
import ZhiXiNetwork

/// ``ProfileService`` on an `APIClient`: bearer token, one refresh on a 401; the `GET` and
/// the `PUT` are retried on timeouts and 5xx answers.
public struct APIProfileService: ProfileService {
    /// The client that sends the calls.
    public let client: APIClient

    /// Creates the service on `client`.
    public init(client: APIClient) {
        self.client = client
    }

    /// `GET users/me/learning-profile`.
    public func learningProfile() async throws(APIError) -> UserLearningProfile {
        try await client.request(.learningProfile, as: UserLearningProfile.self)
    }

    /// `PUT users/me/learning-profile`.
    public func updateLearningProfile(_ profile: UserLearningProfile) async throws(APIError) -> UserLearningProfile {
        try await client.request(.updateLearningProfile(profile), as: UserLearningProfile.self)
    }

    /// `POST users/me/onboarding`.
    public func completeOnboarding(_ onboarding: OnboardingRequest) async throws(APIError) -> User {
        try await client.request(.completeOnboarding(onboarding), as: User.self)
    }
}

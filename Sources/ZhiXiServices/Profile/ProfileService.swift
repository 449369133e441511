import ZhiXiModel
import ZhiXiNetwork

/// The learner's study settings and first-run choices on the server.
/// ``APIProfileService`` makes the calls with an `APIClient`.
package protocol ProfileService: Sendable {
    /// `GET users/me/learning-profile`: the learner's study settings.
    func learningProfile() async throws(APIError) -> UserLearningProfile

    /// `PUT users/me/learning-profile`: replaces the study settings; answers them as stored.
    func updateLearningProfile(_ profile: UserLearningProfile) async throws(APIError) -> UserLearningProfile

    /// `POST users/me/onboarding`: the learner's first-run choices; answers the `User`,
    /// `onboardingCompleted` now `true`.
    func completeOnboarding(_ onboarding: OnboardingRequest) async throws(APIError) -> User
}

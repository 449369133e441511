import Foundation
import ZhiXiDomain
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiServices

/// `OnboardingRepository` on the profile service: the study settings the server holds
/// (`GET users/me/learning-profile`) and the first-run choices (`POST users/me/onboarding`).
package struct ProfileOnboardingRepository: OnboardingRepository {
    /// The services asked.
    package let services: AppServices

    /// Creates the repository.
    package init(services: AppServices) {
        self.services = services
    }

    /// The learner's study settings as answers, when the server holds settings the learner
    /// made (`updatedAt` set); `nil` for a profile nobody set yet (the server's defaults).
    package func savedAnswers() async throws(RepositoryFailure) -> OnboardingAnswers? {
        let profile: UserLearningProfile
        do {
            profile = try await services.profile.learningProfile()
        } catch {
            throw RepositoryFailure(error)
        }
        guard profile.updatedAt != nil else { return nil }
        return OnboardingAnswers(learningDirection: "", dailyMinutes: profile.dailyMinutes,
                                 preferredLanguage: AppLanguage(preferredLanguage: profile.preferredLanguage), timeZone: profile.timeZone)
    }

    /// `POST users/me/onboarding`.
    package func submit(_ answers: OnboardingAnswers) async throws(RepositoryFailure) -> User {
        do {
            return try await services.profile.completeOnboarding(OnboardingRequest(
                learningDirection: answers.learningDirection, dailyMinutes: answers.dailyMinutes,
                preferredLanguage: answers.preferredLanguage, timeZone: answers.timeZone))
        } catch {
            throw RepositoryFailure(error)
        }
    }
}

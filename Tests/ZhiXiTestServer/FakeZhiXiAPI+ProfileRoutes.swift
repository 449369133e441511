import Foundation
import ZhiXiModel
import ZhiXiServices

extension FakeZhiXiAPI {
    /// `GET`/`PUT users/me/learning-profile`, `POST users/me/onboarding`.
    func registerProfileRoutes() {
        server.route("GET", "/api/users/me/learning-profile") { [self] request in
            withLearner(request) { _, learner, _ in .json(learner.profile) }
        }
        server.route("PUT", "/api/users/me/learning-profile") { [self] request in
            withLearner(request) { user, learner, now in
                guard var profile = request.decodeBody(UserLearningProfile.self) else {
                    return .error(400, code: "INVALID_REQUEST", message: "the body must be a UserLearningProfile")
                }
                guard TimeZone(identifier: profile.timeZone) != nil, (0 ... 23).contains(profile.dayStartHour),
                      (0 ... 1440).contains(profile.dailyMinutes), profile.desiredRetention > 0, profile.desiredRetention < 1 else {
                    return .error(400, code: "INVALID_REQUEST", message: "a setting of the profile is out of range")
                }
                profile.userID = user.id
                profile.updatedAt = now
                learner.profile = profile
                return .json(profile)
            }
        }
        server.route("POST", "/api/users/me/onboarding") { [self] request in
            withLearner(request) { user, learner, now in
                guard let onboarding = request.decodeBody(OnboardingRequest.self) else {
                    return .error(400, code: "INVALID_REQUEST", message: "the body must be an OnboardingRequest")
                }
                guard !onboarding.learningDirection.isEmpty, (1 ... 1440).contains(onboarding.dailyMinutes),
                      TimeZone(identifier: onboarding.timeZone) != nil else {
                    return .error(400, code: "INVALID_REQUEST", message: "learningDirection, dailyMinutes (1–1440) or timeZone is not valid")
                }
                learner.profile.dailyMinutes = onboarding.dailyMinutes
                learner.profile.timeZone = onboarding.timeZone
                learner.profile.preferredLanguage = onboarding.preferredLanguage.rawValue
                learner.profile.updatedAt = now
                return .json(updateUser(user) { user in
                    user.onboardingCompleted = true
                    user.preferredLanguage = onboarding.preferredLanguage.rawValue
                })
            }
        }
    }
}

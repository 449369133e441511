import ZhiXiModel

/// The body of `POST users/me/onboarding`: `{"learningDirection", "dailyMinutes",
/// "preferredLanguage", "timeZone"}`, what the learner chose on the first-run pages.
package struct OnboardingRequest: Sendable, Codable, Hashable {
    /// What the learner wants to learn, such as "机器学习".
    package var learningDirection: String
    /// How long the learner wants to study each day, in minutes.
    package var dailyMinutes: Int
    /// The language of the app and of the AI's answers (default Simplified Chinese).
    package var preferredLanguage: AppLanguage
    /// The learner's time zone, an IANA identifier such as `"Asia/Shanghai"`.
    package var timeZone: String

    /// Creates the body.
    package init(learningDirection: String, dailyMinutes: Int, preferredLanguage: AppLanguage = .default, timeZone: String) {
        self.learningDirection = learningDirection
        self.dailyMinutes = dailyMinutes
        self.preferredLanguage = preferredLanguage
        self.timeZone = timeZone
    }
}

import ZhiXiModel

/// The body of `POST users/me/onboarding`: `{"learningDirection", "dailyMinutes",
/// "preferredLanguage", "timeZone"}`, what the learner chose on the first-run pages.
public struct OnboardingRequest: Sendable, Codable, Hashable {
    /// What the learner wants to learn, such as "机器学习".
    public var learningDirection: String
    /// How long the learner wants to study each day, in minutes.
    public var dailyMinutes: Int
    /// The language of the app and of the AI's answers (default Simplified Chinese).
    public var preferredLanguage: AppLanguage
    /// The learner's time zone, an IANA identifier such as `"Asia/Shanghai"`.
    public var timeZone: String

    /// Creates the body.
    public init(learningDirection: String, dailyMinutes: Int, preferredLanguage: AppLanguage = .default, timeZone: String) {
        self.learningDirection = learningDirection
        self.dailyMinutes = dailyMinutes
        self.preferredLanguage = preferredLanguage
        self.timeZone = timeZone
    }
}

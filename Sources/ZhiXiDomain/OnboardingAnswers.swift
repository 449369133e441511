import ZhiXiModel

/// What the learner chooses on the first-run pages (学习方向, 每日学习时间, 语言, 时区): the
/// body of `POST users/me/onboarding`.
public struct OnboardingAnswers: Sendable, Hashable {
    /// The shortest and the longest daily study time accepted, in minutes (the API's range).
    public static let dailyMinutesRange = 1 ... 1440

    /// What the learner wants to learn, such as "机器学习".
    public var learningDirection: String
    /// How long the learner wants to study each day, in minutes.
    public var dailyMinutes: Int
    /// The language of the app and of the AI's answers.
    public var preferredLanguage: AppLanguage
    /// The learner's time zone, an IANA identifier such as `"Asia/Shanghai"`.
    public var timeZone: String

    /// Creates answers.
    public init(learningDirection: String, dailyMinutes: Int, preferredLanguage: AppLanguage, timeZone: String) {
        self.learningDirection = learningDirection
        self.dailyMinutes = dailyMinutes
        self.preferredLanguage = preferredLanguage
        self.timeZone = timeZone
    }
}

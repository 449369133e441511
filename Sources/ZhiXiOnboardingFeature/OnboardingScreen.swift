import ZhiXiDomain
import ZhiXiModel

/// The first-run form's texts and choices.
public struct OnboardingScreen: Sendable, Hashable {
    /// The minutes offered for the daily study time.
    public static let dailyMinuteChoices = [10, 15, 20, 30, 45, 60, 90, 120]

    /// The page's title.
    public var title: String
    /// The learning direction's label.
    public var directionLabel: String
    /// The learning direction's placeholder.
    public var directionPlaceholder: String
    /// The daily study time's label.
    public var dailyMinutesLabel: String
    /// The daily study times offered, as shown: `30 分钟`, `30 min`.
    public var dailyMinuteChoices: [Choice<Int>]
    /// The language's label.
    public var languageLabel: String
    /// The languages offered, each named in itself (简体中文, English).
    public var languages: [Choice<AppLanguage>]
    /// The time zone's label.
    public var timeZoneLabel: String
    /// The submit button's label (`正在保存你的设置……` while sending).
    public var submitTitle: String
    /// What is wrong with the answers, `nil` when they can be sent.
    public var problem: String?

    /// The form in `wording`'s language.
    init(wording: LearnerWording, problem: String?, isSubmitting: Bool) {
        title = wording.onboardingTitle
        directionLabel = wording.learningDirectionLabel
        directionPlaceholder = wording.learningDirectionPlaceholder
        dailyMinutesLabel = wording.dailyMinutesLabel
        dailyMinuteChoices = Self.dailyMinuteChoices.map { Choice(value: $0, text: wording.minutes($0)) }
        languageLabel = wording.languageLabel
        languages = AppLanguage.allCases.map { Choice(value: $0, text: $0.nativeName) }
        timeZoneLabel = wording.timeZoneLabel
        submitTitle = isSubmitting ? wording.onboardingSubmitting : wording.onboardingSubmit
        self.problem = problem
    }
}

import ZhiXiMemory
import ZhiXiModel

/// Everything the review planner can be told, beyond its input. The defaults make a sensible
/// plan; the learner's profile supplies time zone, day-start hour, daily minutes, minutes per
/// weekday, breaks and desired retention unless overridden here.
public struct PlannerConfiguration: Sendable, Hashable {
    /// The memory model's parameters (FSRS-6 defaults, or a learner's fitted ones).
    public var parameters: FSRSParameters = .default
    /// Mastery score → rating.
    public var ratingScale = MasteryRatingScale()
    /// Which review type a due item gets.
    public var typePolicy = ReviewTypePolicy()
    /// How long tasks take.
    public var durations = TaskDurationEstimate()
    /// Days planned in detail and balanced against the daily budget: today, tomorrow and the
    /// days after, `horizonDays` in all (default 7). Later tasks are listed in `later`.
    public var horizonDays = 7
    /// What "this week" means.
    public var weekGrouping = WeekGrouping.rolling
    /// Spread due dates within Anki's fuzz range, deterministically (default on).
    public var fuzz = true
    /// Within the fuzz range, prefer days with fewer tasks (Anki 24.11's load balancer).
    public var loadBalancing = true
    /// The longest interval in days.
    public var maximumIntervalDays = 36_500
    /// The language of the texts (the tasks' `reason`s), when the caller chooses one (a
    /// command's `--lang`, an app's setting); `nil` (the default): the learner's — the
    /// profile's `preferredLanguage` (``PlannerInput/init(workspace:)`` puts the user's there
    /// when it names a language with files) — else Simplified Chinese, the base
    /// (`AppLanguage.default`). ``PlannerResult/language`` says which was used.
    public var language: AppLanguage?
    /// The rating given to a review task marked completed when no scored session records how it
    /// went (default Good).
    public var completedTaskRating = Rating.good
    /// The rating of a session without a mastery score (and without an analysis that has one).
    public var unscoredSessionRating = Rating.hard
    /// Overrides the profile's time zone (IANA identifier).
    public var timeZoneIdentifier: String?
    /// Overrides the profile's day-start hour (0–23).
    public var dayStartHour: Int?
    /// Overrides the profile's desired retention (0–1).
    public var desiredRetention: Double?
    /// Overrides the profile's daily study budget in minutes.
    public var dailyMinutes: Int?
    /// Overrides the profile's minutes per weekday (a day left out takes the daily budget;
    /// 0 is a day without study).
    public var weekdayMinutes: WeekdayMinutes?
    /// Overrides the profile's breaks: days away, on which nothing is planned.
    public var breaks: [StudyBreak]?
    /// Postpone this many of the reviews due today, those whose postponement costs least
    /// (`MoveRanking`; default 0).
    public var postponeCount = 0
    /// Bring this many reviews not yet due forward to today, those most at risk, as far as
    /// today's budget has room (`MoveRanking`; default 0).
    public var advanceCount = 0

    /// The defaults.
    /// - Complexity: O(1).
    public init() {}
}

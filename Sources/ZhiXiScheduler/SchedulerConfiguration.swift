import ZhiXiMemory

/// Everything that decides how a ``CardScheduler`` schedules: the memory model's parameters,
/// the retention to aim for, the (re)learning steps, the longest interval, fuzz, and how days
/// are counted. The defaults are py-fsrs's, except that days are counted as study days in UTC
/// with days starting at 04:00; set ``elapsedDays`` to the learner's calendar.
///
/// ```swift
/// var configuration = SchedulerConfiguration()
/// configuration.desiredRetention = 0.85
/// configuration.elapsedDays = .studyDays(try StudyCalendar(timeZoneIdentifier: "Asia/Shanghai"))
/// let scheduler = try CardScheduler(configuration)
/// ```
public struct SchedulerConfiguration: Sendable, Hashable {
    /// The 21 FSRS-6 weights (default: FSRS-6 defaults).
    public var parameters: FSRSParameters
    /// The probability of recall (0–1, exclusive) at which review cards fall due (default 0.9).
    /// Higher means shorter intervals and more reviews.
    public var desiredRetention: Double
    /// Waiting times in seconds between the learning steps of a new card (default 1 min,
    /// 10 min). Empty: a new card graduates to review at its first review.
    public var learningSteps: [Double]
    /// Waiting times in seconds between the relearning steps of a forgotten card (default
    /// 10 min). Empty: a forgotten card stays in review and gets an interval in days.
    public var relearningSteps: [Double]
    /// The longest interval in days (default 36 500, 100 years).
    public var maximumIntervalDays: Int
    /// Whether and how review intervals are varied (default ``FuzzMode/loadBalanced``, which
    /// is uniform fuzz unless reviews are given a ``DueDayLoad``).
    public var fuzz: FuzzMode
    /// How days between reviews are counted (default study days in UTC starting at 04:00).
    public var elapsedDays: ElapsedDaysPolicy

    /// A configuration; every argument has the default described on its property.
    public init(
        parameters: FSRSParameters = .default,
        desiredRetention: Double = 0.9,
        learningSteps: [Double] = [60, 600],
        relearningSteps: [Double] = [600],
        maximumIntervalDays: Int = 36_500,
        fuzz: FuzzMode = .loadBalanced,
        elapsedDays: ElapsedDaysPolicy = .studyDays(.utc)
    ) {
        self.parameters = parameters
        self.desiredRetention = desiredRetention
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.maximumIntervalDays = maximumIntervalDays
        self.fuzz = fuzz
        self.elapsedDays = elapsedDays
    }

    /// py-fsrs's `Scheduler(enable_fuzzing=False)`: defaults, no fuzz, 24-hour periods. The
    /// scheduler then gives exactly py-fsrs's states and due dates.
    public static let pyFSRSWithoutFuzz = SchedulerConfiguration(fuzz: .off, elapsedDays: .twentyFourHourPeriods)

    /// Checks every value; ``CardScheduler/init(_:)`` calls it.
    /// - Throws: ``SchedulerConfigurationError`` naming the first value out of range.
    public func validate() throws(SchedulerConfigurationError) {
        guard desiredRetention > 0, desiredRetention < 1 else {
            throw .desiredRetentionOutOfRange(desiredRetention)
        }
        if let index = learningSteps.firstIndex(where: { !($0 > 0 && $0.isFinite) }) {
            throw .stepNotPositive(kind: .learning, index: index, seconds: learningSteps[index])
        }
        if let index = relearningSteps.firstIndex(where: { !($0 > 0 && $0.isFinite) }) {
            throw .stepNotPositive(kind: .relearning, index: index, seconds: relearningSteps[index])
        }
        guard maximumIntervalDays >= 1 else { throw .maximumIntervalOutOfRange(maximumIntervalDays) }
    }
}

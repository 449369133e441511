import ZhiXiCore
import ZhiXiMemory

/// Everything that decides how a ``CardScheduler`` schedules: the memory model's parameters,
/// the retention to aim for, the (re)learning steps, the longest interval, fuzz, and how days
/// are counted.
///
/// Two presets name the two ways of counting days:
///
/// | | ``pyFSRS`` = `SchedulerConfiguration()` | ``anki`` / ``anki(calendar:)`` |
/// | --- | --- | --- |
/// | days between reviews | whole 24-hour periods | study days from the day-start hour (04:00) |
/// | due after n days | review time + n × 24 h | start of the study day n days later |
/// | fuzz | uniform in Anki's ranges | load-balanced (given a ``DueDayLoad``) |
/// | steps | 1 min, 10 min; relearning 10 min | the same |
/// | rules | py-fsrs's | Anki 26.09's (``SchedulerRules/anki``): Anki's fuzz, balancer and constraints, bit for bit |
///
/// `SchedulerConfiguration()` is ``pyFSRS``, py-fsrs's `Scheduler()` defaults, so that code and
/// numbers carried over from py-fsrs, ts-fsrs or swift-fsrs mean the same here (with fuzz off,
/// ``pyFSRSWithoutFuzz``, results equal py-fsrs's to the second). An app that tells a learner
/// "due tomorrow" wants ``anki(calendar:)`` with the learner's time zone: a card reviewed at
/// 23:30 is then due when the next study day starts, not 24 hours later.
///
/// ```swift
/// var configuration = SchedulerConfiguration.anki(calendar: try StudyCalendar(timeZoneIdentifier: "Asia/Shanghai"))
/// configuration.desiredRetention = 0.85
/// let scheduler = try CardScheduler(configuration)
/// ```
///
/// **Storing a configuration.** `Codable` with a stable JSON shape; every member may be
/// omitted (it keeps the value of `SchedulerConfiguration()`), and decoding validates:
///
/// ```json
/// {"parameters": [0.212, 1.2931, …21 numbers…], "desiredRetention": 0.9,
///  "learningSteps": [60, 600], "relearningSteps": [600], "maximumIntervalDays": 36500,
///  "fuzz": "loadBalanced",
///  "elapsedDays": {"kind": "studyDays", "timeZone": "Asia/Shanghai", "dayStartHour": 4},
///  "rules": "anki"}
/// ```
///
/// `rules` is written only when it is `"anki"`, so configurations under py-fsrs's rules keep
/// the shape they always had.
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
    /// The longest interval in days (default 36 500, 100 years; at most 109 938, the span of the
    /// years 1900–2200). No (re)learning step may be longer.
    public var maximumIntervalDays: Int
    /// Whether and how review intervals are varied (default ``FuzzMode/uniform``, py-fsrs's
    /// `enable_fuzzing=True` with Anki's ranges).
    public var fuzz: FuzzMode
    /// How days between reviews are counted (default whole 24-hour periods, as py-fsrs).
    public var elapsedDays: ElapsedDaysPolicy
    /// Whose rules turn the memory into states and due dates (default py-fsrs's; ``anki`` uses
    /// Anki's).
    public var rules: SchedulerRules
    /// Whether ``validate()`` holds `w[17]` and `w[18]` to the lower ceiling py-fsrs sets for
    /// several relearning steps (default `true`). `false` for parameters an Anki preset holds:
    /// Anki schedules them with fsrs-rs's one-step bounds (`FSRS::new`) whatever its steps.
    /// Not encoded.
    public var checksShortTermCeiling = true

    /// The learner's study calendar when days are study days (``anki(calendar:)``), `nil` for
    /// whole 24-hour periods: `configuration.calendar ?? .utc` is the calendar to count a
    /// review log's days on (e.g. for training).
    @inlinable
    public var calendar: StudyCalendar? { elapsedDays.calendar }

    /// A configuration; every argument has the default described on its property, which
    /// together are ``pyFSRS``.
    /// - Complexity: O(steps) for the arrays given.
    public init(
        parameters: FSRSParameters = .default,
        desiredRetention: Double = 0.9,
        learningSteps: [Double] = [60, 600],
        relearningSteps: [Double] = [600],
        maximumIntervalDays: Int = 36_500,
        fuzz: FuzzMode = .uniform,
        elapsedDays: ElapsedDaysPolicy = .twentyFourHourPeriods,
        rules: SchedulerRules = .pyFSRS
    ) {
        self.parameters = parameters
        self.desiredRetention = desiredRetention
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.maximumIntervalDays = maximumIntervalDays
        self.fuzz = fuzz
        self.elapsedDays = elapsedDays
        self.rules = rules
    }

    /// py-fsrs's `Scheduler()`: FSRS-6 defaults, retention 0.9, steps 1 min and 10 min,
    /// relearning 10 min, fuzz on, days as whole 24-hour periods. Equal to
    /// `SchedulerConfiguration()`.
    public static let pyFSRS = SchedulerConfiguration()

    /// py-fsrs's `Scheduler(enable_fuzzing=False)`: ``pyFSRS`` without fuzz. The scheduler then
    /// gives exactly py-fsrs's states and due dates (the conformance tests hold it to that).
    public static let pyFSRSWithoutFuzz = SchedulerConfiguration(fuzz: .off)

    /// Anki's scheduler: Anki 26.09's rules (``SchedulerRules/anki``), study days in UTC
    /// starting at 04:00, load-balanced fuzz, Anki's default steps (1 min, 10 min; relearning
    /// 10 min). Use ``anki(calendar:)`` with the learner's time zone.
    public static let anki = anki(calendar: .utc)

    /// Anki's scheduler on a learner's calendar: Anki 26.09's rules, study days of `calendar`,
    /// load-balanced fuzz (balanced when a review is given a ``DueDayLoad``), Anki's default
    /// steps.
    /// - Complexity: O(1).
    public static func anki(calendar: StudyCalendar) -> SchedulerConfiguration {
        SchedulerConfiguration(fuzz: .loadBalanced, elapsedDays: .studyDays(calendar), rules: .anki)
    }

    /// Checks every value; ``CardScheduler/init(_:)`` calls it.
    /// - Throws: ``SchedulerConfigurationError`` naming the first value out of range; the
    ///   parameters are checked against the bounds for this many relearning steps (under
    ///   ``SchedulerRules/anki`` for one, as Anki schedules with fsrs-rs's `FSRS::new`).
    /// - Complexity: O(learning and relearning steps + 21).
    public func validate() throws(SchedulerConfigurationError) {
        guard desiredRetention > 0, desiredRetention < 1 else {
            throw .desiredRetentionOutOfRange(desiredRetention)
        }
        guard maximumIntervalDays >= 1, maximumIntervalDays <= SupportedYears.spanDays else {
            throw .maximumIntervalOutOfRange(maximumIntervalDays)
        }
        // A step is at most the maximum interval: no due date it gives can pass the supported
        // years' span, so the day arithmetic never meets a value it cannot hold.
        let longest = Double(maximumIntervalDays) * ElapsedDaysPolicy.secondsPerDay
        for (kind, steps) in [(SchedulerConfigurationError.StepKind.learning, learningSteps), (.relearning, relearningSteps)] {
            if let index = steps.firstIndex(where: { !($0 > 0 && $0.isFinite) }) {
                throw .stepNotPositive(kind: kind, index: index, seconds: steps[index])
            }
            if let index = steps.firstIndex(where: { $0 > longest }) {
                throw .stepLongerThanMaximumInterval(kind: kind, index: index, seconds: steps[index], maximumIntervalDays: maximumIntervalDays)
            }
        }
        if relearningSteps.count > 1, rules == .pyFSRS, checksShortTermCeiling {  // Anki schedules with fsrs-rs's one-step bounds
            do {
                _ = try FSRSParameters(parameters.weights, relearningStepCount: relearningSteps.count)
            } catch {
                throw .parameters(error)
            }
        }
    }
}

extension SchedulerConfiguration: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case parameters, desiredRetention, learningSteps, relearningSteps, maximumIntervalDays, fuzz, elapsedDays, rules
    }

    /// Decodes the shape described on the type; absent members keep the defaults.
    /// - Throws: `DecodingError` for a value of the wrong type, and `DecodingError.dataCorrupted`
    ///   with the ``SchedulerConfigurationError``'s sentence for a configuration that
    ///   ``validate()`` refuses.
    /// - Complexity: O(steps + 21), plus the calendar's table the first time its zone is read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = SchedulerConfiguration()
        self.init(
            parameters: try container.decodeIfPresent(FSRSParameters.self, forKey: .parameters) ?? defaults.parameters,
            desiredRetention: try container.decodeIfPresent(Double.self, forKey: .desiredRetention) ?? defaults.desiredRetention,
            learningSteps: try container.decodeIfPresent([Double].self, forKey: .learningSteps) ?? defaults.learningSteps,
            relearningSteps: try container.decodeIfPresent([Double].self, forKey: .relearningSteps) ?? defaults.relearningSteps,
            maximumIntervalDays: try container.decodeIfPresent(Int.self, forKey: .maximumIntervalDays)
                ?? defaults.maximumIntervalDays,
            fuzz: try container.decodeIfPresent(FuzzMode.self, forKey: .fuzz) ?? defaults.fuzz,
            elapsedDays: try container.decodeIfPresent(ElapsedDaysPolicy.self, forKey: .elapsedDays) ?? defaults.elapsedDays,
            rules: try container.decodeIfPresent(SchedulerRules.self, forKey: .rules) ?? defaults.rules)
        do {
            try validate()
        } catch {
            let key: CodingKeys
            switch error {
            case .desiredRetentionOutOfRange: key = .desiredRetention
            case .stepNotPositive(let kind, _, _): key = kind == .learning ? .learningSteps : .relearningSteps
            case .maximumIntervalOutOfRange: key = .maximumIntervalDays
            case .stepLongerThanMaximumInterval(let kind, _, _, _): key = kind == .learning ? .learningSteps : .relearningSteps
            case .parameters: key = .parameters
            case .dayStartHourOutOfRange, .unknownTimeZone: key = .elapsedDays
            }
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.description)
        }
    }

    /// Encodes every member (``rules`` only when not py-fsrs's).
    /// - Complexity: O(steps + 21).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(parameters, forKey: .parameters)
        try container.encode(desiredRetention, forKey: .desiredRetention)
        try container.encode(learningSteps, forKey: .learningSteps)
        try container.encode(relearningSteps, forKey: .relearningSteps)
        try container.encode(maximumIntervalDays, forKey: .maximumIntervalDays)
        try container.encode(fuzz, forKey: .fuzz)
        try container.encode(elapsedDays, forKey: .elapsedDays)
        if rules != .pyFSRS { try container.encode(rules, forKey: .rules) }
    }
}

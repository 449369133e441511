import ZhiXiPlanner

/// Everything that shapes a ZhiXi-mode simulation besides the desired retention and the
/// starting state: the span, the pace of new lessons, the daily budget, the planner's own
/// policies (rating scale, review types, task durations, fuzz, maximum interval, memory
/// parameters, all from ``planner``), how the AI scores sessions and how weak points arise.
public struct ZhiXiSimulationConfiguration: Sendable, Hashable {
    /// Days simulated (default 365).
    public var spanDays: Int
    /// New lessons started a day, on average (0 or more; fractions accumulate: 0.5 is one
    /// lesson every other day). Default 1. Lessons that do not fit the day wait.
    public var newLessonsPerDay: Double
    /// The daily study budget in minutes (default 30, the profile's default); 0 means no limit,
    /// as in the planner.
    public var dailyMinutes: Int
    /// The planner's configuration: its `PlannerConfiguration.ratingScale`,
    /// `PlannerConfiguration.typePolicy`, `PlannerConfiguration.durations`,
    /// `PlannerConfiguration.fuzz`, `PlannerConfiguration.maximumIntervalDays` and
    /// `PlannerConfiguration.parameters` are used as the planner uses them.
    public var planner: PlannerConfiguration
    /// How sessions are scored.
    public var scores: MasteryScoreDistribution
    /// How weak points appear.
    public var weakPoints: WeakPointBehaviour

    /// The defaults described on each property; any argument overrides one.
    public init(spanDays: Int = 365, newLessonsPerDay: Double = 1, dailyMinutes: Int = 30,
                planner: PlannerConfiguration = PlannerConfiguration(), scores: MasteryScoreDistribution = MasteryScoreDistribution(),
                weakPoints: WeakPointBehaviour = WeakPointBehaviour()) {
        self.spanDays = spanDays
        self.newLessonsPerDay = newLessonsPerDay
        self.dailyMinutes = dailyMinutes
        self.planner = planner
        self.scores = scores
        self.weakPoints = weakPoints
    }

    /// Checks every value.
    /// - Throws: ``SimulationConfigurationError`` naming the first bad one.
    public func validate() throws(SimulationConfigurationError) {
        guard spanDays >= 1, spanDays <= SimulatorConfiguration.maximumSpanDays else {
            throw .outOfRange(field: "spanDays", value: "\(spanDays)", allowed: "from 1 to \(SimulatorConfiguration.maximumSpanDays) days")
        }
        guard newLessonsPerDay >= 0, newLessonsPerDay.isFinite else {
            throw .outOfRange(field: "newLessonsPerDay", value: "\(newLessonsPerDay)", allowed: "a finite number of lessons a day, 0 or more")
        }
        guard dailyMinutes >= 0 else { throw .outOfRange(field: "dailyMinutes", value: "\(dailyMinutes)", allowed: "0 or more minutes") }
        guard planner.maximumIntervalDays >= 1 else {
            throw .outOfRange(field: "planner.maximumIntervalDays", value: "\(planner.maximumIntervalDays)", allowed: "at least 1 day")
        }
        try scores.validate()
        try weakPoints.validate()
    }
}

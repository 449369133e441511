import ZhiXiCore
import ZhiXiModel
import ZhiXiPlanner

/// Everything that shapes a ZhiXi-mode simulation besides the desired retention and the
/// starting state: the span, the pace of new lessons, the daily budget, the planner's own
/// policies (rating scale, review types, task durations, fuzz, maximum interval, memory
/// parameters, all from ``planner``), how the AI scores sessions and how weak points arise.
package struct ZhiXiSimulationConfiguration: Sendable, Hashable {
    /// Days simulated (default 365).
    package var spanDays: Int
    /// New lessons started a day, on average (0 or more; fractions accumulate: 0.5 is one
    /// lesson every other day). Default 1. Lessons that do not fit the day wait.
    package var newLessonsPerDay: Double
    /// The daily study budget in minutes (default 30, the profile's default); 0 means no limit,
    /// as in the planner.
    package var dailyMinutes: Int
    /// Minutes on some days of the week, as the planner's `StudySchedule` reads them (0: no
    /// study that day; a day left out has ``dailyMinutes``); needs ``startDate``. Default none.
    package var weekdayMinutes: WeekdayMinutes?
    /// Days away, on which nothing is studied; needs ``startDate``. Default none.
    package var breaks: [StudyBreak]
    /// The study date of day 0, which places the weekdays and the breaks (default none: with
    /// neither, every day has ``dailyMinutes``).
    package var startDate: CivilDate?
    /// The planner's configuration: its `PlannerConfiguration.ratingScale`,
    /// `PlannerConfiguration.typePolicy`, `PlannerConfiguration.durations`,
    /// `PlannerConfiguration.fuzz`, `PlannerConfiguration.maximumIntervalDays` and
    /// `PlannerConfiguration.parameters` are used as the planner uses them.
    package var planner: PlannerConfiguration
    /// How sessions are scored.
    package var scores: MasteryScoreDistribution
    /// How weak points appear.
    package var weakPoints: WeakPointBehaviour

    /// The defaults described on each property; any argument overrides one.
    /// - Complexity: O(1) beyond the arrays given.
    package init(spanDays: Int = 365, newLessonsPerDay: Double = 1, dailyMinutes: Int = 30,
                planner: PlannerConfiguration = PlannerConfiguration(), scores: MasteryScoreDistribution = MasteryScoreDistribution(),
                weakPoints: WeakPointBehaviour = WeakPointBehaviour()) {
        self.spanDays = spanDays
        self.newLessonsPerDay = newLessonsPerDay
        self.dailyMinutes = dailyMinutes
        self.planner = planner
        self.scores = scores
        self.weakPoints = weakPoints
        weekdayMinutes = nil
        breaks = []
        startDate = nil
    }

    /// Each day's budget on the planner's terms (study day numbers, day 0 is ``startDate``),
    /// or `nil` when every day has ``dailyMinutes``.
    /// - Throws: ``SimulationConfigurationError`` for minutes per weekday outside 0–1440, no
    ///   day with study time, a break ending before it starts, or either without ``startDate``.
    /// - Complexity: O(breaks · log(breaks)), as `StudySchedule`'s initialiser (ZhiXiPlanner).
    package func studySchedule() throws(SimulationConfigurationError) -> StudySchedule? {
        guard weekdayMinutes != nil || !breaks.isEmpty else { return nil }
        guard startDate != nil else {
            throw .outOfRange(field: "startDate", value: "none", allowed: "the date of day 0, needed with weekdayMinutes or breaks")
        }
        let schedule: StudySchedule
        do {
            schedule = try StudySchedule(dailyMinutes: dailyMinutes, weekdayMinutes: weekdayMinutes, breaks: breaks)
        } catch {
            switch error {
            case .weekdayMinutesOutOfRange(let weekday, let minutes):
                throw .outOfRange(field: "weekdayMinutes.\(weekday)", value: "\(minutes)", allowed: "0 to 1440 minutes")
            case .breakEndsBeforeStart(let index, let from, let to):
                throw .outOfRange(field: "breaks[\(index)]", value: "\(from) to \(to)", allowed: "a last day not before the first")
            default:
                throw .outOfRange(field: "weekdayMinutes", value: "0 every day", allowed: "at least one day with study time")
            }
        }
        return schedule.isUniform ? nil : schedule
    }

    /// Each day's minutes, day 0 first, for ``spanDays`` days, when the days differ (minutes
    /// per weekday, breaks): 0 on a day away or without study, infinite on a day without limit;
    /// `nil` when every day has ``dailyMinutes``. What ``BudgetCompliance`` judges each day
    /// against.
    /// - Complexity: O(span · breaks).
    package func dayAllowances() -> [Double]? {
        guard let schedule = try? studySchedule(), let startDate else { return nil }
        let first = startDate.daysSince1970
        return (0 ..< spanDays).map { day in schedule.minutes(onDay: first + day).map(Double.init) ?? .infinity }
    }

    /// Checks every value.
    /// - Throws: ``SimulationConfigurationError`` naming the first bad one.
    /// - Complexity: O(size of the configuration's tables).
    package func validate() throws(SimulationConfigurationError) {
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
        _ = try studySchedule()
        try scores.validate()
        try weakPoints.validate()
    }
}

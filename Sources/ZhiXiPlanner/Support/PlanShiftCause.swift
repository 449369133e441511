import ZhiXiModel

/// A setting that can move reviews away from the days a plain daily budget gives them: the
/// learner's breaks, their minutes per weekday, or a request to postpone or advance reviews.
///
/// What a setting moved is found by placing the reviews again without it
/// (``PlanPlacement/recordShifts(_:items:records:replay:lessonHashes:profile:)``): a review
/// whose day differs was moved by it, directly (it fell in the break, on a day without study,
/// or was the one postponed) or because the reviews that were moved changed how the days
/// around them are filled. Each such review's reason says so, with the day it would have had.
enum PlanShiftCause: Int, CaseIterable, Sendable {
    /// The breaks (days away) from today on.
    case breaks
    /// Minutes per weekday that differ from the daily minutes.
    case weekdayMinutes
    /// `postponeCount` or `advanceCount`.
    case requests

    /// Whether the setting is in force in a plan from study day `today`: a break that has not
    /// ended, a weekday whose minutes differ, a request for at least one move.
    func isActive(settings: PlannerSettings, configuration: PlannerConfiguration, today: Int) -> Bool {
        let schedule = settings.schedule
        switch self {
        case .breaks:
            return schedule.awayDays.contains { $0.upperBound >= today }
        case .weekdayMinutes:
            let plain: Int? = schedule.dailyMinutes == 0 ? nil : schedule.dailyMinutes
            return (today ..< today + 7).contains { schedule.weekdayBudget(onDay: $0) != plain }
        case .requests:
            return configuration.postponeCount > 0 || configuration.advanceCount > 0
        }
    }

    /// `configuration` without this setting (the profile's breaks or weekday minutes
    /// overridden by none).
    func removed(from configuration: PlannerConfiguration) -> PlannerConfiguration {
        var configuration = configuration
        switch self {
        case .breaks: configuration.breaks = []
        case .weekdayMinutes: configuration.weekdayMinutes = WeekdayMinutes()
        case .requests:
            configuration.postponeCount = 0
            configuration.advanceCount = 0
        }
        return configuration
    }
}

/// A placed task's day in the placements made without each ``PlanShiftCause``: a plain value
/// (no reference counting in placed tasks). `Int.min` where that placement was not made.
struct PlanShiftDays: Sendable {
    private var days = (Int.min, Int.min, Int.min)

    /// The day without `cause`, or `Int.min`.
    subscript(cause: PlanShiftCause) -> Int {
        get {
            switch cause {
            case .breaks: days.0
            case .weekdayMinutes: days.1
            case .requests: days.2
            }
        }
        set {
            switch cause {
            case .breaks: days.0 = newValue
            case .weekdayMinutes: days.1 = newValue
            case .requests: days.2 = newValue
            }
        }
    }
}

import Foundation
import ZhiXiModel
import ZhiXiPlanner

/// The options of `plan` that apply to every learner, read once from the command line: the
/// planner's configuration, the moment to plan at, the language and what "this week" means.
/// `plan WORKSPACE.json` and `plan --batch` plan through the same settings, so a learner gets
/// the same plan either way, byte for byte.
struct PlanSettings: Sendable {
    /// The configuration before a learner's profile fills what the options leave open.
    var configuration: PlannerConfiguration
    /// When to plan as of (a date: the start of that study day on each learner's calendar).
    var moment: MomentArgument
    /// The language chosen by `--lang` or the environment; `nil` leaves it to each profile.
    var language: AppLanguage?
    /// `--week`.
    var week: PlanCommand.WeekChoice

    /// Reads the options of `plan` (except the input and the output format).
    /// - Throws: a usage error for an invalid value; 65 or 66 for a bad or missing `--params`.
    init(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        moment = try arguments.value(of: PlanCommand.options.now)
        var configuration = PlannerConfiguration()
        configuration.parameters = try ParameterSource.load(arguments, context: context)
        configuration.timeZoneIdentifier = try arguments.value(of: PlanCommand.options.timeZone)
        configuration.dayStartHour = try arguments.value(of: PlanCommand.options.dayStart)
        configuration.desiredRetention = try arguments.value(of: PlanCommand.options.retention)
        configuration.dailyMinutes = try arguments.value(of: PlanCommand.options.dailyMinutes)
        configuration.weekdayMinutes = try arguments.value(of: PlanCommand.options.weekdayMinutes)
        let breaks = try arguments.values(of: PlanCommand.options.away)
        if !breaks.isEmpty { configuration.breaks = breaks }
        configuration.postponeCount = try arguments.value(of: PlanCommand.options.postpone)
        configuration.advanceCount = try arguments.value(of: PlanCommand.options.advance)
        configuration.horizonDays = try arguments.value(of: PlanCommand.options.days)
        if arguments.flag(PlanCommand.options.noFuzz) {
            configuration.fuzz = false
            configuration.loadBalancing = false
        }
        self.configuration = configuration
        language = try arguments.value(of: PlanCommand.options.language) ?? LanguageChoice.environment(context)
        week = try arguments.value(of: PlanCommand.options.week)
    }

    /// The moment to plan one learner at: `--now`'s instant, or the start of its study day in
    /// the learner's time zone and day-start hour (the options', else the profile's). A zone
    /// the planner cannot read leaves the day's start in UTC; the planner then refuses the zone.
    func now(for workspace: LearnerWorkspace) -> Date {
        moment.date(for: workspace, timeZone: configuration.timeZoneIdentifier, dayStart: configuration.dayStartHour)
    }

    /// The configuration for one learner: the options, with the language (the user's, then the
    /// profile's, then Simplified Chinese: ``LanguageChoice``) and the first day of a calendar
    /// week taken from the learner's profile where the options leave them open.
    func configuration(for workspace: LearnerWorkspace) -> PlannerConfiguration {
        var configuration = configuration
        configuration.language = language ?? AppLanguage(user: workspace.user, profile: workspace.profile)
        switch week {
        case .rolling: configuration.weekGrouping = .rolling
        case .calendar: configuration.weekGrouping = .calendarWeek(firstWeekday: workspace.profile.firstWeekday ?? 2)
        }
        return configuration
    }
}

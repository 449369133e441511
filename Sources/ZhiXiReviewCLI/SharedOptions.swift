import Foundation
import ZhiXiCore
import ZhiXiMemory
import ZhiXiModel
import ZhiXiScheduler

/// Options that several commands declare alike. Each command lists the ones it takes in its
/// ``CommandSpecification``; the declaration (and so the help and the errors) is this one.
enum SharedOptions {
    /// `--timezone TZ`: an IANA time zone.
    static func timeZone(defaultValues: [String: String] = [:]) -> CommandOption<String> {
        CommandOption(name: "timezone", placeholder: "TZ",
                      defaultDescription: nil, defaultValues: defaultValues, isFlag: false, isRepeatable: false, example: "Asia/Shanghai",
                      expectation: OptionExpectation("timeZone"),
                      parse: { TimeZone(identifier: $0) == nil ? nil : $0 })
    }

    /// `--day-start H`: the local hour at which a study day starts.
    static func dayStart(defaultValues: [String: String] = [:]) -> CommandOption<Int> {
        .integer("day-start", placeholder: "H", range: 0...23, defaultValues: defaultValues)
    }

    /// `--now ISO-8601|DATE`: the moment to plan or measure at; a date is the start of that
    /// study day in the learner's time zone.
    static let now = CommandOption<MomentArgument>.moment(defaultingToNow: "now")

    /// `--retention R`: a desired retention strictly between 0 and 1.
    static func retention(defaultValues: [String: String] = [:]) -> CommandOption<Double> {
        .number("retention", placeholder: "R", range: 0...1, openBounds: true, defaultValues: defaultValues, example: "0.85")
    }

    /// `--params FILE|JSON`: FSRS-6 parameters, read by ``ParameterSource``.
    static let parameters = CommandOption<String>.text(
        "params", placeholder: "FILE|JSON", example: "[]", file: .read)

    /// `--wait SECONDS`: how long to wait for another `zhixi-review` holding the lock of the
    /// same file or queue before giving up with 75 (60 seconds when not given).
    static let wait = CommandOption<Double>.number(
        "wait", placeholder: "SECONDS", range: 0...86_400, default: 60, example: "5")

    /// `--format`: one of `formats`, the first when not given.
    static func format(_ formats: [OutputFormat]) -> DefaultedOption<OutputFormat> {
        guard let first = formats.first else { preconditionFailure("--format needs at least one format") }
        let names = formats.map(\.rawValue)
        let table = Dictionary(uniqueKeysWithValues: formats.map { ($0.rawValue, $0) })
        return CommandOption(name: "format", placeholder: names.joined(separator: "|"),
                             defaultDescription: nil, isFlag: false, isRepeatable: false, example: names.last ?? "text",
                             expectation: OptionExpectation("choice", ["choices": names.joined(separator: ", ")]), parse: { table[$0.lowercased()] })
            .defaulting(to: first, shown: first.rawValue)
    }

    /// `--weekday-minutes mon=45,…,sun=0`: minutes for some days of the week.
    static func weekdayMinutes() -> CommandOption<WeekdayMinutes> {
        CommandOption(name: "weekday-minutes", placeholder: "DAY=M,...",
                      defaultDescription: nil, isFlag: false, isRepeatable: false, example: "sat=15,sun=0",
                      expectation: OptionExpectation("weekdayMinutes"),
                      parse: parseWeekdayMinutes)
    }

    /// `--away FROM:TO` (repeatable): days away, as study dates.
    static func away() -> CommandOption<StudyBreak> {
        CommandOption(name: "away", placeholder: "FROM:TO",
                      defaultDescription: nil, isFlag: false, isRepeatable: true, example: "2026-12-24:2026-12-27",
                      expectation: OptionExpectation("away", ["years": SupportedYears.description]),
                      parse: parseAway)
    }

    /// `mon=45,sun=0` as minutes per weekday, or `nil` when it is not such a list.
    @Sendable static func parseWeekdayMinutes(_ text: String) -> WeekdayMinutes? {
        var minutes = WeekdayMinutes()
        let pairs = text.split(separator: ",", omittingEmptySubsequences: false)
        guard !pairs.isEmpty else { return nil }
        for pair in pairs {
            let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2,
                  let weekday = WeekdayMinutes.keys.firstIndex(of: parts[0].trimmingCharacters(in: .whitespaces).lowercased()),
                  let value = Int(parts[1].trimmingCharacters(in: .whitespaces)), (0 ... 1440).contains(value),
                  minutes[weekday: weekday + 1] == nil else { return nil }
            minutes[weekday: weekday + 1] = value
        }
        return minutes
    }

    /// `2026-12-24:2026-12-27` (or `2026-12-24`) as a break, or `nil` when it is not one.
    @Sendable static func parseAway(_ text: String) -> StudyBreak? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2,
              let from = CivilDate(iso8601Date: String(parts[0])),
              let to = CivilDate(iso8601Date: String(parts.count == 2 ? parts[1] : parts[0])) else { return nil }
        let away = StudyBreak(from: from, to: to)
        guard SupportedYears.contains(from), SupportedYears.contains(to) else { return nil }
        return (1 ... 366).contains(away.dayCount) ? away : nil
    }

    /// The study calendar of `--timezone` and `--day-start`, each the profile's default
    /// (`UserLearningProfile.defaultTimeZone`, `UserLearningProfile.defaultDayStartHour`) when
    /// not given.
    /// - Throws: a usage error when the two cannot make a calendar.
    static func calendar(_ arguments: ParsedArguments, timeZone: CommandOption<String>,
                         dayStart: CommandOption<Int>) throws(CommandError) -> StudyCalendar {
        let zone = try arguments.value(of: timeZone) ?? UserLearningProfile.defaultTimeZone
        let hour = try arguments.value(of: dayStart) ?? UserLearningProfile.defaultDayStartHour
        do {
            return try StudyCalendar(timeZoneIdentifier: zone, dayStartHour: hour)
        } catch {
            throw arguments.usageError(error.description)
        }
    }
}

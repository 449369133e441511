import Foundation
import ZhiXiMemory
import ZhiXiScheduler

/// Options that several commands declare alike. Each command lists the ones it takes in its
/// ``CommandSpecification``; the declaration (and so the help and the errors) is this one.
enum SharedOptions {
    /// `--timezone TZ`: an IANA time zone.
    static func timeZone(default defaultDescription: String) -> CommandOption<String> {
        CommandOption(name: "timezone", placeholder: "TZ", help: "IANA time zone that study days are counted in",
                      defaultDescription: defaultDescription, isFlag: false, isRepeatable: false, example: "Asia/Shanghai",
                      expectation: "an IANA time zone such as UTC, Asia/Shanghai or America/New_York",
                      parse: { TimeZone(identifier: $0) == nil ? nil : $0 })
    }

    /// `--day-start H`: the local hour at which a study day starts.
    static func dayStart(default defaultDescription: String) -> CommandOption<Int> {
        .integer("day-start", placeholder: "H", range: 0...23, default: nil, defaultDescription: defaultDescription,
                 help: "local hour at which a new study day starts")
    }

    /// `--now ISO-8601`: the moment to plan or measure at.
    static let now = CommandOption<Date>.timestamp("now", default: "the current time", help: "act as of this moment")

    /// `--retention R`: a desired retention strictly between 0 and 1.
    static func retention(default defaultDescription: String) -> CommandOption<Double> {
        .number("retention", placeholder: "R", range: 0...1, openBounds: true, default: nil,
                defaultDescription: defaultDescription, example: "0.85", help: "desired retention, the probability of recall to aim for")
    }

    /// `--params FILE|JSON`: FSRS-6 parameters, read by ``ParameterSource``.
    static let parameters = CommandOption<String>.text(
        "params", placeholder: "FILE|JSON", default: "the FSRS-6 defaults", example: "[]",
        help: "21 FSRS-6 parameters as a JSON array, inline or in a file (17/19-value vectors are filled)")

    /// The default of ``wait``: 60 seconds.
    static let defaultWaitSeconds = 60.0

    /// `--wait SECONDS`: how long to wait for another `zhixi-review` holding the lock of the
    /// same file or queue before giving up with 75.
    static let wait = CommandOption<Double>.number(
        "wait", placeholder: "SECONDS", range: 0...86_400, default: defaultWaitSeconds, example: "5",
        help: "how long to wait for another zhixi-review working on the same file or queue (said after a second), "
            + "then give up with exit status 75")

    /// `--format`: one of `formats`.
    static func format(_ formats: [OutputFormat]) -> CommandOption<OutputFormat> {
        let names = formats.map(\.rawValue)
        let table = Dictionary(uniqueKeysWithValues: formats.map { ($0.rawValue, $0) })
        return CommandOption(name: "format", placeholder: names.joined(separator: "|"), help: "output format",
                             defaultDescription: names.first, isFlag: false, isRepeatable: false, example: names.last ?? "text",
                             expectation: "one of " + names.joined(separator: ", "), parse: { table[$0.lowercased()] })
    }

    /// The study calendar of `--timezone` and `--day-start`, each defaulting as given.
    /// - Throws: a usage error when the two cannot make a calendar.
    static func calendar(_ arguments: ParsedArguments, timeZone: CommandOption<String>, dayStart: CommandOption<Int>,
                         defaultTimeZone: String, defaultDayStart: Int) throws(CommandError) -> StudyCalendar {
        let zone = try arguments.value(of: timeZone, default: defaultTimeZone)
        let hour = try arguments.value(of: dayStart, default: defaultDayStart)
        do {
            return try StudyCalendar(timeZoneIdentifier: zone, dayStartHour: hour)
        } catch {
            throw arguments.usageError(error.description)
        }
    }
}

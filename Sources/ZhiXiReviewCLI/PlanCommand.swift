import Foundation
import ZhiXiMemory
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiScheduler

/// `zhixi-review plan WORKSPACE.json`: today's, tomorrow's and this week's review tasks.
enum PlanCommand {
    static let usage = """
    usage: zhixi-review plan WORKSPACE.json [--now ISO-8601] [--timezone TZ] [--day-start H]
                                           [--retention R] [--days N] [--daily-minutes M]
                                           [--week rolling|calendar] [--no-fuzz] [--params FILE|JSON]
                                           [--format text|json|csv|ics] [--lang en|zh]

    Plans a learner's reviews from the sessions, AI analyses and review tasks in a workspace
    file: each lesson and each weak point an analysis named gets its next review, dated by
    the FSRS-6 memory model at the desired retention, typed (spaced repetition, Feynman,
    recall, weak point), grouped into today (with anything overdue), tomorrow, this week
    and later, and fitted to the learner's daily minutes.

    options:
      --now ISO-8601        plan as of this moment (default: the current time)
      --timezone TZ         IANA time zone (default: the profile's)
      --day-start H         local hour at which a study day starts, 0-23 (default: the profile's)
      --retention R         desired retention, 0 < R < 1 (default: the profile's)
      --days N              days planned in detail and balanced against the budget (default 7)
      --daily-minutes M     daily study budget in minutes (default: the profile's)
      --week MODE           "this week": rolling (the rest of the N days, default) or
                            calendar (until the profile's first weekday, default Monday)
      --no-fuzz             exact due days: no fuzz and no load balancing
      --params FILE|JSON    21 FSRS-6 parameters (default: the FSRS-6 defaults)
      --format FORMAT       text (default), json, csv, or ics (iCalendar, all-day events)
      --lang LANG           en or zh for labels and reasons (default: from LANG, else the profile)
      -h, --help            show this help

    JSON output: {"generatedAt", "timezone", "today", "tomorrow", "thisWeek", "later"}, each
    group an array of ReviewTask objects with their explanation (predictedRecall, stability,
    difficulty, estimatedMinutes, dueAt, weakPoint, sourceAnalysisId, lessonTitle, reason,
    deferredFrom). Notes on the plan go to standard error in json, csv and ics formats.
    """

    static let parser = ArgumentParser(options: [
        .init(name: "now"), .init(name: "timezone"), .init(name: "day-start"), .init(name: "retention"),
        .init(name: "days"), .init(name: "daily-minutes"), .init(name: "week"), .init(name: "no-fuzz", takesValue: false),
        .init(name: "params"), .init(name: "format"), .init(name: "lang"), .init(name: "help", takesValue: false),
    ], usage: usage)

    static func run(_ arguments: [String], context: CommandContext) throws(CommandError) {
        guard let (parsed, path) = try parser.parseWithInput(arguments, command: "plan", input: "a workspace file (WORKSPACE.json)",
                                                              context: context) else { return }
        let format = try OutputFormat.parse(parsed.value("format"), allowed: [.text, .json, .csv, .ics], usage: usage)
        let now = try CommonOptions.now(parsed, context: context, usage: usage)
        var configuration = PlannerConfiguration()
        configuration.parameters = try CommonOptions.parameters(parsed, usage: usage)
        if parsed.value("timezone") != nil || parsed.value("day-start") != nil {
            // Checked here so that a bad flag is a usage error (64), not a data error.
            let calendar = try CommonOptions.calendar(parsed, usage: usage)
            configuration.timeZoneIdentifier = parsed.value("timezone") == nil ? nil : calendar.timeZoneIdentifier
            configuration.dayStartHour = parsed.value("day-start") == nil ? nil : calendar.dayStartHour
        }
        if parsed.value("retention") != nil {
            configuration.desiredRetention = try CommonOptions.retention(parsed, usage: usage)
        }
        configuration.horizonDays = try CommonOptions.positiveInteger(parsed, "days", default: 7, usage: usage)
        if let text = parsed.value("daily-minutes") {
            guard let minutes = Int(text), minutes >= 0 else {
                throw .usage("--daily-minutes '\(text)' must be a whole number of minutes ≥ 0", usage: usage)
            }
            configuration.dailyMinutes = minutes
        }
        if parsed.flag("no-fuzz") {
            configuration.fuzz = false
            configuration.loadBalancing = false
        }
        let language = try Self.language(parsed, context: context, usage: usage)

        let (workspace, _) = try WorkspaceFile.read(path)
        configuration.language = language ?? AppLanguage(localeIdentifier: workspace.profile.preferredLanguage ?? "en")
        switch parsed.value("week") ?? "rolling" {
        case "rolling": configuration.weekGrouping = .rolling
        case "calendar": configuration.weekGrouping = .calendarWeek(firstWeekday: workspace.profile.firstWeekday ?? 2)
        case let other: throw .usage("--week '\(other)' must be rolling or calendar", usage: usage)
        }

        let result: PlannerResult
        do {
            result = try ReviewPlanner(configuration: configuration).plan(PlannerInput(workspace: workspace), now: now)
        } catch {
            throw .dataError("\(path): " + (error.path.map { "\($0): " } ?? "") + error.description)
        }
        let formatter = PlanFormatter(result: result, workspace: workspace, language: configuration.language)
        switch format {
        case .json: context.write(bytes: try formatter.json())
        case .csv: context.write(formatter.csv())
        case .ics: context.write(formatter.iCalendar())
        default: context.write(formatter.text())
        }
        if format != .text {
            for note in result.notes { context.writeError("note: " + note.text(language: configuration.language)) }
        }
        context.keepUntilExit((workspace, result))
    }

    /// `--lang`, else `LANG` (ignoring the C and POSIX locales); `nil` leaves the choice to the
    /// profile.
    static func language(_ parsed: ArgumentParser.Parsed, context: CommandContext, usage: String) throws(CommandError) -> AppLanguage? {
        if let text = parsed.value("lang") {
            switch text.lowercased() {
            case "en", "english": return .english
            case "zh", "zh-hans", "zh_cn", "zh-cn", "chinese": return .simplifiedChinese
            default: throw .usage("--lang '\(text)' must be en or zh", usage: usage)
            }
        }
        if let locale = context.environment["LC_ALL"] ?? context.environment["LANG"],
           !locale.isEmpty, !locale.hasPrefix("C"), !locale.hasPrefix("POSIX") {
            return AppLanguage(localeIdentifier: locale)
        }
        return nil
    }
}

import Foundation
import ZhiXiMemory
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiScheduler

/// `zhixi-review plan WORKSPACE.json`: today's, tomorrow's and this week's review tasks.
enum PlanCommand: Command {

    enum WeekChoice: Sendable { case rolling, calendar }

    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let now = SharedOptions.now
        let timeZone = SharedOptions.timeZone(defaultDescription: "the profile's")
        let dayStart = SharedOptions.dayStart(defaultDescription: "the profile's")
        let retention = SharedOptions.retention(defaultDescription: "the profile's")
        let dailyMinutes = CommandOption<Int>.integer(
            "daily-minutes", placeholder: "M", range: 0...1440, defaultDescription: "the profile's", unit: "minutes",
            help: "daily study budget")
        let weekdayMinutes = SharedOptions.weekdayMinutes(defaultDescription: "the profile's")
        let away = SharedOptions.away(defaultDescription: "the profile's breaks; --away replaces them")
        let postpone = CommandOption<Int>.integer(
            "postpone", range: 0...1_000_000, default: 0, unit: "tasks",
            help: "postpone this many of the reviews due today, those whose postponement costs least (FSRS Helper's ranking)")
        let advance = CommandOption<Int>.integer(
            "advance", range: 0...1_000_000, default: 0, unit: "tasks",
            help: "bring this many reviews not yet due forward to today, those most at risk, as far as today's minutes have room")
        let days = CommandOption<Int>.integer(
            "days", range: 1...366, default: 7, unit: "days", help: "days planned in detail and balanced against the budget")
        let week = CommandOption<WeekChoice>.choice(
            "week", ["rolling": .rolling, "calendar": .calendar], default: .rolling,
            help: "what \"this week\" means: the rest of the planned days (rolling), or until the profile's first weekday (calendar)")
        let noFuzz = CommandOption<Bool>.flag("no-fuzz", help: "exact due days: no fuzz and no load balancing")
        let parameters = SharedOptions.parameters
        let format = SharedOptions.format([.text, .json, .csv, .ics])
        let language = LanguageChoice.standard
        let batch = CommandOption<String>.text(
            "batch", placeholder: "FILE|-", example: "-", file: .read,
            help: "plan a whole fleet: JSON lines in (one workspace per line; - reads standard input), one JSON line out per "
                + "learner, in the same order (instead of WORKSPACE.json)")
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "plan",
        summary: "today's, tomorrow's and this week's review tasks for a learner",
        arguments: [.init(placeholder: "WORKSPACE.json", help: "a learner workspace file; - reads standard input (none with --batch)")],
        discussion: """
        Plans a learner's reviews from the sessions, AI analyses and review tasks in a workspace
        file: each lesson and each weak point an analysis named gets its next review, dated by
        the FSRS-6 memory model at the desired retention, typed (spaced repetition, Feynman,
        recall, weak point), grouped into today (with anything overdue), tomorrow, this week
        and later, and fitted to the learner's daily minutes.

        With minutes per weekday (--weekday-minutes, or the profile's weekdayMinutes) each day
        is filled to its own minutes, and within its fuzz range a review is drawn towards the
        lighter days (Anki's Easy Days); a day at 0 gets nothing. On days away (--away, or the
        profile's breaks) nothing is planned: a review falling due then comes before the break
        when waiting would let its predicted recall fall well below the desired retention (the
        fragile ones), after it otherwise. --postpone and --advance move reviews as the FSRS
        Helper add-on ranks them. Each moved review's reason says why; a note sums up.
        """,
        options: options,
        epilogue: """
        JSON output: {"generatedAt", "timezone", "today", "tomorrow", "thisWeek", "later",
        "notes"}, each group an array of ReviewTask objects with their explanation
        (predictedRecall, stability, difficulty, estimatedMinutes, dueAt, weakPoint,
        sourceAnalysisId, lessonTitle, reason, deferredFrom, and movedFrom with move —
        beforeBreak, afterBreak, postponed or advanced — for a review moved for a break or on
        request), "notes" the plan's notes as sentences ([] when none). CSV ends each row with
        moved_from and move; iCalendar adds X-ZHIXI-MOVED-FROM and X-ZHIXI-MOVE to a moved
        review's event. Notes on the plan also go to standard error in json, csv and ics
        formats.

        --batch: each output line is {"userId": …, "plan": {…}} (the plan exactly as --format
        json writes it for that learner alone, its "notes" included), or {"line": N, "userId":
        …|null, "error": "…"} for a learner that cannot be planned. Every option applies to every
        learner. Learners are planned on all cores, a few in flight at a time, and written in
        input order as they finish. Exit status 0 when every learner was planned, 65 when any
        was not (the others are still written).
        """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        if let batchPath = try arguments.value(of: options.batch) {
            try await PlanBatch.run(batchPath, arguments: arguments, context: context)
            return
        }
        let path = try arguments.singleInput()
        let format = try arguments.value(of: options.format)
        let settings = try PlanSettings(arguments, context: context)

        let (workspace, _) = try WorkspaceFile.read(path, context: context)
        let configuration = settings.configuration(for: workspace)
        let now = settings.now(for: workspace)

        let result: PlannerResult
        do {
            result = try ReviewPlanner(configuration: configuration).plan(PlannerInput(workspace: workspace), now: now)
        } catch {
            throw .dataError("\(FileAccess.displayName(path)): " + (error.path.map { "\($0): " } ?? "") + error.description)
        }
        let formatter = PlanFormatter(result: result, workspace: workspace, language: result.language)
        switch format {
        case .json: try formatter.writeJSON { context.write(bytes: $0) }
        case .csv: context.write(formatter.csv())
        case .ics: context.write(formatter.iCalendar())
        case .text: context.write(formatter.text())
        }
        if format != .text {
            let wording = result.wording(result.language)
            for note in result.notes {
                context.writeError(result.language.localization.sentence("report.note", in: .commands, ["text": note.text(wording: wording)]))
            }
        }
        context.keepUntilExit((workspace, result))
    }
}

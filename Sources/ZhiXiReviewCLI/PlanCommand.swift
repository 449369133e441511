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
        let timeZone = SharedOptions.timeZone()
        let dayStart = SharedOptions.dayStart()
        let retention = SharedOptions.retention()
        let dailyMinutes = CommandOption<Int>.integer(
            "daily-minutes", placeholder: "M", range: 0...1440, unit: "minutes")
        let weekdayMinutes = SharedOptions.weekdayMinutes()
        let away = SharedOptions.away()
        let postpone = CommandOption<Int>.integer(
            "postpone", range: 0...1_000_000, default: 0, unit: "tasks")
        let advance = CommandOption<Int>.integer(
            "advance", range: 0...1_000_000, default: 0, unit: "tasks")
        let days = CommandOption<Int>.integer(
            "days", range: 1...366, default: 7, unit: "days")
        let week = CommandOption<WeekChoice>.choice(
            "week", ["rolling": .rolling, "calendar": .calendar], default: .rolling)
        let noFuzz = CommandOption<Bool>.flag("no-fuzz")
        let parameters = SharedOptions.parameters
        let format = SharedOptions.format([.text, .json, .csv, .ics])
        let language = LanguageChoice.standard
        let batch = CommandOption<String>.text(
            "batch", placeholder: "FILE|-", example: "-", file: .read)
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "plan",
        arguments: [.init(placeholder: "WORKSPACE.json")],
        options: options)

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

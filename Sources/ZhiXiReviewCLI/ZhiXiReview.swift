import ZhiXiCore
import ZhiXiLocalization

/// The `zhixi-review` command line: subcommand dispatch, `--help` and `--version`.
package enum ZhiXiReview {
    /// The version printed by `--version`.
    package static let version = "0.2.0"

    /// Every command, in the order of the help.
    static var commands: [any Command.Type] {
        [PlanCommand.self, RecordCommand.self, LessonsCommand.self, StatesCommand.self, SimulateCommand.self, OptimizeCommand.self,
         EvaluateCommand.self, AuthSignInCommand.self, AuthStatusCommand.self, AuthWhoamiCommand.self, AuthSignOutCommand.self,
         EventsEnqueueCommand.self, EventsInspectCommand.self, EventsFlushCommand.self, PullCommand.self, TasksListCommand.self,
         TasksCompleteCommand.self, TasksSkipCommand.self, TasksSyncCommand.self, AnalyzeCommand.self]
    }

    /// The help of `zhixi-review` itself in `words`' language: every command with its summary,
    /// the options and the exit statuses.
    static func usage(_ words: Localization) -> String {
        let width = commands.map { $0.specification.name.count + 1 + ($0.specification.arguments.first?.placeholder.count ?? 0) }.max() ?? 0
        let lines = commands.map { command -> String in
            let specification = command.specification
            let left = ([specification.name] + specification.arguments.prefix(1).map(\.placeholder)).joined(separator: " ")
            return "  " + left + String(repeating: " ", count: max(1, width + 2 - left.count)) + specification.summary(words)
        }
        return words.sentence("usage.main", in: .help, ["commands": lines.joined(separator: "\n")])
    }

    /// Runs the command line `arguments` (without the program name) in `context` and returns
    /// the exit status. Messages go to the context's standard error; writing them never fails
    /// the run (a closed standard error still gives the command's own status).
    package static func run(_ arguments: [String], context: CommandContext) async -> Int32 {
        do throws(CommandError) {
            try await dispatch(arguments, context: context)
            try context.flush()
            return ExitCode.success.rawValue
        } catch {
            try? context.flush()
            if !error.message.isEmpty { context.writeError("zhixi-review: " + error.text(context.words)) }
            for line in error.detailLines { context.writeError(line) }
            if let usage = error.usage { context.writeErrorLines(synopsis(of: usage, words: context.words)) }
            return error.exitCode.rawValue
        }
    }

    /// The synopsis of a usage text and where to find the rest, in `words`' language.
    static func synopsis(of usage: String, words: Localization) -> String {
        let paragraph = usage.components(separatedBy: "\n\n").first ?? usage
        let lead = paragraph.prefix { $0 != "\n" } + " "
        let named = commands.map { $0.specification.name }.filter { lead.contains("zhixi-review \($0) ") }
        if let command = named.max(by: { $0.count < $1.count }) {
            return paragraph + "\n" + words.sentence("usage.commandDetails", in: .help, ["command": command])
        }
        return paragraph + "\n" + words.text("usage.details", in: .help)
    }

    /// What `zhixi-review GROUP --help` prints: each command of the group, its synopsis and
    /// summary.
    private static func groupHelp(_ group: [any Command.Type], _ words: Localization) -> String {
        group.map { $0.specification.synopsis(words) + "\n    " + $0.specification.summary(words) }.joined(separator: "\n\n")
    }

    private static func dispatch(_ given: [String], context: CommandContext) async throws(CommandError) {
        // `--help` and the errors before a command's options are read speak `--lang`'s language too;
        // `--lang` before the command is read as if it came right after the command's name.
        context.chooseLanguage(explicit: LanguageChoice.scan(given))
        let words = context.words
        let leading = Array(given.prefix(LanguageChoice.leadingOptionLength(given)))
        let arguments = Array(given.dropFirst(leading.count))
        guard let first = arguments.first else {
            throw .usage(words.text("usage.noCommand", in: .errors), usage: usage(words))
        }
        switch first {
        case "-h", "--help", "help":
            context.write(usage(words) + "\n")
            return
        case "--version", "version":
            context.write("zhixi-review \(version)\n")
            return
        default:
            break
        }
        // The longest command name that the arguments start with ("auth sign-in" before "auth").
        let matches = commands.filter { command in
            let words = command.specification.name.split(separator: " ").map(String.init)
            return arguments.count >= words.count && Array(arguments.prefix(words.count)) == words
        }
        guard let command = matches.max(by: { $0.specification.name.count < $1.specification.name.count }) else {
            let group = commands.filter { $0.specification.name.hasPrefix(first + " ") }
            if !group.isEmpty {
                let names = group.map { "'" + $0.specification.name + "'" }.joined(separator: ", ")
                let wantsHelp = arguments.dropFirst().contains { $0 == "--help" || $0 == "-h" }
                if wantsHelp && LanguageChoice.leadingOptionLength(Array(arguments.dropFirst(2))) == arguments.count - 2 {
                    context.write(groupHelp(group, words) + "\n")
                    return
                }
                // Alone or with something unknown: a usage error (64) that shows what the group holds.
                var failure = CommandError.usage(words.sentence("usage.needsSubcommand", in: .errors, ["group": first, "commands": names]))
                failure.detailLines = [""] + groupHelp(group, words).components(separatedBy: "\n")
                throw failure
            }
            throw .usage(words.sentence("usage.unknownCommand", in: .errors, ["command": first.quotedForMessage()]), usage: usage(words))
        }
        let specification = command.specification
        let nameLength = specification.name.split(separator: " ").count
        let parsed = try ParsedArguments(leading + Array(arguments.dropFirst(nameLength)), specification: specification, context: context)
        if parsed.wantsHelp {
            context.write(specification.help(context.words))
            return
        }
        try CommandFiles.checkOutputsApart(parsed, context: context)
        try await command.run(parsed, context: context)
    }
}

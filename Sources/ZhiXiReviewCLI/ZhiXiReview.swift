import ZhiXiCore

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

    static var usage: String {
        let width = commands.map { $0.specification.name.count + 1 + ($0.specification.arguments.first?.placeholder.count ?? 0) }.max() ?? 0
        let lines = commands.map { command -> String in
            let specification = command.specification
            let left = ([specification.name] + specification.arguments.prefix(1).map(\.placeholder)).joined(separator: " ")
            return "  " + left + String(repeating: " ", count: max(1, width + 2 - left.count)) + specification.summary
        }
        return """
        usage: zhixi-review <command> [arguments] [options]

        zhixi-review — the ZhiXi (知习) spaced-repetition scheduling engine.

        commands:
        \(lines.joined(separator: "\n"))

        Run 'zhixi-review <command> --help' for a command's options.

        options:
          -h, --help  show this help
          --version   print the version

        exit status: 0 ok, 64 wrong command line, 65 bad input data, 66 missing input, 74 write error;
        auth, pull, tasks, analyze: 69 server unreachable or failing, 76 malformed answer, 77 not signed
        in or refused; events flush: 75 events remain in the queue for a later try; tasks: 75
        completions or skips wait in the outbox
        """
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
            if !error.message.isEmpty { context.writeError("zhixi-review: " + error.message) }
            for line in error.detailLines { context.writeError(line) }
            if let usage = error.usage { context.writeErrorLines(synopsis(of: usage)) }
            return error.exitCode.rawValue
        }
    }

    /// The synopsis of a usage text and where to find the rest.
    static func synopsis(of usage: String) -> String {
        let paragraph = usage.components(separatedBy: "\n\n").first ?? usage
        if let command = commands.first(where: { paragraph.hasPrefix("usage: zhixi-review \($0.specification.name)") }) {
            return paragraph + "\nRun 'zhixi-review \(command.specification.name) --help' for details."
        }
        return paragraph + "\nRun 'zhixi-review --help' for details."
    }

    private static func dispatch(_ arguments: [String], context: CommandContext) async throws(CommandError) {
        guard let first = arguments.first else {
            throw .usage("no command given", usage: usage)
        }
        switch first {
        case "-h", "--help", "help":
            context.write(usage + "\n")
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
                if wantsHelp && arguments.count <= 2 {
                    context.write(group.map { $0.specification.synopsis + "\n    " + $0.specification.summary }
                        .joined(separator: "\n\n") + "\n")
                    return
                }
                // Alone or with something unknown: a usage error (64) that shows what the group holds.
                var failure = CommandError.usage("'\(first)' needs a subcommand: \(names)")
                failure.detailLines = [""] + group.map { $0.specification.synopsis + "\n    " + $0.specification.summary }
                    .joined(separator: "\n\n").components(separatedBy: "\n")
                throw failure
            }
            throw .usage("unknown command '\(first.quotedForMessage())'", usage: usage)
        }
        let specification = command.specification
        let words = specification.name.split(separator: " ").count
        let parsed = try ParsedArguments(Array(arguments.dropFirst(words)), specification: specification, context: context)
        if parsed.wantsHelp {
            context.write(specification.help)
            return
        }
        try CommandFiles.checkOutputsApart(parsed, context: context)
        try await command.run(parsed, context: context)
    }
}

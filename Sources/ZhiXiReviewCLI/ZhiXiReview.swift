/// The `zhixi-review` command line: subcommand dispatch, `--help` and `--version`.
public enum ZhiXiReview {
    /// The version printed by `--version`.
    public static let version = "0.1.0"

    static let usage = """
    usage: zhixi-review <command> [arguments] [options]

    zhixi-review — the ZhiXi (知习) spaced-repetition scheduling engine.

    commands:
      plan WORKSPACE.json   today's, tomorrow's and this week's review tasks for a learner
      record WORKSPACE.json add a learning session (score, weak points) to a workspace
      states REVLOG.csv     every card's memory state and next due date from a review log
      simulate              a year of learning under a desired retention, or a sweep of them

    Run 'zhixi-review <command> --help' for a command's options.

    options:
      -h, --help            show this help
      --version             print the version

    exit status: 0 ok, 64 wrong command line, 65 bad input data, 66 missing input, 74 write error
    """

    /// Runs the command line `arguments` (without the program name) in `context` and returns
    /// the exit status. Messages go to the context's standard error.
    public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        do {
            try dispatch(arguments, context: context)
            try context.flush()
            return ExitCode.success.rawValue
        } catch let error as CommandError {
            try? context.flush()
            context.writeError("zhixi-review: " + error.message)
            if let usage = error.usage { context.writeError(synopsis(of: usage)) }
            return error.exitCode.rawValue
        } catch {
            context.writeError("zhixi-review: cannot write output (\(error))")
            return ExitCode.ioError.rawValue
        }
    }

    /// The first paragraph of a usage text (the synopsis) and where to find the rest.
    static func synopsis(of usage: String) -> String {
        let paragraph = usage.components(separatedBy: "\n\n").first ?? usage
        if paragraph.hasPrefix("usage: zhixi-review "), let command = paragraph.split(separator: " ").dropFirst(2).first,
           !command.hasPrefix("<") {
            return paragraph + "\nRun 'zhixi-review \(command) --help' for details."
        }
        return paragraph + "\nRun 'zhixi-review --help' for details."
    }

    private static func dispatch(_ arguments: [String], context: CommandContext) throws(CommandError) {
        guard let command = arguments.first else {
            throw .usage("no command given", usage: usage)
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help", "help":
            context.write(usage + "\n")
        case "--version", "version":
            context.write("zhixi-review \(version)\n")
        case "plan":
            try PlanCommand.run(rest, context: context)
        case "record":
            try RecordCommand.run(rest, context: context)
        case "states":
            try StatesCommand.run(rest, context: context)
        case "simulate":
            try SimulateCommand.run(rest, context: context)
        default:
            throw .usage("unknown command '\(command)'", usage: usage)
        }
    }
}

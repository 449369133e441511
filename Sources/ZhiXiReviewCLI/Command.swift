/// A subcommand of `zhixi-review`: its declaration and what it does. Each command is a file of
/// its own; ``ZhiXiReview/commands`` lists them.
protocol Command {
    /// The command's name, summary, arguments and options, declared once.
    static var specification: CommandSpecification { get }

    /// Runs the command on arguments parsed against ``specification``.
    /// - Throws: ``CommandError`` with the message and the exit status.
    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError)
}

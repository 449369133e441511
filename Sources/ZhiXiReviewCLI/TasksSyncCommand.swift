import Foundation
import ZhiXiServices

/// `zhixi-review tasks sync`: sends the completions and skips waiting in the outbox.
enum TasksSyncCommand: Command {
    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let outbox = TasksOptions.outbox
        let format = SharedOptions.format([.text, .json])
        let connection = AuthOptions.Common()
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "tasks sync",
        options: options)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: options.format)
        guard arguments.positionals.isEmpty else { throw arguments.usageError("tasks sync takes no arguments") }
        let tasks = try await TasksOutbox.open(arguments, context: context, create: true, command: "tasks sync")
        try await tasks.syncAndReport(context: context, format: format)
    }
}

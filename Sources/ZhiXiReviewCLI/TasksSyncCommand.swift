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
        summary: "send the completions and skips waiting in the outbox, each exactly once",
        discussion: """
        Sends what the outbox holds, oldest first. An action leaves the outbox once the server
        has answered it; one the server refuses for good (the task is gone) leaves it with a
        warning on standard error; with no answer, or a 5xx after the retries, the action and
        those after it wait (exit 75). One sync runs at a time on an outbox.
        """,
        options: options,
        epilogue: """
        JSON output: {"delivered": [ReviewTask…], "refused": [{"taskId", "kind", "error"}…],
        "remaining": N, "outbox": "…", "stopped": "…"|null}.

        \(TasksOptions.exitStatuses) A refusal ends tasks sync with 0 when nothing waits.
        """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: options.format)
        guard arguments.positionals.isEmpty else { throw arguments.usageError("tasks sync takes no arguments") }
        let tasks = try await TasksOutbox.open(arguments, context: context, create: true, command: "tasks sync")
        try await tasks.syncAndReport(context: context, format: format)
    }
}

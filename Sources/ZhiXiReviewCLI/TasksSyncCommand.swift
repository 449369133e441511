import Foundation
import ZhiXiServices

/// `zhixi-review tasks sync`: sends the completions and skips waiting in the outbox.
enum TasksSyncCommand: Command {
    static let format = SharedOptions.format([.text, .json])

    static let specification = CommandSpecification(
        name: "tasks sync",
        summary: "send the completions and skips waiting in the outbox, each exactly once",
        discussion: """
        Sends what the outbox holds, oldest first. An action leaves the outbox once the server
        has answered it; one the server refuses for good (the task is gone) leaves it with a
        warning on standard error; with no answer, or a 5xx after the retries, the action and
        those after it wait (exit 75). One sync runs at a time on an outbox.
        """,
        options: [TasksOptions.outbox.erased, format.erased] + AuthOptions.common,
        epilogue: """
        JSON output: {"delivered": [ReviewTask…], "refused": [{"taskId", "kind", "error"}…],
        "remaining": N, "outbox": "…", "stopped": "…"|null}.

        \(TasksOptions.exitStatuses) A refusal ends tasks sync with 0 when nothing waits.
        """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: format, default: .text)
        guard arguments.positionals.isEmpty else { throw arguments.usageError("tasks sync takes no arguments") }
        let tasks = try await TasksOutbox.open(arguments, context: context, create: true, command: "tasks sync")
        try await tasks.syncAndReport(context: context, format: format)
    }
}

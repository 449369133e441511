import Foundation
import ZhiXiServices

/// `zhixi-review tasks skip ID`: marks a review task skipped on the server, through the
/// durable outbox.
enum TasksSkipCommand: Command {
    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let outbox = TasksOptions.outbox
        let format = SharedOptions.format([.text, .json])
        let connection = AuthOptions.Common()
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "tasks skip",
        summary: "mark a review task skipped on the server; kept in the outbox while it cannot be reached",
        arguments: [.init(placeholder: "ID", help: "the review task's id", file: .none)],
        discussion: """
        Puts the skip in the outbox, on disk, then sends what the outbox holds, oldest first
        (POST review-tasks/{id}/skip). When the server cannot be reached, the skip waits there
        (exit 75) and 'tasks sync' sends it later, exactly once in effect. A task the server
        does not have, or one already completed, is reported and dropped (exit 77).
        """,
        options: options,
        epilogue: "\(TasksOptions.exitStatuses)")

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: options.format)
        let id = try arguments.singleInput()
        let tasks = try await TasksOutbox.open(arguments, context: context, create: true, command: "tasks skip")
        try await tasks.enqueueAndSync(.skip(taskID: id, recordedAt: context.now), context: context, format: format)
    }
}

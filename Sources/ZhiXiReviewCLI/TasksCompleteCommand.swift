import Foundation
import ZhiXiServices

/// `zhixi-review tasks complete ID`: marks a review task done on the server, through the
/// durable outbox.
enum TasksCompleteCommand: Command {
    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let at = CommandOption<Date>.timestamp("at", defaultingToNow: "now", help: "when the learner did the review")
        let outbox = TasksOptions.outbox
        let format = SharedOptions.format([.text, .json])
        let connection = AuthOptions.Common()
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "tasks complete",
        summary: "mark a review task done on the server; kept in the outbox while it cannot be reached",
        arguments: [.init(placeholder: "ID", help: "the review task's id", file: .none)],
        discussion: """
        Puts the completion (with --at, the time of the review) in the outbox, on disk, then
        sends what the outbox holds, oldest first (POST review-tasks/{id}/complete with
        {"completedAt"}). When the server cannot be reached, the completion waits there (exit
        75) and 'tasks sync' sends it later: each exactly once in effect, across kills and
        retries (the server keeps the first completedAt of a task). A task the server does not
        have (404, 410) is reported and dropped (exit 77).
        """,
        options: options,
        epilogue: "\(TasksOptions.exitStatuses)")

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: options.format)
        let id = try arguments.singleInput()
        let completedAt = try arguments.value(of: options.at)
        let tasks = try await TasksOutbox.open(arguments, context: context, create: true, command: "tasks complete")
        try await tasks.enqueueAndSync(.complete(taskID: id, at: completedAt, recordedAt: context.now), context: context, format: format)
    }
}

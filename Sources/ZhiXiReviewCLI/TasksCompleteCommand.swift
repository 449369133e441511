import Foundation
import ZhiXiServices

/// `zhixi-review tasks complete ID`: marks a review task done on the server, through the
/// durable outbox.
enum TasksCompleteCommand: Command {
    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let at = CommandOption<Date>.timestamp(defaultingToNow: "at")
        let outbox = TasksOptions.outbox
        let format = SharedOptions.format([.text, .json])
        let connection = AuthOptions.Common()
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "tasks complete",
        arguments: [.init(placeholder: "ID", file: .none)],
        options: options)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: options.format)
        let id = try arguments.singleInput()
        let completedAt = try arguments.value(of: options.at)
        let tasks = try await TasksOutbox.open(arguments, context: context, create: true, command: "tasks complete")
        try await tasks.enqueueAndSync(.complete(taskID: id, at: completedAt, recordedAt: context.now), context: context, format: format)
    }
}

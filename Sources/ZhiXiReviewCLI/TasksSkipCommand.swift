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
        arguments: [.init(placeholder: "ID", file: .none)],
        options: options)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: options.format)
        let id = try arguments.singleInput()
        let tasks = try await TasksOutbox.open(arguments, context: context, create: true, command: "tasks skip")
        try await tasks.enqueueAndSync(.skip(taskID: id, recordedAt: context.now), context: context, format: format)
    }
}

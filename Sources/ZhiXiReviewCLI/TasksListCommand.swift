import Foundation
import ZhiXiCore
import ZhiXiLocalization
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiServices

/// `zhixi-review tasks list --server URL`: the signed-in learner's review tasks on the server.
enum TasksListCommand: Command {
    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let status = TasksOptions.status
        let from = TasksOptions.day("from")
        let to = TasksOptions.day("to")
        let format = SharedOptions.format([.text, .json])
        let connection = AuthOptions.Common()
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "tasks list",
        options: options)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: options.format)
        let query = ReviewTaskQuery(status: try arguments.value(of: TasksOptions.status), from: try arguments.value(of: options.from),
                                    to: try arguments.value(of: options.to))
        if let from = query.from, let to = query.to, from > to {
            throw arguments.usageError(key: "tasksList.fromAfterTo", ["from": "\(from)", "to": "\(to)"])
        }
        let connection = try AuthConnection(arguments, context: context)
        let tasks = try await connection.performAPI("tasks list", context: context) { () async throws(APIError) -> [ReviewTask] in
            try await APIReviewService(client: connection.client).reviewTasks(query)
        }
        if format == .json {
            context.write(try OutputJSON.line(tasks, command: "tasks list"))
            return
        }
        if tasks.isEmpty { context.write(context.words.text("tasks.none", in: .commands) + "\n") }
        for task in tasks { context.write(line(task, language: context.language) + "\n") }
    }

    /// One task as a line of text; the server's text made visible (a lesson id holding a line
    /// break cannot forge a task of its own).
    /// The status and the type are named in `language` (a status or type the program does not
    /// know, as the server sent it).
    static func line(_ task: ReviewTask, language: AppLanguage) -> String {
        let words = language.localization
        let done = task.completedAt.map { words.sentence("tasks.completedAt", in: .commands, ["time": ISO8601Timestamp.string(from: $0)]) } ?? ""
        let status = if case .unknown = task.status { task.status.rawValue } else { words.text("tasks.status." + task.status.rawValue, in: .commands) }
        return [ISO8601Timestamp.string(from: task.scheduledAt), padded(status.escapingControlCharacters(), 9),
                padded(task.reviewType.displayName(language: language).escapingControlCharacters(), 17),
                task.lessonID.escapingControlCharacters(), task.id.escapingControlCharacters()]
            .joined(separator: "  ") + done
    }

    /// `text` padded with spaces to `columns` terminal columns (a Chinese character takes two).
    private static func padded(_ text: String, _ columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - HelpColumns.width(text)))
    }
}

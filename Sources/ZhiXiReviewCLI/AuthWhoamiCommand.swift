import Foundation
import ZhiXiAuth
import ZhiXiModel

/// `zhixi-review auth whoami`: the signed-in user, from the server.
enum AuthWhoamiCommand: Command {
    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let format = SharedOptions.format([.json, .text])
        let connection = AuthOptions.Common()
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "auth whoami",
        options: options)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: options.format)
        let connection = try AuthConnection(arguments, context: context)
        if let problem = connection.storeProblem { context.writeError("zhixi-review: auth whoami: note: " + problem) }
        let user = try await connection.perform("auth whoami", context: context) { () async throws(AuthError) -> User in
            try await connection.service.currentUser()
        }
        connection.remember(user, "auth whoami", context: context)
        context.write(format == .json ? try SessionReport.json(user) : SessionReport.describe(user, words: context.words) + "\n")
    }
}

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
        summary: "the signed-in user, from the server (GET users/me)",
        discussion: """
        Asks the server who the saved session belongs to (GET users/me), renewing the session
        once when the access token has expired, and prints the user.
        """,
        options: options,
        epilogue: """
        JSON output: the User object of the API. Exit 77 when signed out.

        \(AuthOptions.exitStatuses)
        """)

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

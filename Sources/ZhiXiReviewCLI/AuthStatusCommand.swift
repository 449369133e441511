import Foundation
import ZhiXiAuth
import ZhiXiModel

/// `zhixi-review auth status`: restores the saved session as the app does at launch and
/// prints where the app would go.
enum AuthStatusCommand: Command {
    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let format = SharedOptions.format([.text, .json])
        let connection = AuthOptions.Common()
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "auth status",
        options: options)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: options.format)
        let connection = try AuthConnection(arguments, context: context)
        if let problem = connection.storeProblem { context.writeError("zhixi-review: auth status: note: " + problem) }
        let outcome = await bootstrap(connection.service)
        connection.flushLog(to: context)
        if let error = outcome.error {
            guard error.requiresSignIn else { throw AuthConnection.failure(error, "auth status") }
            context.writeError("zhixi-review: auth status: note: \(error)")
        }
        let report = SessionReport(route: outcome.route, user: outcome.user)
        context.write(format == .json ? try SessionReport.json(report) : report.text(words: context.words))
    }

    /// The app's launch, on the main actor as in the app.
    @MainActor
    static func bootstrap(_ service: AuthService) async -> (route: AppRoute, user: User?, error: AuthError?) {
        let session = AppSession(authService: service)
        await session.bootstrap()
        return (session.route, session.currentUser, session.authError)
    }
}

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
        summary: "restore the saved session as the app does at launch; print the route",
        discussion: """
        Runs the app's launch: with a refresh token in the store, renews the session (POST
        auth/refresh) and routes to onboarding or main; when the server refuses the refresh
        token, empties the store and routes to login; with no token, or a store that cannot
        be read, routes to login without asking the server. A refusal or an unreadable store is
        noted on standard error; the status is still 0.
        """,
        options: options,
        epilogue: """
        JSON output: {"route": "login"|"onboarding"|"main", "user": {…}|null}.

        \(AuthOptions.exitStatuses)
        """)

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

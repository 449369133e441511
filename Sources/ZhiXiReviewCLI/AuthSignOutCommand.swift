import Foundation
import ZhiXiAuth
import ZhiXiNetwork

/// `zhixi-review auth sign-out`: tells the server and empties the store, whatever the
/// server answers.
enum AuthSignOutCommand: Command {
    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let format = SharedOptions.format([.text, .json])
        let connection = AuthOptions.Common()
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "auth sign-out",
        options: options)

    private struct Report: Encodable {
        var wasSignedIn: Bool
        var serverConfirmed: Bool
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: options.format)
        let connection = try AuthConnection(arguments, context: context)
        let outcome = try await connection.perform("auth sign-out", context: context) { () async throws(AuthError) -> LogoutOutcome in
            try await connection.service.logout()
        }
        connection.forgetLearner("auth sign-out", context: context)
        if case .serverNotTold(let error) = outcome {
            context.writeError("zhixi-review: auth sign-out: warning: the server was not told (\(error)); "
                + "the session was removed from \(connection.storeDirectory.path) all the same")
        }
        let report = Report(wasSignedIn: outcome != .wasSignedOut, serverConfirmed: outcome == .serverConfirmed)
        switch format {
        case .json: context.write(try SessionReport.json(report))
        default: context.write(context.words.text(report.wasSignedIn ? "auth.signedOut" : "auth.alreadySignedOut", in: .commands) + "\n")
        }
    }
}

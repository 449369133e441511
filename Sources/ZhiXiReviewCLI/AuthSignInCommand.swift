import Foundation
import ZhiXiAuth
import ZhiXiModel
import ZhiXiNetwork

/// `zhixi-review auth sign-in`: signs in with an Apple credential obtained elsewhere and
/// keeps the session in the store.
enum AuthSignInCommand: Command {
    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let identityToken = CommandOption<String>.text(
            "identity-token", placeholder: "T", example: "eyJraWQiOi...")
        let authorizationCode = CommandOption<String>.text(
            "authorization-code", placeholder: "C", example: "c0ffee.0.abcd")
        let userIdentifier = CommandOption<String>.text(
            "user-identifier", placeholder: "U", example: "001234.abcdef.0123")
        let givenName = CommandOption<String>.text("given-name", placeholder: "G", example: "晓")
        let familyName = CommandOption<String>.text("family-name", placeholder: "F", example: "林")
        let email = CommandOption<String>.text("email", placeholder: "E", example: "lin@example.com")
        let format = SharedOptions.format([.text, .json])
        let connection = AuthOptions.Common()
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "auth sign-in",
        options: options)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: options.format)
        let connection = try AuthConnection(arguments, context: context)
        let credential = try credential(arguments, context: context)
        // Before the server issues tokens: the store must keep them and give them back.
        do throws(SecureStoreError) {
            try FileSecureStore(directory: connection.storeDirectory).checkWritable()
        } catch {
            throw .ioError("auth sign-in: the store \(connection.storeDirectory.path) cannot keep a session (\(error)); "
                + "nothing was sent")
        }
        let outcome = await signIn(credential, service: connection.service, userStore: connection.userStore)
        connection.flushLog(to: context)
        if let error = outcome.error { throw AuthConnection.failure(error, "auth sign-in") }
        let report = SessionReport(route: outcome.route, user: outcome.user)
        context.write(format == .json ? try SessionReport.json(report) : context.words.text("auth.signedIn", in: .commands) + "\n" + report.text(words: context.words))
    }

    /// The credential of the options; `-` values are read from standard input, one line each.
    static func credential(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) -> AppleCredential {
        var lines: [String]?
        func resolve(_ option: CommandOption<String>) throws(CommandError) -> String? {
            guard let value = try arguments.value(of: option) else { return nil }
            guard value == "-" else { return value }
            if lines == nil {
                lines = String(decoding: try context.readStandardInput(limit: InputLimits.secret, allowingEmpty: true), as: UTF8.self)
                    .split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            }
            guard let line = lines?.first, !line.isEmpty else {
                throw arguments.usageError("--\(option.name) -: standard input has no line left for it")
            }
            lines?.removeFirst()
            return line
        }
        guard let identityToken = try resolve(options.identityToken) else {
            throw arguments.usageError("auth sign-in needs --identity-token T")
        }
        let authorizationCode = try resolve(options.authorizationCode)
        guard let userIdentifier = try arguments.value(of: options.userIdentifier) else {
            throw arguments.usageError("auth sign-in needs --user-identifier U")
        }
        let givenName = try arguments.value(of: options.givenName)
        let familyName = try arguments.value(of: options.familyName)
        let name = givenName == nil && familyName == nil ? nil : AppleFullName(givenName: givenName, familyName: familyName)
        return AppleCredential(identityToken: identityToken, authorizationCode: authorizationCode, userIdentifier: userIdentifier,
                               fullName: name, email: try arguments.value(of: options.email))
    }

    /// Signs in through the app's session, on the main actor as in the app; the learner is
    /// remembered in `userStore`, beside the tokens (the `tasks` commands keep an outbox per learner).
    @MainActor
    static func signIn(_ credential: AppleCredential, service: AuthService,
                       userStore: SessionUserStore) async -> (route: AppRoute, user: User?, error: AuthError?) {
        let session = AppSession(authService: service, userStore: userStore)
        await session.signIn(with: credential)
        return (session.route, session.currentUser, session.authError)
    }
}

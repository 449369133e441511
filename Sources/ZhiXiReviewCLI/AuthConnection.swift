import Foundation
import ZhiXiCore
import ZhiXiAuth
import ZhiXiModel
import ZhiXiNetwork

/// What a command that talks to the API works with (`auth`, `pull`, `tasks`, `analyze`): the
/// file store of `--store`, an API client on `--server` with `--timeout` and `--retries`, the
/// auth service, and the `--verbose` request log. Also the translation of API failures into
/// exit statuses.
final class AuthConnection {
    /// The directory of the file store.
    let storeDirectory: URL
    /// The token store in it.
    let tokenStore: TokenStore
    /// The learner of the saved session as the server last described them, beside the tokens.
    let userStore: SessionUserStore
    /// The API client.
    let client: APIClient
    /// The auth service on the client.
    let service: AuthService
    private let requestLog: RequestLogBuffer?

    /// Reads the common options of `arguments`.
    /// - Throws: a usage error when `--server` is missing or an option's value is invalid.
    init(_ arguments: ParsedArguments, context: CommandContext, maximumTotalAnswerBytes: Int? = nil) throws(CommandError) {
        let configuration = try AuthOptions.clientConfiguration(arguments, maximumTotalAnswerBytes: maximumTotalAnswerBytes)
        let server = try AuthOptions.server(arguments)
        storeDirectory = try AuthOptions.storeDirectory(arguments, context: context)
        let requestLog = arguments.flag(AuthOptions.verbose) ? RequestLogBuffer() : nil
        self.requestLog = requestLog
        let secureStore = FileSecureStore(directory: storeDirectory)
        tokenStore = TokenStore(secureStore: secureStore)
        userStore = SessionUserStore(secureStore: secureStore)
        var logger: (@Sendable (APIRequestLog) -> Void)?
        if let requestLog { logger = { record in requestLog.append(record.description) } }
        client = APIClient(baseURL: server, tokenStore: tokenStore, configuration: configuration, logger: logger)
        service = AuthService(client: client)
    }

    /// Writes the requests logged so far (with `--verbose`) to standard error.
    func flushLog(to context: CommandContext) {
        for line in requestLog?.drain() ?? [] { context.writeError("zhixi-review: request " + line) }
    }

    /// Runs `operation`, writes the request log (with `--verbose`) whether it succeeds or
    /// not, and turns a failure into the command error for `action` (such as `auth whoami`).
    func perform<Value>(_ action: String, context: CommandContext,
                        _ operation: () async throws(AuthError) -> Value) async throws(CommandError) -> Value {
        defer { flushLog(to: context) }
        do throws(AuthError) {
            return try await operation()
        } catch {
            throw Self.failure(error, action)
        }
    }

    /// Runs the API calls of `operation`, writes the request log (with `--verbose`) whether
    /// they succeed or not, and turns a failure into the command error for `action` (such as
    /// `pull`).
    func performAPI<Value>(_ action: String, context: CommandContext,
                           _ operation: () async throws(APIError) -> Value) async throws(CommandError) -> Value {
        defer { flushLog(to: context) }
        do throws(APIError) {
            return try await operation()
        } catch {
            throw Self.failure(error, action)
        }
    }

    /// The learner the saved session belongs to: the one remembered beside the tokens (by
    /// `auth sign-in` or `auth whoami`), else the server's answer to `GET users/me`, then
    /// remembered.
    /// - Throws: 77 when no session is saved (or it cannot be read); the server's failure
    ///   when nobody is remembered and the server cannot say who it is.
    func signedInLearner(_ action: String, context: CommandContext) async throws(CommandError) -> User {
        let tokens: AuthTokens?
        do {
            tokens = try tokenStore.readTokens()
        } catch {
            throw .noPermission("\(action): the saved session in \(storeDirectory.path) cannot be used (\(error)); "
                + "sign in again (zhixi-review auth sign-in)")
        }
        guard tokens != nil else {
            throw .noPermission("\(action): not signed in: review tasks are kept and sent per learner "
                + "(zhixi-review auth sign-in, --store \(storeDirectory.path))")
        }
        if let user = userStore.loadUser() { return user }
        let user = try await perform(action, context: context) { () async throws(AuthError) -> User in
            try await service.currentUser()
        }
        remember(user, action, context: context)
        return user
    }

    /// Remembers `user` as the saved session's learner; a store that cannot be written is a
    /// warning (the next command asks the server again).
    func remember(_ user: User, _ action: String, context: CommandContext) {
        do throws(SecureStoreError) {
            try userStore.saveUser(user)
        } catch {
            context.writeError("zhixi-review: \(action): warning: the learner could not be remembered in "
                + "\(storeDirectory.path) (\(error))")
        }
    }

    /// Forgets the saved session's learner; a store that cannot be changed is a warning.
    func forgetLearner(_ action: String, context: CommandContext) {
        do throws(SecureStoreError) {
            try userStore.clearUser()
        } catch {
            context.writeError("zhixi-review: \(action): warning: the remembered learner could not be removed from "
                + "\(storeDirectory.path) (\(error))")
        }
    }

    /// Why the saved session cannot be read, or `nil` when it can (or there is none).
    var storeProblem: String? {
        do {
            _ = try tokenStore.readTokens()
            return nil
        } catch {
            return "the saved session in \(storeDirectory.path) cannot be used (\(error)); treated as signed out"
        }
    }

    /// The command error for `error` while doing `action` (such as `auth whoami`): 69 for
    /// no answer or a 5xx, 76 for a malformed answer, 77 for a refusal or no session, 74
    /// for a store that cannot be written.
    static func failure(_ error: AuthError, _ action: String) -> CommandError {
        switch error {
        case .api(let apiError):
            return failure(apiError, action)
        case .storage(let reason):
            return .ioError("\(action): \(reason)")
        case .credentialCancelled, .credentialUnavailable:
            return .noPermission("\(action): \(error)")
        }
    }

    /// The command error for an API failure while doing `action`.
    static func failure(_ error: APIError, _ action: String) -> CommandError {
        let message = "\(action): \(error)"
        switch error {
        case .network(.outOfTime):
            return .unavailable(message + " (--max-time sets how long)")
        case .network, .cancelled:
            return .unavailable(message)
        case .http(let status, _, _):
            switch status {
            case 500...: return .unavailable(message)
            case 300..<400: return .unavailable(message + "; give the final address as --server")
            case 404, 405: return .unavailable(message + "; is --server the API's base URL, ending in /api?")
            case 408, 429: return .unavailable(message)
            default: return .noPermission(message)
            }
        case .decoding:
            return .protocolError(message)
        case .unauthorized(.notSignedIn):
            return CommandError.noPermission(message + " (zhixi-review auth sign-in)")
                .worded { $0.sentence("auth.notSignedIn", in: .errors, ["action": action]) }
        case .unauthorized:
            return .noPermission(message + " (zhixi-review auth sign-in)")
        case .invalidRequest:
            return .usage(message)
        case .tokenStorage:
            return .ioError(message)
        }
    }
}

/// The request log of `--verbose`: lines from the client's logger, which may run on any
/// thread, kept until the command writes them out.
final class RequestLogBuffer: Sendable {
    private let lines = Locked<[String]>([])

    /// Keeps `line`.
    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    /// The lines kept so far, which are then forgotten.
    func drain() -> [String] {
        lines.withLock { lines in
            defer { lines.removeAll() }
            return lines
        }
    }
}

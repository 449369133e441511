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
    /// The API client.
    let client: APIClient
    /// The auth service on the client.
    let service: AuthService
    private let requestLog: RequestLogBuffer?

    /// Reads the common options of `arguments`.
    /// - Throws: a usage error when `--server` is missing or an option's value is invalid.
    init(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) {
        let timeout = try arguments.value(of: AuthOptions.timeout, default: 30)
        let retries = try arguments.value(of: AuthOptions.retries, default: 2)
        let server = try AuthOptions.server(arguments)
        storeDirectory = try AuthOptions.storeDirectory(arguments, context: context)
        let requestLog = arguments.flag(AuthOptions.verbose) ? RequestLogBuffer() : nil
        self.requestLog = requestLog
        tokenStore = TokenStore(secureStore: FileSecureStore(directory: storeDirectory))
        let configuration = APIClientConfiguration(requestTimeout: timeout, resourceTimeout: timeout * 4,
                                                   retryPolicy: RetryPolicy(maximumRetries: retries))
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
        case .network, .cancelled:
            return .unavailable(message)
        case .http(let status, _, _):
            switch status {
            case 500...: return .unavailable(message)
            case 300..<400: return .unavailable(message + "; redirects are not followed, give the final address as --server")
            case 404, 405: return .unavailable(message + "; is --server the API's base URL, ending in /api?")
            case 408, 429: return .unavailable(message)
            default: return .noPermission(message)
            }
        case .decoding:
            return .protocolError(message)
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

import Foundation
import ZhiXiAuth
import ZhiXiCore
import ZhiXiLocalization
import ZhiXiNetwork
import ZhiXiReading

/// `zhixi-review events flush QUEUE`: uploads an upload queue's events to the server.
enum EventsFlushCommand: Command {
    /// The queue's defaults, used where an option is not given.
    private static let defaults = ReadingEventUploadQueueConfiguration()

    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let server = AuthOptions.server
        let tokenFile = CommandOption<String>.text(
            "token-file", placeholder: "FILE", example: "/tmp/access-token", file: .read)
        let store = AuthOptions.store
        let batchSize = CommandOption<Int>.integer(
            "batch-size", range: 1...1000, default: defaults.batchSize)
        let retries = CommandOption<Int>.integer(
            "retries", range: 0...10, default: defaults.retryPolicy.maximumRetries)
        let timeout = AuthOptions.timeout
        let maxTime = AuthOptions.maxTime
        let format = SharedOptions.format([.text, .json])
        let verbose = AuthOptions.verbose
        let insecureHTTP = AuthOptions.insecureHTTP
        let wait = SharedOptions.wait
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "events flush",
        arguments: [.init(placeholder: "QUEUE", file: .keptDirectory)],
        options: options)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: options.format)
        let path = try arguments.singleInput()
        let server = try AuthOptions.server(arguments)
        let tokenPath = try arguments.value(of: options.tokenFile)
        let storePath = try arguments.value(of: AuthOptions.store)
        guard tokenPath == nil || storePath == nil else {
            throw arguments.usageError(key: "eventsFlush.tokenFileAndStore")
        }
        let clientConfiguration = try AuthOptions.clientConfiguration(arguments, retries: nil)
        let requestLog = arguments.flag(AuthOptions.verbose) ? RequestLogBuffer() : nil
        let configuration = ReadingEventUploadQueueConfiguration(
            batchSize: try arguments.value(of: options.batchSize),
            retryPolicy: UploadRetryPolicy(maximumRetries: try arguments.value(of: options.retries)),
            lockWait: context.lockWait(seconds: try arguments.value(of: SharedOptions.wait)))

        let tokenStore: any TokenStoreProtocol
        if let tokenPath {
            tokenStore = try AccessTokenFileStore(path: tokenPath, context: context)
        } else {
            let directory = try AuthOptions.storeDirectory(arguments, context: context)
            let store = TokenStore(secureStore: FileSecureStore(directory: directory))
            guard store.loadTokens() != nil else {
                throw .noPermission("events flush: \(directory.path) holds no session (zhixi-review auth sign-in)")
            }
            tokenStore = store
        }
        var logger: (@Sendable (APIRequestLog) -> Void)?
        if let requestLog { logger = { record in requestLog.append(record.description) } }
        let client = APIClient(baseURL: server, tokenStore: tokenStore,
                               configuration: clientConfiguration,
                               logger: logger)
        let queue = try EventsQueueAccess.open(path, create: false,
                                               server: APIReadingServer(client: client, refreshesOnUnauthorized: tokenPath == nil),
                                               configuration: configuration, command: "events flush")
        do {
            try await queue.reloadOnLaunch()
            try await queue.requeueFailed()
        } catch {
            throw EventsQueueAccess.failure(error, "events flush")
        }
        let result = await queue.flush()
        for line in requestLog?.drain() ?? [] { context.writeError("zhixi-review: request " + line) }
        for warning in result.warnings {
            context.writeError("zhixi-review: " + context.words.sentence("events.flush.warning", in: .commands, ["text": "\(warning)"]))
        }
        context.write(format == .json ? json(result) : text(result, path: path, words: context.words))
        if case .storage(let error) = result.stopReason { throw EventsQueueAccess.failure(error, "events flush") }
        guard result.remaining == 0 else {
            let reason = result.stopReason.map { ": \($0)" } ?? ""
            var failure = CommandError.temporaryFailure("events flush: \(result.remaining) event\(result.remaining == 1 ? "" : "s") "
                                                        + "remain in \(path)\(reason)")
            if case .request(.decoding) = result.stopReason { failure.exitCode = .protocolError }
            throw failure
        }
    }

    static func text(_ result: FlushResult, path: String, words: Localization) -> String {
        func counted(_ key: String, _ count: Int) -> String { words.counted(key, in: .commands, count: count, ["count": String(count)]) }
        return words.sentence("events.flush.report", in: .commands, [
            "uploaded": String(result.uploaded), "dropped": String(result.dropped), "failed": String(result.failed),
            "duplicates": result.duplicates > 0 ? words.sentence("events.flush.duplicates", in: .commands, ["count": String(result.duplicates)]) : "",
            "remaining": String(result.remaining), "path": path, "requests": counted("events.count.requests", result.requests),
            "retries": counted("events.count.retries", result.retries),
        ]) + "\n"
    }

    static func json(_ result: FlushResult) -> String {
        let warnings = result.warnings.map { String.jsonLiteral($0.description) }.joined(separator: ", ")
        let stopped = result.stopReason.map { String.jsonLiteral($0.description) } ?? "null"
        return """
        {"uploaded": \(result.uploaded), "duplicates": \(result.duplicates), "dropped": \(result.dropped), \
        "failed": \(result.failed), "remaining": \(result.remaining), "requests": \(result.requests), \
        "retries": \(result.retries), "stopped": \(stopped), "warnings": [\(warnings)]}

        """
    }
}

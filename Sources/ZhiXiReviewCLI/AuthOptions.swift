import Foundation
import ZhiXiAuth
import ZhiXiFileSystem
import ZhiXiNetwork

/// The options the `auth` commands share, declared once.
enum AuthOptions {
    /// `--server URL`: the API's base URL, ending in `/api`.
    static let server = CommandOption<URL>(
        name: "server", placeholder: "URL",
        defaultDescription: nil, isFlag: false, isRepeatable: false, example: "https://zhixi.example/api",
        expectation: OptionExpectation("server"),
        parse: { text in
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
                  let host = url.host, !host.isEmpty, url.port.map({ (1 ... 65_535).contains($0) }) ?? true,
                  !text.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true }) else { return nil }
            return url
        })

    /// `--insecure-http`: allows what `--server` refuses by default.
    static let insecureHTTP = CommandOption<Bool>.flag(
        "insecure-http")

    /// The `--server` of `arguments`, refused when it would expose secrets: plain `http` to a
    /// host other than this machine (the tokens travel unencrypted), or a user name or password
    /// in the URL (sent to the server, shown in process lists); `--insecure-http` allows both.
    /// - Throws: a usage error when `--server` is missing, invalid or refused.
    static func server(_ arguments: ParsedArguments) throws(CommandError) -> URL {
        guard let url = try arguments.value(of: server) else {
            throw arguments.usageError("\(arguments.specification.name) needs --server URL (the API's base URL, ending in /api)")
        }
        guard !arguments.flag(insecureHTTP) else { return url }
        if url.user != nil || url.password != nil {
            throw arguments.usageError("--server holds a user name or password, which would be sent to the server and shown to "
                + "other users of this machine; leave it out (or give --insecure-http)")
        }
        if url.scheme?.lowercased() == "http", !isLoopback(url.host ?? "") {
            throw arguments.usageError("--server uses plain http to \(url.host ?? "another host"), so the session's tokens would "
                + "travel unencrypted; use https (or give --insecure-http)")
        }
        return url
    }

    /// Whether `host` names this machine: `localhost`, 127.0.0.0/8 or ::1.
    static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if name == "localhost" || name.hasSuffix(".localhost") || name == "::1" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// `--store DIR`: the directory of the file secure store.
    static let store = CommandOption<String>.text(
        "store", placeholder: "DIR",
        example: "/tmp/zhixi-store", file: .keptDirectory)

    /// `--verbose`: each request on standard error.
    static let verbose = CommandOption<Bool>.flag(
        "verbose")

    /// `--timeout SECONDS`: the longest any one request waits for its whole answer.
    static let timeout = CommandOption<Double>.number(
        "timeout", placeholder: "SECONDS", range: 1...600, default: APIClientConfiguration().requestTimeout, example: "10")

    /// `--retries N`: retries of idempotent requests.
    static let retries = CommandOption<Int>.integer(
        "retries", range: 0...10, default: RetryPolicy().maximumRetries)

    /// `--max-time SECONDS`: the longest the command waits for the server in all.
    static let maxTime = CommandOption<Double>.number(
        "max-time", placeholder: "SECONDS", range: 1...3600, default: 300, example: "60")

    /// The options every command that talks to the server as the signed-in learner takes, in
    /// the order of the help (after its own).
    struct Common: CommandOptions {
        let server = AuthOptions.server
        let store = AuthOptions.store
        let timeout = AuthOptions.timeout
        let retries = AuthOptions.retries
        let maxTime = AuthOptions.maxTime
        let verbose = AuthOptions.verbose
        let insecureHTTP = AuthOptions.insecureHTTP
    }

    /// The client configuration of `--timeout`, `--retries` and `--max-time` (defaults 30 s,
    /// 2, 300 s): each exchange waits at most the timeout for its whole answer, and all of them
    /// together at most the maximum time, whatever the server does.
    /// - Throws: a usage error for a value out of range.
    static func clientConfiguration(_ arguments: ParsedArguments, retries retryOption: DefaultedOption<Int>? = retries,
                                    maximumTotalAnswerBytes: Int? = nil) throws(CommandError) -> APIClientConfiguration {
        let timeout = try arguments.value(of: timeout)
        let retries = try retryOption.map { option throws(CommandError) in try arguments.value(of: option) } ?? 0
        return APIClientConfiguration(requestTimeout: timeout, resourceTimeout: timeout, retryPolicy: RetryPolicy(maximumRetries: retries),
                                      totalTimeout: try arguments.value(of: maxTime),
                                      maximumTotalAnswerBytes: maximumTotalAnswerBytes)
    }

    /// The store directory of `--store` (or the default), refused when it exists and is not
    /// private: a symbolic link, another user's, or open to group or others (it is never
    /// changed; a missing one is created 0700 on the first sign-in).
    /// - Throws: 77 saying why.
    static func storeDirectory(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) -> URL {
        let directory = try arguments.value(of: store).map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileSecureStore.defaultDirectory(environment: context.environment)
        do {
            try PrivateDirectory.check(directory.path)
        } catch {
            throw .noPermission("the store \(error.path) cannot hold a session: \(error.reason)")
        }
        return directory
    }
}

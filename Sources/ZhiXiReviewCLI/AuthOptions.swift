import Foundation

/// The options the `auth` commands share, declared once.
enum AuthOptions {
    /// `--server URL`: the API's base URL, ending in `/api`.
    static let server = CommandOption<URL>(
        name: "server", placeholder: "URL", help: "the API's base URL, ending in /api (http or https); required",
        defaultDescription: nil, isFlag: false, isRepeatable: false, example: "https://zhixi.example/api",
        expectation: "an http or https URL such as https://zhixi.example/api",
        parse: { text in
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
                  let host = url.host, !host.isEmpty else { return nil }
            return url
        })

    /// `--store DIR`: the directory of the file secure store.
    static let store = CommandOption<String>.text(
        "store", placeholder: "DIR", default: "$XDG_CONFIG_HOME/zhixi-review, else ~/.config/zhixi-review", example: "/tmp/zhixi-store",
        help: "where the session is kept: one file per secret, mode 0600, in this directory, mode 0700")

    /// `--verbose`: each request on standard error.
    static let verbose = CommandOption<Bool>.flag(
        "verbose", help: "log each request to standard error: method, path, status, milliseconds (tokens are never shown)")

    /// `--timeout SECONDS`: the longest wait for the server.
    static let timeout = CommandOption<Double>.number(
        "timeout", placeholder: "SECONDS", range: 1...600, default: 30, example: "10",
        help: "the longest wait for the server to answer, in seconds")

    /// `--retries N`: retries of idempotent requests.
    static let retries = CommandOption<Int>.integer(
        "retries", range: 0...10, default: 2,
        help: "retries of a request that may be repeated (GET, logout) after a timeout, a lost connection or a 5xx answer")

    /// The options every `auth` command takes, in the order of the help (after its own).
    static let common: [AnyCommandOption] = [server.erased, store.erased, timeout.erased, retries.erased, verbose.erased]

    /// The exit statuses of the `auth` commands, for their help.
    static let exitStatuses = """
    exit status: 0 ok; 64 wrong command line; 69 the server cannot be reached or failed (5xx) after
    the retries; 74 the store cannot be written; 76 the server's answer is malformed (the message
    names the field); 77 not signed in, or the server refused the credential or the session.
    """
}

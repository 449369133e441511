/// One HTTP exchange of ``APIClient``, as it is logged: method, path, status and time.
///
/// It holds no header and no body, so a log line cannot contain a token.
public struct APIRequestLog: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path relative to the base URL, with its query: `learning/trend?days=7`.
    public var path: String
    /// The HTTP status, or `nil` when no answer came.
    public var status: Int?
    /// Why no answer came, when ``status`` is `nil`.
    public var failure: NetworkFailure?
    /// From sending the request to the end of the answer (or the failure), in milliseconds.
    public var durationMilliseconds: Double
    /// 0 for the first attempt, 1 for the first retry after a transient failure, …
    public var retry: Int
    /// `true` when the request carried a bearer token (which the log never shows).
    public var sentAccessToken: Bool

    /// Creates a record.
    public init(method: HTTPMethod, path: String, status: Int?, failure: NetworkFailure? = nil,
                durationMilliseconds: Double, retry: Int = 0, sentAccessToken: Bool) {
        self.method = method
        self.path = path
        self.status = status
        self.failure = failure
        self.durationMilliseconds = durationMilliseconds
        self.retry = retry
        self.sentAccessToken = sentAccessToken
    }

    /// `GET users/me 200 12 ms (bearer <redacted>)`, or `… failed: timed out after 1002 ms`.
    public var description: String {
        let milliseconds = Int(durationMilliseconds.rounded())
        var line = "\(method.rawValue) \(path)"
        if let status {
            line += " \(status) \(milliseconds) ms"
        } else {
            line += " no answer after \(milliseconds) ms (\(failure.map(Self.shortName) ?? "cancelled"))"
        }
        if retry > 0 { line += ", retry \(retry)" }
        if sentAccessToken { line += " (bearer <redacted>)" }
        return line
    }

    static func shortName(_ failure: NetworkFailure) -> String {
        switch failure {
        case .unreachable: "unreachable"
        case .timedOut: "timed out"
        case .connectionLost: "connection lost"
        case .other(let code): "URLError \(code)"
        case .outOfTime: "out of time"
        }
    }
}

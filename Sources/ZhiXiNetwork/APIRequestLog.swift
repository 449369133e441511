/// One HTTP exchange of ``APIClient``, as it is logged: method, path, status, time and the
/// answer's size. A streamed answer (``APIClient/eventStream(_:)``) is logged once it ends.
///
/// It holds no header and no body, so a log line cannot contain a token.
package struct APIRequestLog: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP method.
    package var method: HTTPMethod
    /// The path relative to the base URL, with its query: `learning/trend?days=7`.
    package var path: String
    /// The HTTP status, or `nil` when no answer came.
    package var status: Int?
    /// Why no answer came, when ``status`` is `nil`; with a status, why a streamed answer
    /// stopped before its end.
    package var failure: NetworkFailure?
    /// From sending the request to the end of the answer (or the failure), in milliseconds.
    package var durationMilliseconds: Double
    /// The bytes of the answer's body read (all of a stream's); 0 when no answer came.
    package var answerBytes: Int
    /// 0 for the first attempt, 1 for the first retry after a transient failure, …
    package var retry: Int
    /// `true` when the request carried a bearer token (which the log never shows).
    package var sentAccessToken: Bool

    /// Creates a record.
    package init(method: HTTPMethod, path: String, status: Int?, failure: NetworkFailure? = nil,
                durationMilliseconds: Double, answerBytes: Int = 0, retry: Int = 0, sentAccessToken: Bool) {
        self.method = method
        self.path = path
        self.status = status
        self.failure = failure
        self.durationMilliseconds = durationMilliseconds
        self.answerBytes = answerBytes
        self.retry = retry
        self.sentAccessToken = sentAccessToken
    }

    /// `GET users/me 200 12 ms 345 B (bearer <redacted>)`, or
    /// `… no answer after 1002 ms (timed out)`; a stream cut after its head:
    /// `POST ai/chat 200 1500 ms 812 B, then connection lost`.
    package var description: String {
        let milliseconds = Int(durationMilliseconds.rounded())
        var line = "\(method.rawValue) \(path)"
        if let status {
            line += " \(status) \(milliseconds) ms \(answerBytes) B"
            if let failure { line += ", then \(Self.shortName(failure))" }
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

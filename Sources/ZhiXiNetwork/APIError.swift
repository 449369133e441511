/// Why a call of ``APIClient`` failed, in cases a caller can switch on.
///
/// No case carries a token: messages and associated values hold status codes, the
/// server's error code and message, JSON paths and reasons only.
public enum APIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No HTTP answer: unreachable, timed out, connection lost (after the retries an
    /// idempotent call is allowed).
    case network(NetworkFailure)
    /// An HTTP status outside 200–299 (other than a 401 handled as ``unauthorized(_:)``),
    /// with the `code` and `message` of the server's `{"code", "message"}` body when it
    /// sent one.
    case http(status: Int, code: String?, message: String?)
    /// The answer's body is not the JSON expected: `path` is the JSON path of the field
    /// (such as `user.createdAt` or `events[3].eventId`; empty for the whole body) and
    /// `reason` what was wrong with it.
    case decoding(path: String, reason: String)
    /// The learner must sign in again: no tokens, or the refresh was refused.
    case unauthorized(UnauthorizedReason)
    /// The request could not be built: its body cannot be encoded or its URL is invalid.
    case invalidRequest(reason: String)
    /// A refresh succeeded but its tokens could not be saved.
    case tokenStorage(reason: String)
    /// The calling task was cancelled.
    case cancelled

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .network(let failure):
            return "\(failure); check the server address and the network, then try again"
        case .http(let status, let code, let message):
            let kind = status >= 500 ? "an error of its own" : (300 ..< 400).contains(status) ? "a redirect, which is not followed"
                : "the request refused"
            return "the server answered HTTP \(status)\(UnauthorizedReason.detail(code, message)), \(kind)"
        case .decoding(let path, let reason):
            return path.isEmpty
                ? "the server's answer is not the JSON expected: \(reason)"
                : "the server's answer has a wrong field \(path): \(reason)"
        case .unauthorized(let reason):
            return reason.description
        case .invalidRequest(let reason):
            return "the request cannot be built: \(reason)"
        case .tokenStorage(let reason):
            return "the renewed tokens cannot be saved: \(reason)"
        case .cancelled:
            return "the request was cancelled"
        }
    }

    /// `true` for failures that may pass on a second try: no answer, or a 5xx answer.
    var isTransient: Bool {
        switch self {
        case .network: true
        case .http(let status, _, _): status >= 500
        default: false
        }
    }
}

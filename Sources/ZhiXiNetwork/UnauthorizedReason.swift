import ZhiXiCore

/// Why ``APIClient`` gave up on an authorized call: the learner has to sign in again.
public enum UnauthorizedReason: Sendable, Hashable, CustomStringConvertible {
    /// No tokens are saved: the learner is signed out.
    case notSignedIn
    /// The server refused the refresh token (expired, revoked or unknown); the saved tokens
    /// were cleared. `code` and `message` are the server's.
    case refreshRefused(code: String?, message: String?)
    /// The server refused the fresh access token that a refresh had just returned.
    case refusedAfterRefresh(code: String?, message: String?)
    /// The server refused the access token of a call that does not refresh (`auth/logout`).
    case accessTokenRefused(code: String?, message: String?)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .notSignedIn:
            return "not signed in; sign in first"
        case .refreshRefused(let code, let message):
            return "the server refused to renew the session\(Self.detail(code, message)); the saved tokens were cleared, sign in again"
        case .refusedAfterRefresh(let code, let message):
            return "the server refused the renewed session\(Self.detail(code, message)); sign in again"
        case .accessTokenRefused(let code, let message):
            return "the server refused the access token\(Self.detail(code, message)); sign in again"
        }
    }

    /// ` (CODE: message)` of a server's refusal, its control characters made visible (the
    /// text comes from the server and ends up on a terminal).
    static func detail(_ code: String?, _ message: String?) -> String {
        let code = code?.escapingControlCharacters(), message = message?.escapingControlCharacters()
        return switch (code, message) {
        case let (code?, message?): " (\(code): \(message))"
        case let (code?, nil): " (\(code))"
        case let (nil, message?): " (\(message))"
        case (nil, nil): ""
        }
    }
}

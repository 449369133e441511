import ZhiXiNetwork

/// What a logout achieved beyond clearing the local tokens (which it always does).
package enum LogoutOutcome: Sendable, Hashable {
    /// The server forgot the refresh token.
    case serverConfirmed
    /// The server could not be told (unreachable, error, refused); the local tokens are
    /// cleared all the same, and the refresh token expires on the server in its own time.
    case serverNotTold(APIError)
    /// There was no session to log out of (nothing was sent).
    case wasSignedOut
}

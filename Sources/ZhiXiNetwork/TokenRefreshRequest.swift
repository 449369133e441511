/// The body of `POST auth/refresh` and `POST auth/logout`: `{"refreshToken": "…"}`.
///
/// Its descriptions redact the token.
public struct TokenRefreshRequest: Sendable, Codable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The refresh token.
    public var refreshToken: String

    /// Creates the body.
    public init(refreshToken: String) {
        self.refreshToken = refreshToken
    }

    /// `TokenRefreshRequest(refreshToken: <redacted>)`.
    public var description: String { "TokenRefreshRequest(refreshToken: <redacted>)" }

    /// A mirror without the token.
    public var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .struct) }
}

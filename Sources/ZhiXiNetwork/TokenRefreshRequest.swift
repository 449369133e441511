/// The body of `POST auth/refresh` and `POST auth/logout`: `{"refreshToken": "…"}`.
///
/// Its descriptions redact the token.
package struct TokenRefreshRequest: Sendable, Codable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The refresh token.
    package var refreshToken: String

    /// Creates the body.
    package init(refreshToken: String) {
        self.refreshToken = refreshToken
    }

    /// `TokenRefreshRequest(refreshToken: <redacted>)`.
    package var description: String { "TokenRefreshRequest(refreshToken: <redacted>)" }

    /// A mirror without the token.
    package var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .struct) }
}

import Foundation
import ZhiXiModel

/// The tokens of a signed-in learner: the access token sent with each request, the refresh
/// token that obtains a new one, and when the access token expires.
///
/// Printing, interpolating, dumping or mirroring a value never shows the tokens: its
/// descriptions say `<redacted>` instead, so a stray `print(tokens)` or a log line cannot
/// leak them.
package struct AuthTokens: Sendable, Hashable {
    /// The short-lived token of the `Authorization` header.
    package var accessToken: String
    /// The long-lived token that `POST auth/refresh` exchanges for new tokens.
    package var refreshToken: String
    /// The scheme of the `Authorization` header, such as `"Bearer"`.
    package var tokenType: String
    /// When the access token stops being valid.
    package var expiresAt: Date

    /// Creates tokens.
    package init(accessToken: String, refreshToken: String, tokenType: String = AuthResponse.defaultTokenType, expiresAt: Date) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.tokenType = tokenType
        self.expiresAt = expiresAt
    }

    /// The tokens of a sign-in or refresh answer received at `receivedAt`; the access token
    /// expires `response.expiresIn` seconds later.
    package init(_ response: AuthResponse, receivedAt: Date) {
        self.init(
            accessToken: response.accessToken,
            refreshToken: response.refreshToken,
            tokenType: response.tokenType,
            expiresAt: receivedAt.addingTimeInterval(TimeInterval(response.expiresIn))
        )
    }

    /// `true` when the access token has expired at `date`.
    package func isAccessTokenExpired(at date: Date) -> Bool { date >= expiresAt }

    /// The value of the `Authorization` header: the token type and the access token.
    var authorizationHeaderValue: String { "\(tokenType) \(accessToken)" }
}

extension AuthTokens: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The token type and expiry, with both tokens redacted.
    package var description: String {
        "AuthTokens(accessToken: <redacted>, refreshToken: <redacted>, tokenType: \(tokenType), expiresAt: \(expiresAt))"
    }

    /// Same as ``description``: the tokens redacted.
    package var debugDescription: String { description }

    /// A mirror without the tokens, so `dump` and debuggers do not show them.
    package var customMirror: Mirror {
        Mirror(self, children: ["tokenType": tokenType, "expiresAt": expiresAt], displayStyle: .struct)
    }
}

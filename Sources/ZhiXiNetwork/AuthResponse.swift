import ZhiXiModel

/// The server's answer to a successful sign-in or token refresh:
/// `{"accessToken", "refreshToken", "expiresIn", "user"}` as the app's design has it, and
/// `tokenType` beside them (absent: `"Bearer"`).
package struct AuthResponse: Sendable, Codable, Hashable {
    /// The token type when the server does not say, `"Bearer"`.
    package static let defaultTokenType = "Bearer"
    /// The longest an access token may be said to last, in seconds: ten years of 365 days. A
    /// longer life would put the expiry past the dates the package keeps (and no server means
    /// it); an answer that says so is malformed.
    package static let maximumExpiresInSeconds = 315_360_000

    /// The short-lived token sent with each API request.
    package var accessToken: String
    /// The long-lived token that obtains a new access token.
    package var refreshToken: String
    /// How long the access token stays valid from the response, in seconds.
    package var expiresIn: Int
    /// The scheme of the `Authorization` header, such as `"Bearer"`.
    package var tokenType: String
    /// The signed-in user.
    package var user: User

    /// Creates an answer.
    package init(
        accessToken: String,
        refreshToken: String,
        expiresIn: Int,
        tokenType: String = AuthResponse.defaultTokenType,
        user: User
    ) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
        self.tokenType = tokenType
        self.user = user
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case accessToken, refreshToken, expiresIn, tokenType, user
    }

    /// Decodes an answer; absent `tokenType` is ``defaultTokenType``.
    /// - Throws: `DecodingError` for a missing or mistyped field, or an `expiresIn` outside
    ///   0…``maximumExpiresInSeconds``.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try container.decode(String.self, forKey: .accessToken)
        refreshToken = try container.decode(String.self, forKey: .refreshToken)
        expiresIn = try container.decode(Int.self, forKey: .expiresIn)
        guard (0 ... Self.maximumExpiresInSeconds).contains(expiresIn) else {
            throw DecodingError.dataCorruptedError(
                forKey: .expiresIn, in: container,
                debugDescription: "\(expiresIn) seconds is out of range: an access token lasts 0 to \(Self.maximumExpiresInSeconds) "
                    + "seconds (ten years)")
        }
        tokenType = try container.decodeIfPresent(String.self, forKey: .tokenType) ?? Self.defaultTokenType
        user = try container.decode(User.self, forKey: .user)
    }
}

import ZhiXiModel
import ZhiXiNetwork

/// What Sign in with Apple gives the app, ready to post: an
/// `ASAuthorizationAppleIDCredential`'s identity token, authorization code and user
/// identifier, and the name and e-mail shared on the first sign-in only, held as the body
/// of `POST auth/apple` (`AppleLoginRequest`).
///
/// Unlike the request it wraps, its descriptions and mirror redact the identity token, the
/// authorization code and the nonce, so printing a credential cannot leak them.
public struct AppleCredential: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The body of `POST auth/apple` for this credential.
    package var loginRequest: AppleLoginRequest

    /// A credential from its parts (see `AppleLoginRequest` for each).
    public init(identityToken: String, authorizationCode: String? = nil, userIdentifier: String,
                fullName: AppleFullName? = nil, email: String? = nil, nonce: String? = nil) {
        loginRequest = AppleLoginRequest(identityToken: identityToken, authorizationCode: authorizationCode,
                                         userIdentifier: userIdentifier, fullName: fullName, email: email, nonce: nonce)
    }

    /// The user identifier, with the identity token and authorization code redacted.
    public var description: String {
        "AppleCredential(userIdentifier: \(loginRequest.userIdentifier), identityToken: <redacted>, authorizationCode: <redacted>)"
    }

    /// A mirror without the identity token, the authorization code and the nonce.
    public var customMirror: Mirror {
        Mirror(self, children: ["userIdentifier": loginRequest.userIdentifier, "fullName": loginRequest.fullName as Any,
                                "email": loginRequest.email as Any], displayStyle: .struct)
    }
}

import ZhiXiModel

/// What Sign in with Apple gives the app: an `ASAuthorizationAppleIDCredential`'s
/// identity token, authorization code, user identifier, and the name and e-mail shared on
/// the first sign-in only.
///
/// Its descriptions redact the identity token and the authorization code.
public struct AppleCredential: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The identity token, a JSON Web Token signed by Apple.
    public var identityToken: String
    /// The single-use authorization code the server exchanges with Apple.
    public var authorizationCode: String
    /// The stable user identifier Apple gives for this app.
    public var userIdentifier: String
    /// The learner's name, shared on the first sign-in only.
    public var fullName: AppleFullName?
    /// The e-mail address, shared on the first sign-in only.
    public var email: String?
    /// The raw nonce whose SHA-256 was sent with the request, if one was used.
    public var nonce: String?

    /// Creates a credential.
    public init(identityToken: String, authorizationCode: String, userIdentifier: String,
                fullName: AppleFullName? = nil, email: String? = nil, nonce: String? = nil) {
        self.identityToken = identityToken
        self.authorizationCode = authorizationCode
        self.userIdentifier = userIdentifier
        self.fullName = fullName
        self.email = email
        self.nonce = nonce
    }

    /// The body of `POST auth/apple` for this credential.
    public var loginRequest: AppleLoginRequest {
        AppleLoginRequest(identityToken: identityToken, authorizationCode: authorizationCode, userIdentifier: userIdentifier,
                          fullName: fullName, email: email, nonce: nonce)
    }

    /// The user identifier, with the identity token and authorization code redacted.
    public var description: String {
        "AppleCredential(userIdentifier: \(userIdentifier), identityToken: <redacted>, authorizationCode: <redacted>)"
    }

    /// A mirror without the identity token, the authorization code and the nonce.
    public var customMirror: Mirror {
        Mirror(self, children: ["userIdentifier": userIdentifier, "fullName": fullName as Any, "email": email as Any],
               displayStyle: .struct)
    }
}

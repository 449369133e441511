/// What Sign in with Apple gave the app (SwiftUI's `SignInWithAppleButton` completion, or the
/// system sheet), for the session to sign in with: the identity token, the authorization
/// code and the user identifier, and the name and e-mail Apple shares on the first sign-in
/// only. Its description never shows the token, the code or the nonce.
public struct AppleSignInCredential: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The identity token (a JWT), as text.
    public var identityToken: String
    /// The authorization code, as text, when Apple gave one.
    public var authorizationCode: String?
    /// Apple's stable identifier of the learner.
    public var userIdentifier: String
    /// The given name, if shared.
    public var givenName: String?
    /// The family name, if shared.
    public var familyName: String?
    /// The e-mail, if shared.
    public var email: String?
    /// The nonce whose SHA-256 went with the request, if one did.
    public var nonce: String?

    /// Creates a credential.
    public init(identityToken: String, authorizationCode: String? = nil, userIdentifier: String, givenName: String? = nil,
                familyName: String? = nil, email: String? = nil, nonce: String? = nil) {
        self.identityToken = identityToken
        self.authorizationCode = authorizationCode
        self.userIdentifier = userIdentifier
        self.givenName = givenName
        self.familyName = familyName
        self.email = email
        self.nonce = nonce
    }

    /// The user identifier, the secrets redacted.
    public var description: String {
        "AppleSignInCredential(userIdentifier: \(userIdentifier), identityToken: <redacted>, authorizationCode: <redacted>)"
    }

    /// A mirror without the identity token, the authorization code and the nonce.
    public var customMirror: Mirror {
        Mirror(self, children: ["userIdentifier": userIdentifier, "givenName": givenName as Any, "familyName": familyName as Any,
                                "email": email as Any], displayStyle: .struct)
    }
}

/// The body of `POST auth/apple`, what `ASAuthorizationAppleIDCredential` gave the app:
/// `{"identityToken", "authorizationCode", "userIdentifier", "fullName", "email"}` as the
/// app's design has it, and `nonce` beside them. Only the identity token and the user
/// identifier are always there: Apple may give no authorization code, and shares the name
/// and e-mail address on the first sign-in only.
package struct AppleLoginRequest: Sendable, Codable, Hashable {
    /// The identity token, a JSON Web Token signed by Apple, as a string.
    package var identityToken: String
    /// The one-time authorization code that the server exchanges with Apple, if Apple gave one.
    package var authorizationCode: String?
    /// The stable user identifier Apple gives for this app.
    package var userIdentifier: String
    /// The learner's name, shared on the first sign-in only.
    package var fullName: AppleFullName?
    /// The e-mail address, shared on the first sign-in only.
    package var email: String?
    /// The raw nonce whose hash was sent with the request, if one was used.
    package var nonce: String?

    /// Creates a sign-in request.
    package init(
        identityToken: String,
        authorizationCode: String? = nil,
        userIdentifier: String,
        fullName: AppleFullName? = nil,
        email: String? = nil,
        nonce: String? = nil
    ) {
        self.identityToken = identityToken
        self.authorizationCode = authorizationCode
        self.userIdentifier = userIdentifier
        self.fullName = fullName
        self.email = email
        self.nonce = nonce
    }
}

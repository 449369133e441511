import ZhiXiAuth
import ZhiXiDomain
import ZhiXiNetwork

extension AppleCredential {
    /// The auth stack's credential for the one Sign in with Apple gave the app (the body of
    /// `POST auth/apple`); a name is sent only when Apple shared a part of it.
    public init(_ credential: AppleSignInCredential) {
        let name = credential.givenName == nil && credential.familyName == nil
            ? nil : AppleFullName(givenName: credential.givenName, familyName: credential.familyName)
        self.init(identityToken: credential.identityToken, authorizationCode: credential.authorizationCode,
                  userIdentifier: credential.userIdentifier, fullName: name, email: credential.email, nonce: credential.nonce)
    }
}

extension AppleSignInCredential {
    /// The domain's credential for one of the auth stack (what the system sheet gave).
    public init(_ credential: AppleCredential) {
        let request = credential.loginRequest
        self.init(identityToken: request.identityToken, authorizationCode: request.authorizationCode, userIdentifier: request.userIdentifier,
                  givenName: request.fullName?.givenName, familyName: request.fullName?.familyName, email: request.email,
                  nonce: request.nonce)
    }
}

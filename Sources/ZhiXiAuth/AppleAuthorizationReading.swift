#if canImport(AuthenticationServices) && canImport(CryptoKit) && !os(watchOS)
import AuthenticationServices
import CryptoKit
import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// What Sign in with Apple's system calls give, read once for every way the app shows the
/// sheet (``AuthorizationControllerCredentialProvider``, SwiftUI's `SignInWithAppleButton`):
/// a fresh nonce for a request, the credential of an authorization, the error of a failure.
///
/// Apple platforms only; not compiled, run or verified on Linux, where the package's tests run.
package enum AppleAuthorizationReading {
    /// A fresh random nonce (`value`, kept to send with the credential) and its SHA-256 in
    /// lowercase hex (`hashed`, what goes with the request).
    package static func makeNonce() -> (value: String, hashed: String) {
        var generator = SystemRandomNumberGenerator()
        let value = (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
        return (value, SHA256.hash(data: Data(value.utf8)).map { String(format: "%02x", $0) }.joined())
    }

    /// The credential of `authorization` (the nonce `nonce` went with its request, if any).
    package static func credential(of authorization: ASAuthorization, nonce: String?) -> Result<AppleCredential, AuthError> {
        guard let apple = authorization.credential as? ASAuthorizationAppleIDCredential,
              let identityToken = apple.identityToken.flatMap({ String(data: $0, encoding: .utf8) }) else {
            return .failure(.credentialUnavailable(reason: "Apple returned no identity token"))
        }
        // Apple may return no authorization code; the server then relies on the identity token.
        let authorizationCode = apple.authorizationCode.flatMap { String(data: $0, encoding: .utf8) }
        let name = apple.fullName.map { AppleFullName(givenName: $0.givenName, familyName: $0.familyName, nickname: $0.nickname) }
        return .success(AppleCredential(identityToken: identityToken, authorizationCode: authorizationCode, userIdentifier: apple.user,
                                        fullName: name, email: apple.email, nonce: nonce))
    }

    /// The failure of a Sign in with Apple request: a cancelled sheet is
    /// ``AuthError/credentialCancelled``.
    package static func failure(_ error: any Error) -> AuthError {
        if let error = error as? ASAuthorizationError, error.code == .canceled { return .credentialCancelled }
        return .credentialUnavailable(reason: error.localizedDescription)
    }
}
#endif

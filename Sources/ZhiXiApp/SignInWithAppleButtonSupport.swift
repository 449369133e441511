#if canImport(AuthenticationServices) && canImport(CryptoKit) && !os(watchOS)
import AuthenticationServices
import ZhiXiAuth
import ZhiXiDomain
import ZhiXiRepositories

/// What SwiftUI's `SignInWithAppleButton` needs to sign in through ``AppContainer``: the
/// request prepared (name and e-mail asked, a fresh nonce's SHA-256) and the completion read
/// into the credential for `LoginViewModel.signIn(with:)`, or the failure for
/// `LoginViewModel.signInDidFail(_:)`:
///
/// ```swift
/// SignInWithAppleButton(.signIn, onRequest: apple.prepare) { result in
///     switch apple.credential(from: result) {
///     case .success(let credential): Task { await login.signIn(with: credential) }
///     case .failure(let failure): login.signInDidFail(failure)
///     }
/// }
/// ```
///
/// Apple platforms only; not compiled, run or verified on Linux, where the package's tests
/// run (the view model's side is: `LoginViewModel.signIn(with:)`).
@MainActor
public final class SignInWithAppleButtonSupport {
    private var nonce: String?

    /// Support for one button.
    public init() {}

    /// The button's `onRequest`.
    public func prepare(_ request: ASAuthorizationAppleIDRequest) {
        let nonce = AppleAuthorizationReading.makeNonce()
        self.nonce = nonce.value
        request.requestedScopes = [.fullName, .email]
        request.nonce = nonce.hashed
    }

    /// The button's `onCompletion`, read: the credential, or why there is none.
    public func credential(from result: Result<ASAuthorization, any Error>) -> Result<AppleSignInCredential, SignInFailure> {
        defer { nonce = nil }
        switch result {
        case .success(let authorization):
            switch AppleAuthorizationReading.credential(of: authorization, nonce: nonce) {
            case .success(let credential): return .success(AppleSignInCredential(credential))
            case .failure(let error): return .failure(SignInFailure(error))
            }
        case .failure(let error):
            return .failure(SignInFailure(AppleAuthorizationReading.failure(error)))
        }
    }
}
#endif

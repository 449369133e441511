#if canImport(AuthenticationServices) && canImport(CryptoKit) && !os(watchOS)
import AuthenticationServices
import CryptoKit
import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// An ``AppleCredentialProvider`` on `ASAuthorizationController`: shows the system's Sign
/// in with Apple sheet (full name and e-mail requested, a fresh nonce whose SHA-256 goes
/// with the request) and returns the credential.
///
/// Apple platforms only (`#if canImport(AuthenticationServices)`). It is not compiled, run
/// or verified on Linux, where the package's tests run; the rest of the flow is tested
/// there with ``FixedAppleCredentialProvider``.
@MainActor
public final class AuthorizationControllerCredentialProvider: NSObject, AppleCredentialProvider {
    private struct Pending {
        var continuation: CheckedContinuation<Result<AppleCredential, AuthError>, Never>
        var nonce: String
        var controller: ASAuthorizationController
    }

    private let anchor: @MainActor () -> ASPresentationAnchor
    private var pending: Pending?

    /// A provider presenting over the window that `anchor` returns.
    public init(anchor: @escaping @MainActor () -> ASPresentationAnchor) {
        self.anchor = anchor
    }

    /// Shows the Sign in with Apple sheet and returns the credential.
    public func appleCredential() async throws(AuthError) -> AppleCredential {
        guard pending == nil else { throw .credentialUnavailable(reason: "a Sign in with Apple sheet is already showing") }
        let nonce = AppleAuthorizationReading.makeNonce()
        let request = ASAuthorizationAppleIDProvider().createRequest()
        request.requestedScopes = [.fullName, .email]
        request.nonce = nonce.hashed
        let controller = ASAuthorizationController(authorizationRequests: [request])
        controller.delegate = self
        controller.presentationContextProvider = self
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<AppleCredential, AuthError>, Never>) in
            pending = Pending(continuation: continuation, nonce: nonce.value, controller: controller)
            controller.performRequests()
        }
        return try result.get()
    }

    private func finish(_ result: Result<AppleCredential, AuthError>) {
        guard let pending else { return }
        self.pending = nil
        pending.continuation.resume(returning: result)
    }
}

extension AuthorizationControllerCredentialProvider: @preconcurrency ASAuthorizationControllerDelegate {
    /// Receives the credential from the system.
    public func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {
        finish(AppleAuthorizationReading.credential(of: authorization, nonce: pending?.nonce))
    }

    /// Receives the failure from the system; a cancelled sheet is ``AuthError/credentialCancelled``.
    public func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
        finish(.failure(AppleAuthorizationReading.failure(error)))
    }
}

extension AuthorizationControllerCredentialProvider: @preconcurrency ASAuthorizationControllerPresentationContextProviding {
    /// The window the sheet is shown over.
    public func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
        anchor()
    }
}
#endif

/// Where an ``AppleCredential`` comes from: `ASAuthorizationController` on Apple
/// platforms (`AuthorizationControllerCredentialProvider`), anything injected elsewhere
/// (``FixedAppleCredentialProvider`` for a credential obtained by other means, such as
/// the command line or a test).
public protocol AppleCredentialProvider: Sendable {
    /// Asks the learner to sign in with Apple and returns the credential.
    /// - Throws: ``AuthError/credentialCancelled`` when the learner declines,
    ///   ``AuthError/credentialUnavailable(reason:)`` when no credential can be had.
    @MainActor func appleCredential() async throws(AuthError) -> AppleCredential
}

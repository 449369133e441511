/// A provider that hands over a credential obtained elsewhere: by another device, a web
/// flow, the command line (`zhixi-review auth sign-in`) or a test.
public struct FixedAppleCredentialProvider: AppleCredentialProvider {
    /// The credential handed over.
    public let credential: AppleCredential

    /// A provider of `credential`.
    public init(_ credential: AppleCredential) {
        self.credential = credential
    }

    /// The credential.
    public func appleCredential() async throws(AuthError) -> AppleCredential { credential }
}

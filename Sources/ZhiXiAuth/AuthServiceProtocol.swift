import ZhiXiModel
import ZhiXiNetwork

/// Signing in with Apple, renewing the session, the current user and signing out: the
/// seam between the app's session state (``AppSession``) and the server.
package protocol AuthServiceProtocol: Sendable {
    /// `true` when tokens are saved, so that a refresh may sign the learner in again.
    var hasStoredSession: Bool { get }

    /// Signs in with an Apple credential: `POST auth/apple`, tokens saved, the user returned.
    func signIn(with credential: AppleCredential) async throws(AuthError) -> User

    /// Obtains a credential from `provider`, then signs in with it.
    func signIn(using provider: any AppleCredentialProvider) async throws(AuthError) -> User

    /// Renews the session with the saved refresh token (`POST auth/refresh`), saves the
    /// new tokens and returns the user. A refused refresh clears the saved tokens.
    func refresh() async throws(AuthError) -> User

    /// The signed-in user from the server (`GET users/me`, refreshing once on a 401).
    func currentUser() async throws(AuthError) -> User

    /// Tells the server (`POST auth/logout`) and clears the local tokens, even when the
    /// server cannot be told.
    @discardableResult
    func logout() async throws(AuthError) -> LogoutOutcome
}

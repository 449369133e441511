import ZhiXiAuth
import ZhiXiDomain
import ZhiXiModel

/// `SessionRepository` on the app's `AppSession` (ZhiXiAuth): its login state, route and
/// sign-in with a credential provider (the Sign in with Apple sheet on Apple platforms).
@MainActor
package final class AppSessionRepository: SessionRepository {
    /// The session.
    package let session: AppSession
    private let credentials: any AppleCredentialProvider
    private let tokenStore: TokenStore?
    private let storage: LearnerStorage?

    /// The repository on `session`.
    /// - Parameters:
    ///   - session: the app's session.
    ///   - credentials: where signing in gets its credential (the Sign in with Apple sheet).
    ///   - tokenStore: the session's tokens, to tell a saved session that cannot be read
    ///     (``restore()`` answers `.storage`) from none at all; `nil`: both are "nothing kept".
    ///   - storage: the learners' files on the device, which ``forgetDevice()`` removes
    ///     (`nil`: it only signs out).
    package init(session: AppSession, credentials: any AppleCredentialProvider, tokenStore: TokenStore? = nil,
                 storage: LearnerStorage? = nil) {
        self.session = session
        self.credentials = credentials
        self.tokenStore = tokenStore
        self.storage = storage
    }

    /// `true` while a learner is signed in.
    package var isSignedIn: Bool { session.isAuthenticated }

    /// The signed-in learner's id.
    package var signedInUserID: String? { session.currentUser?.id }

    /// The session's route.
    package var destination: AppDestination {
        switch session.route {
        case .splash: .splash
        case .login: .login
        case .onboarding: .onboarding
        case .main: .main
        }
    }

    /// `true` while the session works.
    package var isWorking: Bool { session.isLoading }

    /// `AppSession.isUnverified`: signed in as the device remembers the learner, the server
    /// not reached since launch.
    package var isUnverified: Bool { session.isUnverified }

    /// `AppSession.loginStates()`.
    package func loginStates() -> AsyncStream<Bool> { session.loginStates() }

    /// `AppSession.bootstrap()`; returns why the learner is left signed out: the session's
    /// error, or `.storage` when the saved session could not be read (a damaged record, an
    /// unreadable store); `nil` when signed in (offline too) or when nothing was kept.
    @discardableResult
    package func restore() async -> SessionRestoreFailure? {
        let unreadable: Bool
        do {
            _ = try tokenStore?.readTokens()
            unreadable = false
        } catch {
            unreadable = true
        }
        await session.bootstrap()
        guard !session.isAuthenticated else { return nil }
        if let error = session.authError { return SessionRestoreFailure(error) }
        return unreadable ? .storage : nil
    }

    /// `AppSession.verify()`.
    package func verify() async { await session.verify() }

    /// Signs in with a credential from the provider.
    /// - Throws: `SignInFailure` from the session's error, `.busy` when the session was
    ///   already working.
    package func signIn() async throws(SignInFailure) -> AppDestination {
        try await signIn(using: credentials)
    }

    private func signIn(using credentials: any AppleCredentialProvider) async throws(SignInFailure) -> AppDestination {
        guard !session.isLoading else { throw .busy }
        await session.signIn(using: credentials)
        if session.isAuthenticated { return destination }
        throw session.authError.map(SignInFailure.init) ?? .busy
    }

    /// Signs in with a credential Sign in with Apple gave the app elsewhere (the
    /// `SignInWithAppleButton` completion).
    /// - Throws: as ``signIn()``.
    package func signIn(with credential: AppleSignInCredential) async throws(SignInFailure) -> AppDestination {
        try await signIn(using: FixedAppleCredentialProvider(AppleCredential(credential)))
    }

    /// `AppSession.update(_:)` with the learner as the server answered them (after the
    /// onboarding), when they are the learner signed in; returns where the app goes now.
    @discardableResult
    package func accept(_ user: User) -> AppDestination {
        if session.currentUser?.id == user.id { session.update(user) }
        return destination
    }

    /// `AppSession.signOut()`.
    package func signOut() async { await session.signOut() }

    /// `AppSession.signOut()`, then the signed-in learner's directory removed
    /// (`LearnerStorage.forget(user:)`).
    /// - Throws: `RepositoryFailure.storage(reason:)` when it cannot be removed.
    package func forgetDevice() async throws(RepositoryFailure) {
        let userID = signedInUserID
        await session.signOut()
        guard let userID, let storage else { return }
        try storage.forget(user: userID)
    }
}

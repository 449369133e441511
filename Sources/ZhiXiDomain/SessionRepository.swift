import ZhiXiModel

/// The learner's session as the pages see it: whether someone is signed in (now, and as a
/// stream of changes), where the app goes, and signing in and out. The app's implementation
/// sits on `AppSession` (ZhiXiAuth); view models only know this protocol.
///
/// On the main actor, as the session state it reads.
@MainActor
package protocol SessionRepository: AnyObject {
    /// `true` while a learner is signed in.
    var isSignedIn: Bool { get }

    /// The id of the signed-in learner, `nil` when signed out.
    var signedInUserID: String? { get }

    /// Where the app goes now.
    var destination: AppDestination { get }

    /// `true` while the session restores, signs in or signs out.
    var isWorking: Bool { get }

    /// `true` while the learner is signed in as the device remembers them because the server
    /// could not be reached at launch: the pages work from what the device keeps, and
    /// ``verify()`` asks the server again. `false` when signed out or confirmed.
    var isUnverified: Bool { get }

    /// The login state: the current value first, then every change, in order (none is
    /// dropped, so a sign-out followed at once by a sign-in is seen as both). Each call
    /// makes a new stream; it ends when the consumer stops iterating.
    func loginStates() -> AsyncStream<Bool>

    /// Restores the session at launch from what the device kept (the refresh token; offline,
    /// the learner remembered). Returns why the learner is left signed out, `nil` when they
    /// are signed in or nothing was kept (a first launch, or after signing out).
    @discardableResult
    func restore() async -> SessionRestoreFailure?

    /// Asks the server to confirm a session restored without it (``isUnverified``): the
    /// learner stays signed in when it does (or still cannot be reached), and is signed out
    /// when it refuses. Nothing happens for a confirmed session.
    func verify() async

    /// Signs in (Sign in with Apple, through the credential provider the app was built
    /// with) and returns where the app goes next.
    /// - Throws: ``SignInFailure`` when the learner is not signed in.
    func signIn() async throws(SignInFailure) -> AppDestination

    /// Signs in with a credential Sign in with Apple gave the app elsewhere (SwiftUI's
    /// `SignInWithAppleButton` completion) and returns where the app goes next.
    /// - Throws: ``SignInFailure`` when the learner is not signed in.
    func signIn(with credential: AppleSignInCredential) async throws(SignInFailure) -> AppDestination

    /// Takes the signed-in learner as the server answered them after a change (the
    /// onboarding finished: `onboardingCompleted` true) and returns where the app goes now.
    /// An answer about someone else than the learner signed in (who signed out meanwhile)
    /// changes nothing.
    @discardableResult
    func accept(_ user: User) -> AppDestination

    /// Signs out: the device forgets the session whatever the server answers.
    func signOut() async

    /// Signs out (``signOut()``) and removes what the device keeps of the learner who was
    /// signed in: their files (the cached workspace, the outbox with what was not sent yet,
    /// the reading positions and queue, the chat history, the language they chose). Nothing
    /// but the sign-out when nobody was signed in.
    /// - Throws: ``RepositoryFailure`` `.storage` when the learner's files cannot be removed
    ///   (they are signed out all the same).
    func forgetDevice() async throws(RepositoryFailure)
}

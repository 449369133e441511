import ZhiXiDomain
import ZhiXiModel

/// The session of the previews: the sample learner (or a user given) signed in or not, routed
/// to main or onboarding as the user's `onboardingCompleted` says; ``signIn()`` signs in at
/// once, or fails as ``setSignInFailure(_:)`` says; every change of the login state is told to
/// every stream of ``loginStates()``. No network, no Keychain.
@MainActor
package final class PreviewSessionRepository: SessionRepository {
    /// The learner signed in by ``signIn()``.
    package private(set) var user: User
    /// `true` while signed in.
    package private(set) var isSignedIn: Bool
    /// Sign-outs so far (pages sign out when a repository says the session is gone).
    package private(set) var signOutCount = 0
    private var signInFailure: SignInFailure?
    private var holdsSignIn = false
    private var streams: [AsyncStream<Bool>.Continuation] = []

    /// A session of `user` (default the sample learner), signed in or not.
    package init(user: User = PreviewSample.user, signedIn: Bool = true) {
        self.user = user
        isSignedIn = signedIn
    }

    /// The signed-in learner's id.
    package var signedInUserID: String? { isSignedIn ? user.id : nil }

    /// Main or onboarding while signed in, login otherwise.
    package var destination: AppDestination { isSignedIn ? (user.onboardingCompleted ? .main : .onboarding) : .login }

    /// Never working: every change is at once.
    package var isWorking: Bool { false }

    /// Always confirmed.
    package var isUnverified: Bool { false }

    /// The current state, then every change.
    package func loginStates() -> AsyncStream<Bool> {
        let (stream, continuation) = AsyncStream.makeStream(of: Bool.self, bufferingPolicy: .unbounded)
        continuation.yield(isSignedIn)
        streams.append(continuation)
        return stream
    }

    /// Nothing to restore.
    package func restore() async -> SessionRestoreFailure? { nil }

    /// Nothing to confirm.
    package func verify() async {}

    /// Signs in, unless a failure was set; held until cancelled after ``setSignInHeld(_:)``.
    package func signIn() async throws(SignInFailure) -> AppDestination {
        if holdsSignIn {
            while !Task.isCancelled { try? await Task.sleep(nanoseconds: 3_600_000_000_000) }
            throw .cancelled
        }
        if let signInFailure { throw signInFailure }
        setSignedIn(true)
        return destination
    }

    /// Signs in as ``signIn()`` does: the credential is not looked at.
    package func signIn(with credential: AppleSignInCredential) async throws(SignInFailure) -> AppDestination {
        try await signIn()
    }

    /// Takes the answered user when it is the learner signed in (the onboarding finished).
    @discardableResult
    package func accept(_ user: User) -> AppDestination {
        if isSignedIn, user.id == self.user.id { self.user = user }
        return destination
    }

    /// Signs out.
    package func signOut() async {
        signOutCount += 1
        setSignedIn(false)
    }

    /// Signs out; nothing of the learner is kept on a device here.
    package func forgetDevice() async throws(RepositoryFailure) {
        await signOut()
    }

    /// Signs in or out at once.
    package func setSignedIn(_ signedIn: Bool) {
        guard signedIn != isSignedIn else { return }
        isSignedIn = signedIn
        for stream in streams { stream.yield(signedIn) }
    }

    /// Holds the next sign-ins on their way until they are cancelled (`false`: at once again).
    package func setSignInHeld(_ held: Bool) {
        holdsSignIn = held
    }

    /// Makes the next sign-ins fail with `failure` (`nil`: succeed).
    package func setSignInFailure(_ failure: SignInFailure?) {
        signInFailure = failure
    }
}

import ZhiXiDomain
import ZhiXiModel

/// A session a test signs in and out by hand: ``setSignedIn(_:)`` changes the login state and
/// tells every stream of ``loginStates()``.
@MainActor
package final class FakeSessionRepository: SessionRepository {
    /// `true` while signed in.
    package private(set) var isSignedIn: Bool
    /// `learner-1` while signed in.
    package var signedInUserID: String? { isSignedIn ? "learner-1" : nil }
    /// Main while signed in, login otherwise.
    package var destination: AppDestination { isSignedIn ? .main : .login }
    /// Never working.
    package var isWorking: Bool { false }
    /// Always confirmed.
    package var isUnverified: Bool { false }
    /// Sign-outs asked for by pages.
    package private(set) var signOutCount = 0
    private var continuations: [AsyncStream<Bool>.Continuation] = []

    /// A session, signed in or not.
    package init(signedIn: Bool) {
        isSignedIn = signedIn
    }

    /// Signs in or out.
    package func setSignedIn(_ signedIn: Bool) {
        guard signedIn != isSignedIn else { return }
        isSignedIn = signedIn
        for continuation in continuations { continuation.yield(signedIn) }
    }

    /// The current state, then every change.
    package func loginStates() -> AsyncStream<Bool> {
        let (stream, continuation) = AsyncStream.makeStream(of: Bool.self, bufferingPolicy: .unbounded)
        continuation.yield(isSignedIn)
        continuations.append(continuation)
        return stream
    }

    /// Nothing to restore.
    package func restore() async -> SessionRestoreFailure? { nil }

    /// Nothing to confirm.
    package func verify() async {}

    /// Signs in.
    package func signIn() async throws(SignInFailure) -> AppDestination {
        setSignedIn(true)
        return destination
    }

    /// Signs in (the credential is not looked at).
    package func signIn(with credential: AppleSignInCredential) async throws(SignInFailure) -> AppDestination {
        try await signIn()
    }

    /// Users accepted, oldest first.
    package private(set) var accepted: [User] = []

    /// Keeps `user`; main while signed in.
    @discardableResult
    package func accept(_ user: User) -> AppDestination {
        if isSignedIn { accepted.append(user) }
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
}

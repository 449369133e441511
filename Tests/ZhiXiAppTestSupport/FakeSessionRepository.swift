import ZhiXiDomain
import ZhiXiModel

/// A session a test signs in and out by hand: ``setSignedIn(_:)`` changes the login state and
/// tells every stream of ``loginStates()``.
@MainActor
public final class FakeSessionRepository: SessionRepository {
    /// `true` while signed in.
    public private(set) var isSignedIn: Bool
    /// `learner-1` while signed in.
    public var signedInUserID: String? { isSignedIn ? "learner-1" : nil }
    /// Main while signed in, login otherwise.
    public var destination: AppDestination { isSignedIn ? .main : .login }
    /// Never working.
    public var isWorking: Bool { false }
    /// Always confirmed.
    public var isUnverified: Bool { false }
    /// Sign-outs asked for by pages.
    public private(set) var signOutCount = 0
    private var continuations: [AsyncStream<Bool>.Continuation] = []

    /// A session, signed in or not.
    public init(signedIn: Bool) {
        isSignedIn = signedIn
    }

    /// Signs in or out.
    public func setSignedIn(_ signedIn: Bool) {
        guard signedIn != isSignedIn else { return }
        isSignedIn = signedIn
        for continuation in continuations { continuation.yield(signedIn) }
    }

    /// The current state, then every change.
    public func loginStates() -> AsyncStream<Bool> {
        let (stream, continuation) = AsyncStream.makeStream(of: Bool.self, bufferingPolicy: .unbounded)
        continuation.yield(isSignedIn)
        continuations.append(continuation)
        return stream
    }

    /// Nothing to restore.
    public func restore() async -> SessionRestoreFailure? { nil }

    /// Nothing to confirm.
    public func verify() async {}

    /// Signs in.
    public func signIn() async throws(SignInFailure) -> AppDestination {
        setSignedIn(true)
        return destination
    }

    /// Signs in (the credential is not looked at).
    public func signIn(with credential: AppleSignInCredential) async throws(SignInFailure) -> AppDestination {
        try await signIn()
    }

    /// Users accepted, oldest first.
    public private(set) var accepted: [User] = []

    /// Keeps `user`; main while signed in.
    @discardableResult
    public func accept(_ user: User) -> AppDestination {
        if isSignedIn { accepted.append(user) }
        return destination
    }

    /// Signs out.
    public func signOut() async {
        signOutCount += 1
        setSignedIn(false)
    }
}

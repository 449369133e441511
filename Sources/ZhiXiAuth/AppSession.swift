import Observation
import ZhiXiModel
import ZhiXiNetwork

/// The app's session state on the main actor, observable by SwiftUI (`@Observable`):
/// who is signed in, which screen to show, whether work is under way and what went wrong.
///
/// ``bootstrap()`` restores the session at launch exactly as the app's flow says: with a
/// refresh token saved, refresh → signed in, routed to onboarding when
/// `user.onboardingCompleted` is false, else to main; refresh refused → tokens cleared →
/// login; no token (or an unreadable store) → login. When the server cannot be reached
/// the route is login with ``authError`` saying so, and the tokens are kept for the next
/// try.
///
/// ``loginStates()`` streams whether a learner is signed in, for the pages behind sign-in
/// (their view models go to a logged-out state the moment it turns `false`).
@MainActor
@Observable
public final class AppSession {
    /// The screen to show. ``AppRoute/splash`` until ``bootstrap()`` has decided.
    public private(set) var route: AppRoute = .splash
    /// `true` while restoring, signing in or signing out.
    public private(set) var isLoading = false
    /// The signed-in learner, `nil` when signed out.
    public private(set) var currentUser: User?
    /// What went wrong last, `nil` after a success.
    public private(set) var authError: AuthError?

    /// `true` when a learner is signed in.
    public var isAuthenticated: Bool { currentUser != nil }

    @ObservationIgnored private let authService: any AuthServiceProtocol
    @ObservationIgnored private let loginBroadcast = LoginStateBroadcast()
    @ObservationIgnored private var publishedLoginState = false

    /// A session on `authService`, on the splash screen until ``bootstrap()``.
    public init(authService: any AuthServiceProtocol) {
        self.authService = authService
    }

    /// Whether a learner is signed in: the current value first, then every change, in order
    /// (a stream buffers them all, so a sign-out followed at once by a sign-in reaches a slow
    /// reader as both). Each call makes a new stream; it ends when its reader stops (the
    /// reading task is cancelled) or the session is released.
    public func loginStates() -> AsyncStream<Bool> {
        loginBroadcast.stream(startingWith: isAuthenticated)
    }

    deinit {
        loginBroadcast.finishAll()
    }

    /// Restores the session at launch (see the type's description). Does nothing while
    /// another operation of the session is under way.
    public func bootstrap() async {
        guard !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        route = .splash
        authError = nil
        guard authService.hasStoredSession else {
            showLogin(error: nil)
            return
        }
        do {
            signedIn(try await authService.refresh())
        } catch {
            showLogin(error: error)
        }
    }

    /// Signs in with a credential from `provider` (the Sign in with Apple sheet on Apple
    /// platforms), then routes to onboarding or main. On failure the route stays login and
    /// ``authError`` says why.
    public func signIn(using provider: any AppleCredentialProvider) async {
        guard !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        do {
            let credential = try await provider.appleCredential()
            signedIn(try await authService.signIn(with: credential))
        } catch {
            showLogin(error: error)
        }
    }

    /// Signs in with a credential obtained elsewhere.
    public func signIn(with credential: AppleCredential) async {
        await signIn(using: FixedAppleCredentialProvider(credential))
    }

    /// Signs out: tells the server when it can, clears the local tokens in any case, and
    /// routes to login. Returns what the server was told, `nil` when the local tokens could
    /// not be cleared (then ``authError`` says why).
    @discardableResult
    public func signOut() async -> LogoutOutcome? {
        isLoading = true
        defer { isLoading = false }
        do {
            let outcome = try await authService.logout()
            showLogin(error: nil)
            return outcome
        } catch {
            showLogin(error: error)
            return nil
        }
    }

    /// Takes a new version of the signed-in user (for example after the onboarding was
    /// finished on the server) and routes accordingly.
    public func update(_ user: User) {
        guard currentUser != nil else { return }
        signedIn(user)
    }

    private func signedIn(_ user: User) {
        currentUser = user
        authError = nil
        route = user.onboardingCompleted ? .main : .onboarding
        publishLoginState()
    }

    private func showLogin(error: AuthError?) {
        currentUser = nil
        authError = error
        route = .login
        publishLoginState()
    }

    /// Tells the readers of ``loginStates()`` when the login state changed.
    private func publishLoginState() {
        guard isAuthenticated != publishedLoginState else { return }
        publishedLoginState = isAuthenticated
        loginBroadcast.yield(publishedLoginState)
    }
}

import Observation
import ZhiXiCore
import ZhiXiModel
import ZhiXiNetwork

/// The app's session state on the main actor, observable by SwiftUI (`@Observable`):
/// who is signed in, which screen to show, whether work is under way and what went wrong.
///
/// ``bootstrap()`` restores the session at launch as the app's flow says, offline first:
/// - a refresh token saved → refresh → signed in, routed to onboarding when
///   `user.onboardingCompleted` is false, else to main;
/// - the refresh refused by the server (the refresh token is invalid or expired) → tokens
///   cleared → login, ``authError`` saying why;
/// - the server cannot be reached (no network, a timeout, a 5xx after the retries, no usable
///   answer: ``AuthError/isServerUnavailable``) → the tokens are kept and, when the device
///   remembers the learner (``SessionUserStore``, in the secure store beside the tokens), the
///   learner is signed in as remembered and routed as before, with ``isUnverified`` `true`:
///   the pages work from what the device keeps. ``verify()`` asks the server again (the
///   pages call it when they reach the server); refused then, the learner is signed out.
///   Without a remembered learner (an older install, or no ``SessionUserStore`` given) the
///   route is login with ``authError`` saying the server cannot be reached, tokens kept;
/// - no token (or an unreadable store) → login.
///
/// Every learner the server confirms is remembered in the ``SessionUserStore``; signing out,
/// or a session the server refuses, forgets them.
///
/// ``loginStates()`` streams whether a learner is signed in, for the pages behind sign-in
/// (their view models go to a logged-out state the moment it turns `false`).
@MainActor
@Observable
package final class AppSession {
    /// The screen to show. ``AppRoute/splash`` until ``bootstrap()`` has decided.
    package private(set) var route: AppRoute = .splash
    /// `true` while restoring, signing in or signing out.
    package private(set) var isLoading = false
    /// The signed-in learner, `nil` when signed out.
    package private(set) var currentUser: User?
    /// What went wrong last, `nil` after a success.
    package private(set) var authError: AuthError?

    /// `true` while the learner is signed in as the device remembers them, the server not
    /// reached since launch to confirm the session (see ``bootstrap()``); ``verify()`` asks
    /// it again. `false` when signed out or confirmed.
    package private(set) var isUnverified = false

    /// `true` when a learner is signed in.
    package var isAuthenticated: Bool { currentUser != nil }

    @ObservationIgnored private let authService: any AuthServiceProtocol
    @ObservationIgnored private let userStore: SessionUserStore?
    @ObservationIgnored private let loginBroadcast = Broadcast<Bool>()
    @ObservationIgnored private var publishedLoginState = false

    /// A session on `authService`, on the splash screen until ``bootstrap()``.
    /// - Parameters:
    ///   - authService: signs in, renews and signs out.
    ///   - userStore: where the confirmed learner is remembered, for a launch without
    ///     network (the same secure store as the tokens); `nil`: nobody is remembered, and a
    ///     launch without network routes to login.
    package init(authService: any AuthServiceProtocol, userStore: SessionUserStore? = nil) {
        self.authService = authService
        self.userStore = userStore
    }

    /// Whether a learner is signed in: the current value first, then every change, in order
    /// (a stream buffers them all, so a sign-out followed at once by a sign-in reaches a slow
    /// reader as both). Each call makes a new stream; it ends when its reader stops (the
    /// reading task is cancelled) or the session is released.
    package func loginStates() -> AsyncStream<Bool> {
        loginBroadcast.stream(startingWith: isAuthenticated)
    }

    deinit {
        loginBroadcast.finishAll()
    }

    /// Restores the session at launch (see the type's description). Does nothing while
    /// another operation of the session is under way.
    package func bootstrap() async {
        guard !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        route = .splash
        authError = nil
        guard authService.hasStoredSession else {
            forgetUser()
            showLogin(error: nil)
            return
        }
        do {
            signedIn(try await authService.refresh(), verified: true)
        } catch {
            if error.requiresSignIn {
                forgetUser()
                showLogin(error: error)
            } else if error.isServerUnavailable, let remembered = userStore?.loadUser() {
                signedIn(remembered, verified: false)
                authError = error
            } else {
                showLogin(error: error)
            }
        }
    }

    /// Asks the server to confirm a session restored without it (``isUnverified``):
    /// `GET users/me`, renewing the access token once if it has expired. Confirmed → the
    /// learner as the server has them now, routed accordingly; refused → signed out (tokens
    /// and remembered learner cleared, route login, ``authError`` saying why); still no
    /// server → unchanged, ``authError`` saying why. Does nothing for a confirmed session,
    /// when signed out, or while another operation is under way.
    package func verify() async {
        guard isUnverified, !isLoading, let before = currentUser else { return }
        isLoading = true
        defer { isLoading = false }
        let outcome: Result<User, AuthError>
        do {
            outcome = .success(try await authService.currentUser())
        } catch {
            outcome = .failure(error)
        }
        // Signed out, or in as someone else, meanwhile: that stands.
        guard isUnverified, currentUser?.id == before.id else { return }
        switch outcome {
        case .success(let user):
            signedIn(user, verified: true)
        case .failure(let error) where error.requiresSignIn:
            forgetUser()
            // A refused refresh cleared the tokens already; a refused renewed token did not.
            _ = try? await authService.logout()
            showLogin(error: error)
        case .failure(let error):
            authError = error
        }
    }

    /// Signs in with a credential from `provider` (the Sign in with Apple sheet on Apple
    /// platforms), then routes to onboarding or main. On failure the route stays login and
    /// ``authError`` says why.
    package func signIn(using provider: any AppleCredentialProvider) async {
        guard !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        do {
            let credential = try await provider.appleCredential()
            signedIn(try await authService.signIn(with: credential), verified: true)
        } catch {
            showLogin(error: error)
        }
    }

    /// Signs in with a credential obtained elsewhere.
    package func signIn(with credential: AppleCredential) async {
        await signIn(using: FixedAppleCredentialProvider(credential))
    }

    /// Signs out: tells the server when it can, clears the local tokens in any case, and
    /// routes to login. Returns what the server was told, `nil` when the local tokens could
    /// not be cleared (then ``authError`` says why).
    @discardableResult
    package func signOut() async -> LogoutOutcome? {
        isLoading = true
        defer { isLoading = false }
        forgetUser()
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
    /// finished on the server) and routes accordingly; an unverified session stays so.
    package func update(_ user: User) {
        guard currentUser != nil else { return }
        signedIn(user, verified: !isUnverified)
    }

    /// Signs `user` in: `verified` when the server has just confirmed the session (the
    /// learner is then remembered), else as the device remembered them.
    private func signedIn(_ user: User, verified: Bool) {
        currentUser = user
        authError = nil
        if isUnverified == verified { isUnverified = !verified }
        route = user.onboardingCompleted ? .main : .onboarding
        if verified { remember(user) }
        publishLoginState()
    }

    private func showLogin(error: AuthError?) {
        currentUser = nil
        authError = error
        if isUnverified { isUnverified = false }
        route = .login
        publishLoginState()
    }

    /// Remembers the confirmed learner for a launch without network. When that fails, the
    /// learner remembered before is forgotten (best effort), so that such a launch never
    /// signs in someone the tokens are not for.
    private func remember(_ user: User) {
        guard let userStore else { return }
        do {
            try userStore.saveUser(user)
        } catch {
            try? userStore.clearUser()
        }
    }

    /// Forgets the remembered learner (signed out, or the session refused); best effort.
    private func forgetUser() {
        try? userStore?.clearUser()
    }

    /// Tells the readers of ``loginStates()`` when the login state changed.
    private func publishLoginState() {
        guard isAuthenticated != publishedLoginState else { return }
        publishedLoginState = isAuthenticated
        loginBroadcast.yield(publishedLoginState)
    }
}

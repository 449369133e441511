/// The screen the app shows, decided by the session.
package enum AppRoute: String, Sendable, Hashable, CaseIterable {
    /// While the session is restored at launch.
    case splash
    /// Signed out: the Sign in with Apple screen.
    case login
    /// Signed in, first-run introduction not finished (`user.onboardingCompleted` false).
    case onboarding
    /// Signed in and introduced: the app itself.
    case main
}

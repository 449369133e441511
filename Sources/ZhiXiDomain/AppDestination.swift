/// The screen the app shows, as the session decides it: the domain's view of the session's
/// route, so that pages and their view models never see the auth stack.
public enum AppDestination: String, Sendable, Hashable, CaseIterable {
    /// While the session is restored at launch.
    case splash
    /// Signed out: the Sign in with Apple screen.
    case login
    /// Signed in, first-run introduction not finished.
    case onboarding
    /// Signed in and introduced: the app itself.
    case main
}

import ZhiXiDomain

/// What the first-run page (学习方向与偏好) draws.
public enum OnboardingUiState: Sendable, Hashable {
    /// The choices the server already holds are being fetched.
    case loading
    /// The form: its texts and choices, and what is wrong with the answers (if anything).
    case editing(OnboardingScreen)
    /// The answers are being sent.
    case submitting(OnboardingScreen)
    /// The server took the answers; the app goes to this destination (the app itself).
    case finished(AppDestination)
    /// No learner is signed in.
    case loggedOut
    /// The answers could not be sent: a message and the retry button's label
    /// (``OnboardingViewModel/retry()`` sends them again; the answers are kept).
    case error(ScreenError)
}

import ZhiXiDomain

/// What the progress page (学习进度) draws.
public enum LearningProgressUiState: Sendable, Hashable {
    /// The figures are being gathered.
    case loading
    /// The totals, the last 7 days and the last year.
    case success(LearningProgressScreen)
    /// No learner is signed in.
    case loggedOut
    /// The figures could not be gathered: a message and the retry button's label
    /// (``LearningProgressViewModel/retry()``).
    case error(ScreenError)
}

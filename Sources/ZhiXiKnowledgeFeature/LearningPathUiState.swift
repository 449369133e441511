import ZhiXiDomain

/// What a learning path's page (学习路径) draws.
public enum LearningPathUiState: Sendable, Hashable {
    /// The path is being gathered.
    case loading
    /// Its lessons with their next reviews.
    case success(LearningPathScreen)
    /// No learner is signed in.
    case loggedOut
    /// The path could not be gathered (or does not exist): a message and the retry button's
    /// label (``LearningPathViewModel/retry()``).
    case error(ScreenError)
}

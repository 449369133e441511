import ZhiXiDomain

/// What the study home (学习) draws.
public enum StudyHomeUiState: Sendable, Hashable {
    /// The home is being gathered.
    case loading
    /// Today's work, continue reading, the learner's totals.
    case success(StudyHomeScreen)
    /// No learner is signed in.
    case loggedOut
    /// The home could not be gathered: a message and the retry button's label
    /// (``StudyHomeViewModel/retry()``).
    case error(ScreenError)
}

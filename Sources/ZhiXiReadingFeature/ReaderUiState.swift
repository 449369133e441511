import ZhiXiDomain

/// What the reading page (内容阅读) draws.
public enum ReaderUiState: Sendable, Hashable {
    /// Finding where the learner left the material.
    case loading
    /// The material is open: where to resume it, whether it was finished.
    case reading(ReaderScreen)
    /// The page closed the material (it left the screen).
    case closed
    /// No learner is signed in.
    case loggedOut
    /// The material could not be opened: a message and the retry button's label
    /// (``ReaderViewModel/retry()``).
    case error(ScreenError)
}

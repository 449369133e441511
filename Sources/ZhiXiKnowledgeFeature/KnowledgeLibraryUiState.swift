import ZhiXiDomain

/// What the library page (知识库) draws.
public enum KnowledgeLibraryUiState: Sendable, Hashable {
    /// The library is being gathered.
    case loading
    /// The knowledge bases with their learning paths.
    case success(KnowledgeLibraryScreen)
    /// No learner is signed in.
    case loggedOut
    /// The library could not be gathered: a message and the retry button's label
    /// (``KnowledgeLibraryViewModel/retry()``).
    case error(ScreenError)
}

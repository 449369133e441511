import ZhiXiDomain

/// What the AI tutor page (AI 导师) draws.
public enum ChatUiState: Sendable, Hashable {
    /// The conversation kept on the device is being read.
    case loading
    /// The conversation, with the reply on its way or what went wrong with it.
    case success(ChatScreen)
    /// No learner is signed in.
    case loggedOut
    /// The conversation could not be read: a message and the retry button's label
    /// (``AIChatViewModel/retry()``).
    case error(ScreenError)
}

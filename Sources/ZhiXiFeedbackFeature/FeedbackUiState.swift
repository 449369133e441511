import ZhiXiDomain

/// What the feedback page (意见反馈) draws.
public enum FeedbackUiState: Sendable, Hashable {
    /// The form, being written.
    case editing(FeedbackForm)
    /// The form, sent and waiting for the server: nothing can be changed or sent again.
    case submitting(FeedbackForm)
    /// The server has it.
    case sent(FeedbackSentScreen)
    /// It was not sent: the form as written, a message and the retry button's label
    /// (``FeedbackViewModel/retry()``).
    case failed(FeedbackForm, ScreenError)
    /// No learner is signed in.
    case loggedOut
}

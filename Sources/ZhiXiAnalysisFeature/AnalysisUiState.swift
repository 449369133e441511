import ZhiXiDomain

/// What the analysis page (AI 分析) draws.
public enum AnalysisUiState: Sendable, Hashable {
    /// The lesson is being read.
    case loading
    /// The lesson and its recall questions: the learner writes what they remember.
    case ready(RecallPromptScreen)
    /// What the learner wrote is with the AI.
    case analyzing(RecallPromptScreen)
    /// The AI's score, weak points and suggestions, and the lesson's next review.
    case analyzed(AnalysisResultScreen)
    /// No learner is signed in.
    case loggedOut
    /// The lesson could not be read or the analysis failed: a message and the retry button's
    /// label (``AnalysisViewModel/retry()`` tries the same step again).
    case error(ScreenError)
}

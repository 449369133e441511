import ZhiXiDomain

/// What the review-plan page draws.
public enum ReviewPlanUiState: Sendable, Hashable {
    /// The plan is being made (first load, or a load after an error).
    case loading
    /// The plan: today, tomorrow, this week.
    case success(ReviewPlanScreen)
    /// No learner is signed in: the page asks to sign in (no data, no error).
    case loggedOut
    /// The plan could not be made: a message for the learner and the retry button's label
    /// (``ReviewPlanViewModel/retry()``).
    case error(ScreenError)
}

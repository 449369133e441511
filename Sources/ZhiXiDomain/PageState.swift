/// What a page that loads one screen draws: the shape shared by the review plan, the study
/// home, the knowledge library, a learning path, the learning progress and the chat (each
/// feature names it by a type alias, e.g. `ReviewPlanUiState` is `PageState<ReviewPlanScreen>`).
public enum PageState<Screen: Sendable & Hashable>: Sendable, Hashable {
    /// The page's data is being loaded (first load, or a load after an error).
    case loading
    /// The page's screen, loaded.
    case success(Screen)
    /// No learner is signed in: the page asks to sign in (no data, no error).
    case loggedOut
    /// The page could not be loaded: a message for the learner and the retry button's label
    /// (the view model's `retry()`).
    case error(ScreenError)
}

/// What a page behind sign-in that shows one thing draws while ``PageLoader`` loads it.
package enum PageLoadState<Content: Sendable & Hashable>: Sendable, Hashable {
    /// Being loaded.
    case loading
    /// Loaded.
    case loaded(Content)
    /// No learner is signed in.
    case loggedOut
    /// Not loaded: a message and the retry button's label.
    case failed(ScreenError)
}

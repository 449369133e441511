/// What a page last drew in its language, kept as the way to draw it (the facts it showed,
/// in any wording), so that a change of the app's language (``LanguageSetting``) draws the
/// very same page again in the new one, without asking the network.
///
/// A page draws each state that holds text through ``draw(_:_:)`` and, told of a new
/// language, asks ``redrawn(_:in:)`` for its state in it: only the state drawn last is drawn
/// again, so a page that has moved on since (loading, logged out) is left as it is.
///
/// ```swift
/// uiState = drawing.draw(wording) { .error(ScreenError(failure, wording: $0)) }
/// // the language changed:
/// wording = .forLanguage(language)
/// if let redrawn = drawing.redrawn(uiState, in: wording) { uiState = redrawn }
/// ```
@MainActor
package struct PageDrawing<State: Equatable> {
    private var last: (state: State, draw: @MainActor (LearnerWording) -> State)?

    /// Nothing drawn yet.
    package init() {}

    /// `draw` in `wording`, kept for ``redrawn(_:in:)``.
    /// - Complexity: `draw`'s.
    package mutating func draw(_ wording: LearnerWording, _ draw: @escaping @MainActor (LearnerWording) -> State) -> State {
        let state = draw(wording)
        last = (state, draw)
        return state
    }

    /// The state last drawn, drawn again in `wording`, when `shown` (the page's state now) is
    /// still that state; `nil` otherwise. Keeps the new state as the one drawn last.
    /// - Complexity: the drawing's.
    package mutating func redrawn(_ shown: State, in wording: LearnerWording) -> State? {
        guard let last, last.state == shown else { return nil }
        let state = last.draw(wording)
        self.last = (state, last.draw)
        return state
    }
}

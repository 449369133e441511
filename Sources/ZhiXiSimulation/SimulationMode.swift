/// What a simulation simulates.
public enum SimulationMode: String, Sendable, Hashable, CaseIterable {
    /// Flashcards with fsrs-rs's simulator semantics (``CardSimulator``).
    case cards
    /// ZhiXi lessons, review types, weak points and a daily-minutes budget
    /// (`ZhiXiSimulator`, the command line's).
    case zhiXi = "zhixi"
}

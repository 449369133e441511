/// An error as a page shows it: a message for the learner, in the app's language, and the
/// label of the button that tries again (the view model's `retry()`).
public struct ScreenError: Sendable, Hashable {
    /// What went wrong and what to do, in words for the learner.
    public var message: String
    /// The label of the retry button: 重试 / "Try again".
    public var retryTitle: String

    /// Creates an error.
    public init(message: String, retryTitle: String) {
        self.message = message
        self.retryTitle = retryTitle
    }

    /// The error a page shows for `failure`, in the table's language.
    public init(_ failure: RepositoryFailure, wording: LearnerWording) {
        self.init(message: wording.message(for: failure), retryTitle: wording.retry)
    }
}

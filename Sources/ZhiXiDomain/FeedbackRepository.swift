import ZhiXiModel

/// Sends what the learner says about the app to the team (`POST feedback`).
package protocol FeedbackRepository: Sendable {
    /// Sends `draft`; answers the feedback as the server stored it.
    /// - Throws: ``RepositoryFailure/signedOut``; `.unreachable`, `.serverError`, `.refused`,
    ///   `.malformedAnswer` when it was not stored (or the answer was lost: the learner may
    ///   send it again).
    func submit(_ draft: FeedbackDraft) async throws(RepositoryFailure) -> Feedback
}

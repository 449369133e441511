import ZhiXiModel

/// The learner's first-run choices on the server.
package protocol OnboardingRepository: Sendable {
    /// The choices the server already holds for the learner (their study settings), to
    /// start the form from; `nil` when it holds none yet (the form starts from the device's
    /// defaults). The learning direction is empty when the server does not say.
    /// - Throws: ``RepositoryFailure`` (`.signedOut`, `.unreachable`, …).
    func savedAnswers() async throws(RepositoryFailure) -> OnboardingAnswers?

    /// Sends the choices (`POST users/me/onboarding`) and returns the learner as the server
    /// now has them (`onboardingCompleted` true).
    /// - Throws: ``RepositoryFailure``: `.refused` for answers the server does not accept,
    ///   `.signedOut`, `.unreachable`, …
    func submit(_ answers: OnboardingAnswers) async throws(RepositoryFailure) -> User
}

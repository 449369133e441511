import ZhiXiModel

/// The learner's progress for the study home: totals and what they were reading.
package protocol LearningRepository: Sendable {
    /// The learner's totals from the server.
    /// - Throws: ``RepositoryFailure`` (`.signedOut`, `.unreachable`, …).
    func learningTotals() async throws(RepositoryFailure) -> LearningSummary

    /// What to offer as "continue reading": the server's word, else the device's record;
    /// `nil` when neither knows anything read.
    func continueReading() async -> ContinueReading?
}

import Foundation

/// The learner's progress figures for the progress page (学习进度): totals, the last 7 days
/// and the last 365 days, each day in the learner's time zone. From the server when it
/// answers, else counted on the device from the learning sessions it keeps.
package protocol ProgressRepository: Sendable {
    /// The figures as of `now`.
    /// - Throws: ``RepositoryFailure/signedOut``; the server's failure when it did not answer
    ///   and nothing is kept on the device; `.storage`.
    func progress(now: Date) async throws(RepositoryFailure) -> LearningProgress
}

import Foundation

/// The learner's knowledge library, offline first: the knowledge bases with their learning
/// paths, and each path's lessons with how far the learner got and the next review the plan
/// has for each. From the server when it answers (kept on the device), else from what the
/// device keeps.
package protocol KnowledgeRepository: Sendable {
    /// The knowledge bases, each with its paths, as of `now`.
    /// - Throws: ``RepositoryFailure/signedOut``; the server's failure (`.unreachable`, …) when
    ///   it did not answer and nothing is kept on the device; `.storage`.
    func library(now: Date) async throws(RepositoryFailure) -> KnowledgeLibrary

    /// The path `pathID` with its lessons in study order, each with its next review in the
    /// plan made as of `now`.
    /// - Throws: as ``library(now:)``; ``RepositoryFailure/notFound(id:)`` for a path the
    ///   learner does not have.
    func learningPath(id pathID: String, now: Date) async throws(RepositoryFailure) -> LearningPathDetail
}

import Foundation
import ZhiXiModel

/// Lessons to recall and the AI's analysis of what the learner wrote.
package protocol AnalysisRepository: Sendable {
    /// The lesson's title and recall questions (from the learner's data on the device,
    /// fetched from the server when the device does not have the lesson yet).
    /// - Throws: ``RepositoryFailure/notFound(id:)`` for a lesson the learner does not have.
    func lessonPrompt(lessonID: String) async throws(RepositoryFailure) -> LessonPrompt

    /// Records what the learner wrote as a learning session of the lesson (begun at
    /// `startedAt`, ended at `now`), asks the AI to analyse it in `language`, and keeps both
    /// on the device, so the plan made there takes the analysis into account.
    /// - Throws: ``RepositoryFailure`` (the AI needs the server: `.unreachable` offline).
    func analyze(lessonID: String, userInput: String, startedAt: Date, now: Date,
                 language: AppLanguage) async throws(RepositoryFailure) -> RecallAnalysis
}

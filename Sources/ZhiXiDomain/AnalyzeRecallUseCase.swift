import Foundation
import ZhiXiModel

/// A learner recalls a lesson: the lesson's prompt, then the AI's analysis of what they wrote
/// and the lesson's next review as the plan now has it (the analysis included).
package struct AnalyzeRecallUseCase: Sendable {
    /// Lessons and the AI.
    package let analyses: any AnalysisRepository
    /// The plan the next review is read from.
    package let reviews: any ReviewRepository

    /// Creates the use case.
    package init(analyses: any AnalysisRepository, reviews: any ReviewRepository) {
        self.analyses = analyses
        self.reviews = reviews
    }

    /// The lesson's title and recall questions.
    /// - Throws: ``RepositoryFailure``.
    package func prompt(lessonID: String) async throws(RepositoryFailure) -> LessonPrompt {
        try await analyses.lessonPrompt(lessonID: lessonID)
    }

    /// Analyses `userInput` (written between `startedAt` and `now`) and reads the lesson's
    /// next review from the plan made after it. The analysis stands even when the plan cannot
    /// be made (the next review is then `nil`).
    /// - Throws: the analysis's ``RepositoryFailure``; `.signedOut` from the plan too.
    package func analyze(lessonID: String, userInput: String, startedAt: Date, now: Date,
                        language: AppLanguage) async throws(RepositoryFailure) -> AnalysisOutcome {
        let analysis = try await analyses.analyze(lessonID: lessonID, userInput: userInput, startedAt: startedAt, now: now,
                                                  language: language)
        do {
            return AnalysisOutcome(analysis: analysis, nextReview: try await reviews.nextReview(ofLesson: lessonID, now: now))
        } catch {
            if error == .signedOut || error == .cancelled { throw error }
            return AnalysisOutcome(analysis: analysis, nextReview: nil)
        }
    }
}

import Foundation
import ZhiXiDomain
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiServices

/// `AnalysisRepository` on the learning and AI services and the workspace kept on the
/// device: a recall is recorded as a learning session, analysed by the AI, and both are
/// written into the workspace kept (then refreshed by a pull, which brings the session as the
/// server updated it: score, weak points, suggested review), so the plan made on the device
/// takes the analysis into account at once.
///
/// A recall whose analysis failed keeps its session: analysing the same text again (the
/// page's retry) reuses it instead of recording the learner's session twice.
package struct RecallAnalysisRepository: AnalysisRepository {
    /// The services asked.
    package let services: AppServices
    /// Where each learner's workspace is kept.
    package let storage: LearnerStorage
    private let userID: @Sendable () async -> String?
    private let unanalysed = UnanalysedSessions()

    /// Creates the repository; `userID` gives the signed-in learner's id, `nil` when signed out.
    package init(services: AppServices, storage: LearnerStorage, userID: @escaping @Sendable () async -> String?) {
        self.services = services
        self.storage = storage
        self.userID = userID
    }

    /// The lesson from the workspace kept; pulled from the server first when it is not there.
    package func lessonPrompt(lessonID: String) async throws(RepositoryFailure) -> LessonPrompt {
        let place = try await place()
        var lesson = try await place.cache.read()?.lessons.first { $0.id == lessonID }
        if lesson == nil {
            try await pull(into: place)
            lesson = try await place.cache.read()?.lessons.first { $0.id == lessonID }
        }
        guard let lesson else { throw .notFound(id: lessonID) }
        return LessonPrompt(lessonID: lesson.id, title: lesson.title, recallQuestions: lesson.recallQuestions)
    }

    /// `POST learning/sessions`, `POST ai/analyze-learning-input`, then the workspace kept
    /// updated (a pull when the server answers, else the two records merged in).
    package func analyze(lessonID: String, userInput: String, startedAt: Date, now: Date,
                        language: AppLanguage) async throws(RepositoryFailure) -> RecallAnalysis {
        let place = try await place()
        let key = UnanalysedSessions.key(lessonID: lessonID, userInput: userInput, startedAt: startedAt)
        let session: LearningSession
        let analysis: AIAnalysis
        do throws(APIError) {
            if let recorded = unanalysed.session(for: key) {
                session = recorded
            } else {
                session = try await services.learning.recordSession(NewLearningSession(lessonID: lessonID, startedAt: startedAt, endedAt: now,
                                                                                       userInput: userInput))
                unanalysed.keep(session, for: key)
            }
            analysis = try await services.ai.analyze(AnalysisRequest(sessionID: session.id, lessonID: lessonID, userInput: userInput,
                                                                     language: language))
        } catch {
            throw RepositoryFailure(error)
        }
        unanalysed.forget(key)
        do throws(RepositoryFailure) {
            try await pull(into: place)
        } catch {
            // The server has both records; until the next pull, the device keeps them as answered.
            var session = session
            session.analysisID = analysis.id
            session.masteryScore = analysis.masteryScore ?? session.masteryScore
            session.weakPoints = analysis.weakPoints
            let analysed = session
            _ = try? await place.cache.update { workspace in
                workspace?.merge(sessions: [analysed], analyses: [analysis])
            }
        }
        return RecallAnalysis(analysisID: analysis.id, sessionID: session.id, lessonID: lessonID, masteryScore: analysis.masteryScore,
                              weakPoints: analysis.weakPoints, suggestions: analysis.suggestions)
    }

    private func place() async throws(RepositoryFailure) -> LearnerPlace {
        guard let user = await userID() else { throw .signedOut }
        return try storage.place(forUser: user)
    }

    /// What is new on the server, merged into the workspace kept.
    private func pull(into place: LearnerPlace) async throws(RepositoryFailure) {
        let kept = try await place.cache.read()
        let fetched: WorkspacePull.Fetched
        do {
            fetched = try await WorkspacePull(services: services).fetchMergeable(newerThan: kept)
        } catch {
            throw RepositoryFailure(error)
        }
        try await place.cache.update { $0 = fetched.merged(into: $0) }
    }
}

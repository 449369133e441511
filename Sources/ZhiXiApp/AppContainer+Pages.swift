import ZhiXiChatFeature
import ZhiXiDomain
import ZhiXiFeedbackFeature
import ZhiXiKnowledgeFeature
import ZhiXiProgressFeature
import ZhiXiRepositories

/// The pages of the AI tutor, the library and its learning paths, feedback and progress, made
/// from the container's client, session and storage (each learner's files under the storage
/// directory), in the learner's language (``AppContainer/language``, followed as it changes)
/// and the configuration's clock.
extension AppContainer {
    /// The signed-in learner's id, read from the session.
    private var signedInUserID: @Sendable () async -> String? {
        let session = session
        return { await MainActor.run { session.currentUser?.id } }
    }

    /// The AI tutor page of the lesson `lessonID` (`nil`: a conversation about anything).
    public func makeChatViewModel(lessonID: String? = nil) -> AIChatViewModel {
        AIChatViewModel(lessonID: lessonID,
                        repository: TutorChatRepository(client: client, storage: storage, userID: signedInUserID, now: configuration.now),
                        session: sessionRepository, now: configuration.now, languageSetting: pageLanguage)
    }

    /// The library page: knowledge bases and their learning paths.
    public func makeKnowledgeLibraryViewModel() -> KnowledgeLibraryViewModel {
        KnowledgeLibraryViewModel(repository: knowledgeRepository(), session: sessionRepository, now: configuration.now,
                                  languageSetting: pageLanguage)
    }

    /// The page of the learning path `pathID`: its lessons with their next reviews.
    public func makeLearningPathViewModel(pathID: String) -> LearningPathViewModel {
        LearningPathViewModel(pathID: pathID, repository: knowledgeRepository(), session: sessionRepository,
                              now: configuration.now, languageSetting: pageLanguage)
    }

    /// The feedback page, about the session `sessionID` or the analysis `analysisID` if given.
    public func makeFeedbackViewModel(sessionID: String? = nil, analysisID: String? = nil) -> FeedbackViewModel {
        FeedbackViewModel(repository: FeedbackSubmissionRepository(client: client, userID: signedInUserID), session: sessionRepository,
                          sessionID: sessionID, analysisID: analysisID, languageSetting: pageLanguage)
    }

    /// The progress page: totals, the last 7 days, the last year.
    public func makeLearningProgressViewModel() -> LearningProgressViewModel {
        LearningProgressViewModel(repository: OfflineFirstProgressRepository(services: services, storage: storage, userID: signedInUserID),
                                  session: sessionRepository, now: configuration.now, languageSetting: pageLanguage)
    }

    private func knowledgeRepository() -> OfflineFirstKnowledgeRepository {
        var planner = configuration.planner
        planner.language = language
        return OfflineFirstKnowledgeRepository(services: services, storage: storage, planner: planner, language: planLanguage,
                                               userID: signedInUserID)
    }
}

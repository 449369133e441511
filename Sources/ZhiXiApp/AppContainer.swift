import Foundation
import ZhiXiAnalysisFeature
import ZhiXiAuth
import ZhiXiAuthFeature
import ZhiXiDomain
import ZhiXiModel
import ZhiXiHomeFeature
import ZhiXiNetwork
import ZhiXiReading
import ZhiXiRepositories
import ZhiXiReviewFeature

/// The app's composition root: one API client, one session, one storage, the repositories on
/// them, and the pages' view models made from those. The app keeps one container for its
/// life (the session is shared by every page); a second container on the same configuration
/// is a relaunch (it finds the same tokens, workspaces and outboxes).
///
/// Offline first from a cold start: the session remembers the confirmed learner in the
/// configuration's secure store beside the tokens, so a launch without network signs them in
/// as remembered (`AppSession.isUnverified`) and the pages work from the device (the plan
/// made there, completions into the outbox); the first page that reaches the server again
/// has the session confirmed (or, refused, signed out).
///
/// ```swift
/// let container = AppContainer(configuration: configuration)
/// await container.sessionRepository.restore()
/// let plan = container.makeReviewPlanViewModel()
/// await plan.load()
/// ```
@MainActor
public final class AppContainer {
    /// What the app was built from.
    public let configuration: AppConfiguration
    /// The API client (tokens from the configuration's secure store).
    public let client: APIClient
    /// The session (`AppSession`), shared by every page.
    public let session: AppSession
    /// The session as the pages see it.
    public let sessionRepository: AppSessionRepository
    /// The services on the client.
    public let services: AppServices
    /// Where each learner's workspace and outbox are kept.
    public let storage: LearnerStorage
    /// The review tasks, offline first.
    public let reviews: OfflineFirstReviewRepository
    /// Totals and "continue reading".
    public let learning: LearningProgressRepository
    /// Lessons and the AI's analyses.
    public let analyses: RecallAnalysisRepository

    /// Builds the app from `configuration`.
    public init(configuration: AppConfiguration) {
        self.configuration = configuration
        let tokens = TokenStore(secureStore: configuration.secureStore)
        client = APIClient(baseURL: configuration.apiBaseURL, tokenStore: tokens, configuration: configuration.client,
                           now: configuration.now)
        session = AppSession(authService: AuthService(client: client, now: configuration.now),
                             userStore: SessionUserStore(secureStore: configuration.secureStore))
        sessionRepository = AppSessionRepository(session: session, credentials: configuration.credentials, tokenStore: tokens)
        services = AppServices(client: client)
        storage = LearnerStorage(root: configuration.storageDirectory)
        let session = session
        let userID: @Sendable () async -> String? = { await MainActor.run { session.currentUser?.id } }
        var planner = configuration.planner
        planner.language = configuration.language ?? AppLanguage(user: nil, profile: nil, device: configuration.deviceLanguages)
        reviews = OfflineFirstReviewRepository(services: services, storage: storage, planner: planner, userID: userID)
        learning = LearningProgressRepository(
            services: services,
            positions: FileReadingPositionStore(fileURL: configuration.storageDirectory.appendingPathComponent("reading-positions.json")),
            language: planner.language)
        analyses = RecallAnalysisRepository(services: services, storage: storage, userID: userID)
    }

    /// The language of a page made now: the configuration's, else the signed-in learner's
    /// (their `preferredLanguage`), else the device's, else Simplified Chinese — the first that
    /// some language's files serve (`zh-Hant` and `zh-TW` get Simplified Chinese). A page keeps
    /// the language it was made in; a page made after the learner changes theirs is in the new one.
    public var language: AppLanguage {
        configuration.language ?? AppLanguage(user: session.currentUser, profile: nil, device: configuration.deviceLanguages)
    }

    /// The login page and launch routing.
    public func makeLoginViewModel() -> LoginViewModel {
        LoginViewModel(session: sessionRepository, language: language)
    }

    /// The review-plan page.
    public func makeReviewPlanViewModel() -> ReviewPlanViewModel {
        ReviewPlanViewModel(repository: reviews, session: sessionRepository, language: language, now: configuration.now)
    }

    /// The study home.
    public func makeStudyHomeViewModel() -> StudyHomeViewModel {
        StudyHomeViewModel(useCase: StudyHomeUseCase(reviews: reviews, learning: learning), session: sessionRepository,
                           language: language, now: configuration.now)
    }

    /// The analysis page of the lesson `lessonID`.
    public func makeAnalysisViewModel(lessonID: String) -> AnalysisViewModel {
        AnalysisViewModel(lessonID: lessonID, useCase: AnalyzeRecallUseCase(analyses: analyses, reviews: reviews),
                          session: sessionRepository, language: language, now: configuration.now)
    }
}

import Foundation
import ZhiXiAnalysisFeature
import ZhiXiAuth
import ZhiXiAuthFeature
import ZhiXiDomain
import ZhiXiModel
import ZhiXiHomeFeature
import ZhiXiNetwork
import ZhiXiOnboardingFeature
import ZhiXiReading
import ZhiXiReadingFeature
import ZhiXiRepositories
import ZhiXiReviewFeature

/// The app's composition root: one API client, one session, one storage, the repositories on
/// them, the lifecycle, and the pages' view models made from those. The app keeps one
/// container for its life (the session is shared by every page); a second container on the
/// same configuration is a relaunch (it finds the same tokens, workspaces, outboxes and
/// reading queues).
///
/// Each learner's data is their own: the workspace kept, the outbox, the reading positions
/// and the reading-event queue live in the learner's directory (`LearnerStorage`), and
/// every repository reads the directory of the learner signed in now, so the next learner on
/// the device finds nothing of the last one's.
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
/// await container.lifecycle.appDidLaunch()
/// let plan = container.makeReviewPlanViewModel()
/// await plan.load()
/// ```
@MainActor
public final class AppContainer {
    /// What the app was built from.
    public let configuration: AppConfiguration
    /// The API client (tokens from the configuration's secure store).
    package let client: APIClient
    /// The session (`AppSession`), shared by every page.
    package let session: AppSession
    /// The session as the pages see it.
    package let sessionRepository: AppSessionRepository
    /// The services on the client.
    package let services: AppServices
    /// Where each learner's data is kept.
    package let storage: LearnerStorage
    /// The review tasks, offline first.
    package let reviews: OfflineFirstReviewRepository
    /// Totals and "continue reading".
    package let learning: LearningProgressRepository
    /// Lessons and the AI's analyses.
    package let analyses: RecallAnalysisRepository
    /// The learner's reading: positions, upload queue, session manager (one learner's at a time).
    package let reading: LearnerReadingRepository
    /// The first-run choices.
    package let onboarding: ProfileOnboardingRepository
    /// What the app calls from `scenePhase` and its network monitor.
    public let lifecycle: AppLifecycle
    /// The pages' language at run time (``language``): every page the container makes draws
    /// itself again in it when it changes — the learner signs in, their profile is read,
    /// they choose another in settings (``setLanguage(_:)``).
    public var languageSetting: LanguageSetting { learnerLanguage.setting }
    /// The language as it follows the learner.
    private let learnerLanguage: LearnerLanguage

    /// Builds the app from `configuration`.
    public convenience init(configuration: AppConfiguration) {
        let tokens = TokenStore(secureStore: configuration.secureStore)
        let client = APIClient(baseURL: configuration.apiBaseURL, tokenStore: tokens, configuration: configuration.client,
                               now: configuration.now)
        self.init(configuration: configuration, client: client,
                  session: AppSession(authService: AuthService(client: client, now: configuration.now),
                                      userStore: SessionUserStore(secureStore: configuration.secureStore)),
                  tokens: tokens, services: AppServices(client: client))
    }

    /// Builds the app on a session and services given (the demo's, in debug builds).
    init(configuration: AppConfiguration, client: APIClient, session: AppSession, tokens: TokenStore?, services: AppServices) {
        self.configuration = configuration
        self.client = client
        self.session = session
        let storage = LearnerStorage(root: configuration.storageDirectory)
        self.storage = storage
        sessionRepository = AppSessionRepository(session: session, credentials: configuration.credentials, tokenStore: tokens,
                                                 storage: storage)
        self.services = services
        storage.removeSharedReadingPositions()
        let userID: @Sendable () async -> String? = { await MainActor.run { session.currentUser?.id } }
        let learnerLanguage = LearnerLanguage(session: session, sessionRepository: sessionRepository, storage: storage,
                                              configured: configuration.language,
                                              device: configuration.deviceLanguages)
        self.learnerLanguage = learnerLanguage
        var planner = configuration.planner
        planner.language = configuration.language ?? AppLanguage(user: nil, profile: nil, device: configuration.deviceLanguages)
        reviews = OfflineFirstReviewRepository(services: services, storage: storage, planner: planner, language: learnerLanguage.planLanguage,
                                               userID: userID, profileRead: { userID, profile in
                                                   await learnerLanguage.profileRead(profile, of: userID)
                                               })
        learning = LearningProgressRepository(services: services, storage: storage, language: planner.language ?? .default, userID: userID)
        analyses = RecallAnalysisRepository(services: services, storage: storage, userID: userID)
        reading = LearnerReadingRepository(services: services, storage: storage,
                                           configuration: ReadingSessionManagerConfiguration(appVersion: configuration.appVersion),
                                           scheduler: configuration.readingScheduler ?? SystemReadingScheduler(now: configuration.now), userID: userID)
        onboarding = ProfileOnboardingRepository(services: services)
        lifecycle = AppLifecycle(reading: reading, reviews: reviews, session: sessionRepository, monitor: configuration.networkMonitor,
                                 backgroundTime: configuration.backgroundTime)
    }

    /// The learner chose `language` in settings: every page the container made redraws in it
    /// at once, and the pages made from now on are in it. The choice is the signed-in
    /// learner's: kept for them on the device and restored when they sign in again, never
    /// carried to another learner (one made while signed out goes to the next to sign in).
    public func setLanguage(_ language: AppLanguage) {
        learnerLanguage.chosen = language
    }

    /// The language of the pages now: the one chosen in settings (``setLanguage(_:)``), else
    /// the configuration's, else the signed-in learner's — their `preferredLanguage`, then
    /// their profile's (as the last plan read it, from the server or the device), then the
    /// device's, then Simplified Chinese: the first that some language's files serve
    /// (`zh-Hant`, `zh-TW` and `zh-HK` get Simplified Chinese; a language without files is
    /// passed over). The pages follow it as it changes (``languageSetting``).
    public var language: AppLanguage { learnerLanguage.current }

    /// The language of the plans made on the device (the reasons): the configuration's, else
    /// the one chosen in settings, else the learner's as the plan's workspace has it.
    var planLanguage: PlanLanguage { learnerLanguage.planLanguage }

    /// The setting a page is made on, brought to ``language`` first.
    var pageLanguage: LanguageSetting {
        learnerLanguage.update()
        return learnerLanguage.setting
    }

    /// The login page and launch routing.
    public func makeLoginViewModel() -> LoginViewModel {
        LoginViewModel(session: sessionRepository, languageSetting: pageLanguage)
    }

    /// The first-run page (learning direction, daily minutes, language, time zone).
    public func makeOnboardingViewModel(timeZone: TimeZone = .current) -> OnboardingViewModel {
        OnboardingViewModel(repository: onboarding, session: sessionRepository, language: language, timeZone: timeZone,
                            languageSetting: pageLanguage)
    }

    /// The review-plan page.
    public func makeReviewPlanViewModel() -> ReviewPlanViewModel {
        ReviewPlanViewModel(repository: reviews, session: sessionRepository, now: configuration.now, languageSetting: pageLanguage)
    }

    /// The study home.
    public func makeStudyHomeViewModel() -> StudyHomeViewModel {
        StudyHomeViewModel(useCase: StudyHomeUseCase(reviews: reviews, learning: learning), session: sessionRepository,
                           now: configuration.now, languageSetting: pageLanguage)
    }

    /// The analysis page of the lesson `lessonID`.
    public func makeAnalysisViewModel(lessonID: String) -> AnalysisViewModel {
        AnalysisViewModel(lessonID: lessonID, useCase: AnalyzeRecallUseCase(analyses: analyses, reviews: reviews),
                          session: sessionRepository, now: configuration.now, languageSetting: pageLanguage)
    }

    /// The reading page of `material` (from a lesson, a knowledge source, or the home's
    /// continue card: `ContinueReading.material`).
    public func makeReaderViewModel(material: ReadingMaterial) -> ReaderViewModel {
        ReaderViewModel(material: material, repository: reading, session: sessionRepository, languageSetting: pageLanguage)
    }

    /// The toasts of the learner's reading (the server's refusals of an upload), for the
    /// app's root view.
    public func makeReadingNoticesViewModel() -> ReadingNoticesViewModel {
        ReadingNoticesViewModel(repository: reading, session: sessionRepository, languageSetting: pageLanguage)
    }
}

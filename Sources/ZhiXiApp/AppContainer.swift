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
    /// The pages' language at run time: the review-plan page redraws in it when it changes
    /// (``setLanguage(_:)``).
    public let languageSetting: LanguageSetting
    /// The language the learner chose in settings (``setLanguage(_:)``), `nil` before.
    private var chosenLanguage: AppLanguage?

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
        sessionRepository = AppSessionRepository(session: session, credentials: configuration.credentials, tokenStore: tokens)
        self.services = services
        storage = LearnerStorage(root: configuration.storageDirectory)
        storage.removeSharedReadingPositions()
        let userID: @Sendable () async -> String? = { await MainActor.run { session.currentUser?.id } }
        var planner = configuration.planner
        planner.language = configuration.language ?? AppLanguage(user: nil, profile: nil, device: configuration.deviceLanguages)
        reviews = OfflineFirstReviewRepository(services: services, storage: storage, planner: planner, language: configuration.planLanguage,
                                               userID: userID)
        learning = LearningProgressRepository(services: services, storage: storage, language: planner.language, userID: userID)
        analyses = RecallAnalysisRepository(services: services, storage: storage, userID: userID)
        reading = LearnerReadingRepository(services: services, storage: storage,
                                           configuration: ReadingSessionManagerConfiguration(appVersion: configuration.appVersion),
                                           scheduler: configuration.readingScheduler ?? SystemReadingScheduler(now: configuration.now), userID: userID)
        onboarding = ProfileOnboardingRepository(services: services)
        lifecycle = AppLifecycle(reading: reading, reviews: reviews, session: sessionRepository, monitor: configuration.networkMonitor,
                                 backgroundTime: configuration.backgroundTime)
        languageSetting = LanguageSetting(configuration.language ?? AppLanguage(user: session.currentUser, profile: nil,
                                                                                 device: configuration.deviceLanguages))
    }

    /// The learner chose `language` in settings: the pages made from now on are in it, and
    /// those watching ``languageSetting`` redraw in it at once.
    public func setLanguage(_ language: AppLanguage) {
        chosenLanguage = language
        languageSetting.language = language
    }

    /// The language of a page made now: the one chosen in settings (``setLanguage(_:)``), else
    /// the configuration's, else the signed-in learner's
    /// (their `preferredLanguage`), else the device's, else Simplified Chinese — the first that
    /// some language's files serve (`zh-Hant` and `zh-TW` get Simplified Chinese). A page keeps
    /// the language it was made in; a page made after the learner changes theirs is in the new one.
    public var language: AppLanguage {
        chosenLanguage ?? configuration.language ?? AppLanguage(user: session.currentUser, profile: nil, device: configuration.deviceLanguages)
    }

    /// The login page and launch routing.
    public func makeLoginViewModel() -> LoginViewModel {
        LoginViewModel(session: sessionRepository, language: language)
    }

    /// The first-run page (learning direction, daily minutes, language, time zone).
    public func makeOnboardingViewModel(timeZone: TimeZone = .current) -> OnboardingViewModel {
        OnboardingViewModel(repository: onboarding, session: sessionRepository, language: language, timeZone: timeZone)
    }

    /// The review-plan page.
    public func makeReviewPlanViewModel() -> ReviewPlanViewModel {
        languageSetting.language = language
        return ReviewPlanViewModel(repository: reviews, session: sessionRepository, now: configuration.now, languageSetting: languageSetting)
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

    /// The reading page of `material` (from a lesson, a knowledge source, or the home's
    /// continue card: `ContinueReading.material`).
    public func makeReaderViewModel(material: ReadingMaterial) -> ReaderViewModel {
        ReaderViewModel(material: material, repository: reading, session: sessionRepository, language: language)
    }

    /// The toasts of the learner's reading (the server's refusals of an upload), for the
    /// app's root view.
    public func makeReadingNoticesViewModel() -> ReadingNoticesViewModel {
        ReadingNoticesViewModel(repository: reading, session: sessionRepository, language: language)
    }
}

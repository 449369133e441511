import Foundation
import ZhiXiAnalysisFeature
import ZhiXiAuthFeature
import ZhiXiChatFeature
import ZhiXiDomain
import ZhiXiFeedbackFeature
import ZhiXiHomeFeature
import ZhiXiKnowledgeFeature
import ZhiXiModel
import ZhiXiOnboardingFeature
import ZhiXiPlanner
import ZhiXiProgressFeature
import ZhiXiReading
import ZhiXiReadingFeature
import ZhiXiRepositories
import ZhiXiReviewFeature

/// The app for SwiftUI previews and UI tests: the real repositories and view models, as
/// `AppContainer` makes them, over the in-memory API (``PreviewAPI``, the sample learner) and a
/// session without network (``PreviewSessionRepository``), the device's files in a temporary
/// directory of their own. Nothing reaches the network.
///
/// ```swift
/// let app = PreviewApp()                      // the sample learner, signed in, the server answering
/// let plan = app.makeReviewPlanViewModel()
/// await plan.load()                            // the plan of 29 November 2026, 09:00 in Shanghai
/// app.tearDown()                               // when the pages are gone: the temporary files removed
/// ```
@MainActor
package final class PreviewApp {
    /// The in-memory API.
    package let api: PreviewAPI
    /// The session.
    package let session: PreviewSessionRepository
    /// The device's files (a temporary directory).
    package let storage: LearnerStorage
    /// The language of the pages, of the plans' reasons and of the AI.
    package let language: AppLanguage
    /// The clock of the pages: ``PreviewSample/now``.
    package let now: @Sendable () -> Date
    /// The review tasks, offline first.
    package let reviews: OfflineFirstReviewRepository
    private let planner: PlannerConfiguration
    /// The learner's reading (positions, upload queue, session manager), made by the first
    /// reading page, as `AppContainer` holds one for the app's life.
    private var readingRepository: LearnerReadingRepository?

    /// Makes the app.
    /// - Parameters:
    ///   - mode: how the API answers (default: from the sample learner's data).
    ///   - signedIn: whether the sample learner is signed in (default `true`).
    ///   - language: the pages' language (default Simplified Chinese).
    ///   - workspace: the learner's data (default the sample learner's).
    package init(mode: PreviewServerMode = .answering, signedIn: Bool = true, language: AppLanguage = .default,
                workspace: LearnerWorkspace = PreviewSample.workspace) {
        var planner = PlannerConfiguration()
        planner.language = language
        self.planner = planner
        self.language = language
        now = { PreviewSample.now }
        api = PreviewAPI(workspace: workspace, planner: planner, now: now)
        api.setMode(mode)
        session = PreviewSessionRepository(user: workspace.user ?? PreviewSample.user, signedIn: signedIn)
        storage = LearnerStorage(root: FileManager.default.temporaryDirectory
            .appendingPathComponent("zhixi-preview-\(UUID().uuidString.lowercased())", isDirectory: true))
        let session = session
        reviews = OfflineFirstReviewRepository(services: api.services, storage: storage, planner: planner,
                                               userID: { await MainActor.run { session.signedInUserID } })
    }

    /// The signed-in learner's id, read from the session.
    private var userID: @Sendable () async -> String? {
        let session = session
        return { await MainActor.run { session.signedInUserID } }
    }

    /// Keeps the learner's data on the device as a pull would have (so pages work offline).
    package func keepOnDevice() async throws(RepositoryFailure) {
        let workspace = api.workspace
        try await storage.place(forUser: session.user.id).cache.update { $0 = workspace }
    }

    /// Makes the device's storage unusable (a file where the learners' directories go): every
    /// page that keeps something on the device fails with `RepositoryFailure.storage`.
    package func breakStorage() throws {
        try FileManager.default.createDirectory(at: storage.root, withIntermediateDirectories: true)
        try Data("not a directory".utf8).write(to: storage.root.appendingPathComponent("users"))
    }

    /// Keeps a reading position of `material` on the device, as reading it here before would
    /// have (so the reader resumes there when the server cannot be reached).
    package func keepReadingPosition(_ location: ReadingLocation, of material: ReadingMaterial) throws {
        let positions = try storage.place(forUser: session.user.id).positions
        try positions.save(StoredReadingPosition(materialID: material.materialID,
                                                 readingTargetType: material.kind == .temporaryFile ? .temporaryFile : .knowledgeSource,
                                                 title: material.title,
                                                 position: ReadingPosition(progress: location.progress, pageIndex: location.pageIndex,
                                                                           anchor: location.anchor),
                                                 updatedAt: now()))
    }

    /// Removes the device's temporary files; call once the pages are gone. The reading
    /// pipeline, if a reading page made one, is ended first (its timers stopped).
    package func tearDown() {
        if let readingRepository {
            session.setSignedIn(false)
            let root = storage.root
            Task {
                await readingRepository.signedOut()
                try? FileManager.default.removeItem(at: root)
            }
        }
        try? FileManager.default.removeItem(at: storage.root)
    }

    // MARK: - The pages, as AppContainer makes them

    /// The login page.
    package func makeLoginViewModel() -> LoginViewModel {
        LoginViewModel(session: session, language: language)
    }

    /// The onboarding page (the device's time zone: Shanghai, as the sample learner's).
    package func makeOnboardingViewModel() -> OnboardingViewModel {
        OnboardingViewModel(repository: ProfileOnboardingRepository(services: api.services), session: session, language: language,
                            timeZone: TimeZone(identifier: "Asia/Shanghai") ?? .current)
    }

    /// The reading page of `material` (the sample's: ``PreviewSample/readingMaterial``).
    package func makeReaderViewModel(material: ReadingMaterial = PreviewSample.readingMaterial) -> ReaderViewModel {
        ReaderViewModel(material: material, repository: reading, session: session, language: language)
    }

    /// The toasts of the learner's reading (the server's refusals of an upload).
    package func makeReadingNoticesViewModel() -> ReadingNoticesViewModel {
        ReadingNoticesViewModel(repository: reading, session: session, language: language)
    }

    /// Uploads what the learner read now (as the 30-second timer would).
    package func flushReading() async {
        await reading.flush()
    }

    /// The learner's reading, made once.
    private var reading: LearnerReadingRepository {
        if let readingRepository { return readingRepository }
        let made = LearnerReadingRepository(services: api.services, storage: storage,
                                            configuration: ReadingSessionManagerConfiguration(appVersion: "preview"),
                                            scheduler: SystemReadingScheduler(now: now), userID: userID)
        readingRepository = made
        return made
    }

    /// The review-plan page.
    package func makeReviewPlanViewModel() -> ReviewPlanViewModel {
        ReviewPlanViewModel(repository: reviews, session: session, language: language, now: now)
    }

    /// The study home.
    package func makeStudyHomeViewModel() -> StudyHomeViewModel {
        let learning = LearningProgressRepository(services: api.services, storage: storage, language: language, userID: userID)
        return StudyHomeViewModel(useCase: StudyHomeUseCase(reviews: reviews, learning: learning), session: session, language: language, now: now)
    }

    /// The analysis page of the lesson `lessonID`.
    package func makeAnalysisViewModel(lessonID: String) -> AnalysisViewModel {
        let analyses = RecallAnalysisRepository(services: api.services, storage: storage, userID: userID)
        return AnalysisViewModel(lessonID: lessonID, useCase: AnalyzeRecallUseCase(analyses: analyses, reviews: reviews), session: session,
                                 language: language, now: now)
    }

    /// The AI tutor page of the lesson `lessonID` (`nil`: about anything).
    package func makeChatViewModel(lessonID: String? = nil) -> AIChatViewModel {
        AIChatViewModel(lessonID: lessonID, repository: TutorChatRepository(chat: api, storage: storage, userID: userID, now: now),
                        session: session, language: language, now: now)
    }

    /// The library page.
    package func makeKnowledgeLibraryViewModel() -> KnowledgeLibraryViewModel {
        KnowledgeLibraryViewModel(repository: knowledge, session: session, language: language, now: now)
    }

    /// The page of the learning path `pathID`.
    package func makeLearningPathViewModel(pathID: String) -> LearningPathViewModel {
        LearningPathViewModel(pathID: pathID, repository: knowledge, session: session, language: language, now: now)
    }

    /// The feedback page.
    package func makeFeedbackViewModel(sessionID: String? = nil, analysisID: String? = nil) -> FeedbackViewModel {
        FeedbackViewModel(repository: FeedbackSubmissionRepository(service: api, userID: userID), session: session, sessionID: sessionID,
                          analysisID: analysisID, language: language)
    }

    /// The progress page.
    package func makeLearningProgressViewModel() -> LearningProgressViewModel {
        LearningProgressViewModel(repository: OfflineFirstProgressRepository(services: api.services, storage: storage, userID: userID),
                                  session: session, language: language, now: now)
    }

    private var knowledge: OfflineFirstKnowledgeRepository {
        OfflineFirstKnowledgeRepository(services: api.services, storage: storage, planner: planner, userID: userID)
    }
}

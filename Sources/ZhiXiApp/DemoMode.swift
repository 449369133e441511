#if DEBUG
import Foundation
import ZhiXiAuth
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiReading
import ZhiXiRepositories
import ZhiXiServices

/// The design's "跳过，进入演示模式" (debug builds only; absent from release builds): the app
/// on a sample learner, offline, that never reaches the server.
extension AppContainer {
    /// The id prefix of the demo's learner, so that their directory is never a real learner's.
    public static let demoUserIDPrefix = "demo."

    /// An app on `workspace`'s learner (the sample learner of `data/sample-workspace.json`,
    /// bundled by the app's debug configuration), signed in once its session is restored,
    /// that never sends a request: every call of the API fails as "no network" at once, so the
    /// pages work from the device — the plan made there from the workspace (marked offline),
    /// completions and reading kept on the device. The demo learner's directory is made anew
    /// each time (`users/<hex of "demo." + the learner's id>/` under the configuration's
    /// storage). Nothing goes to the configuration's secure store.
    /// - Throws: `RepositoryFailure.storage` when the workspace cannot be written.
    public static func demo(configuration: AppConfiguration, workspace: LearnerWorkspace) async throws -> AppContainer {
        var user = workspace.user ?? User(id: workspace.profile.userID, appleUserID: "demo", createdAt: Date(timeIntervalSince1970: 0))
        user.id = demoUserIDPrefix + user.id
        user.onboardingCompleted = true
        var configuration = configuration
        configuration.networkMonitor = nil
        let client = APIClient(baseURL: configuration.apiBaseURL, tokenStore: TokenStore(secureStore: InMemorySecureStore()),
                               configuration: configuration.client, now: configuration.now)
        let offline = DemoServices()
        let services = AppServices(currentUser: { () async throws(APIError) -> User in throw DemoServices.noNetwork },
                                   review: offline, learning: offline, ai: offline, knowledge: offline, profile: offline,
                                   analytics: offline, reading: offline)
        let container = AppContainer(configuration: configuration, client: client,
                                     session: AppSession(authService: DemoAuthService(user: user)), tokens: nil, services: services)
        try? FileManager.default.removeItem(at: container.storage.directory(forUser: user.id))
        let place = try container.storage.place(forUser: user.id)
        try await place.cache.update { $0 = workspace }
        return container
    }
}

/// The demo's session: the demo learner, signed in by every restore, never the server.
private struct DemoAuthService: AuthServiceProtocol {
    let user: User

    var hasStoredSession: Bool { true }
    func signIn(with credential: AppleCredential) async throws(AuthError) -> User { user }
    func signIn(using provider: any AppleCredentialProvider) async throws(AuthError) -> User { user }
    func refresh() async throws(AuthError) -> User { user }
    func currentUser() async throws(AuthError) -> User { user }
    func logout() async throws(AuthError) -> LogoutOutcome { .wasSignedOut }
}

/// Every service of the API, offline: each call fails at once as "no network", nothing sent.
private struct DemoServices: ReviewService, LearningService, AIService, KnowledgeService, ProfileService, AnalyticsService,
    ReadingServerAPI {
    static let noNetwork = APIError.network(.unreachable)

    func reviewTasks(_ query: ReviewTaskQuery) async throws(APIError) -> [ReviewTask] { throw Self.noNetwork }
    func completeTask(id: String, at completedAt: Date) async throws(APIError) -> ReviewTask { throw Self.noNetwork }
    func skipTask(id: String) async throws(APIError) -> ReviewTask { throw Self.noNetwork }
    func sessions(since: Date?, cursor: String?) async throws(APIError) -> APIPage<LearningSession> { throw Self.noNetwork }
    func recordSession(_ session: NewLearningSession) async throws(APIError) -> LearningSession { throw Self.noNetwork }
    func analyze(_ request: AnalysisRequest) async throws(APIError) -> AIAnalysis { throw Self.noNetwork }
    func analyses(since: Date?, cursor: String?) async throws(APIError) -> APIPage<AIAnalysis> { throw Self.noNetwork }
    func chat(_ request: ChatRequest) async throws(APIError) -> ChatReply { throw Self.noNetwork }
    func knowledgeBases() async throws(APIError) -> [KnowledgeBase] { throw Self.noNetwork }
    func learningPaths(knowledgeBaseID: String) async throws(APIError) -> [LearningPath] { throw Self.noNetwork }
    func lessons(learningPathID: String) async throws(APIError) -> [Lesson] { throw Self.noNetwork }
    func learningProfile() async throws(APIError) -> UserLearningProfile { throw Self.noNetwork }
    func updateLearningProfile(_ profile: UserLearningProfile) async throws(APIError) -> UserLearningProfile { throw Self.noNetwork }
    func completeOnboarding(_ onboarding: OnboardingRequest) async throws(APIError) -> User { throw Self.noNetwork }
    func summary() async throws(APIError) -> LearningSummary { throw Self.noNetwork }
    func trend(days: Int) async throws(APIError) -> [DailyActivity] { throw Self.noNetwork }
    func heatmap(days: Int) async throws(APIError) -> [DailyActivity] { throw Self.noNetwork }
    func uploadReadingEvents(_ batch: ReadingEventBatchRequest) async throws(APIError) -> ReadingEventBatchResponse { throw Self.noNetwork }
    func continueLearning() async throws(APIError) -> ContinueLearningItem { throw Self.noNetwork }
    func readingProgress(materialID: String, targetType: ReadingTargetType) async throws(APIError) -> ReadingProgress { throw Self.noNetwork }
}
#endif

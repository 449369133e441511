import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiCore
import ZhiXiDomain
import ZhiXiHomeFeature
import ZhiXiModel
import ZhiXiReading
import ZhiXiTestServer

extension StudyHomeUiState {
    var screen: StudyHomeScreen? {
        if case .success(let screen) = self { return screen }
        return nil
    }
}

/// The study home against the loopback server.
@Suite("StudyHomeViewModel against the loopback server", .serialized)
@MainActor
struct StudyHomeViewModelTests {
    /// The learner read 40 % of a material titled 梯度下降讲义 on the server.
    static func read(_ fixture: AppFixture) {
        let event = ReadingEventV2(eventID: UUID().uuidString, clientSessionID: UUID().uuidString, materialID: "src-gd",
                                   readingTargetType: .knowledgeSource, eventType: .heartbeat, position: ReadingPosition(progress: 0.4),
                                   activeSecondsDelta: 30, clientTimestampMs: Int64(AppFixture.now.timeIntervalSince1970 * 1000) - 60_000,
                                   sequence: 1)
        _ = fixture.reading.process(ReadingEventBatchRequest(events: [ReadingEventUploadItem(event, appVersion: "1.0", clientTimezoneOffsetMinutes: 480)]))
        fixture.reading.setTitle("梯度下降讲义", of: "src-gd")
    }

    @Test("loading → today's tasks and minutes against the daily budget, continue reading, the learner's totals")
    func loadsTheHome() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        Self.read(fixture)
        let app = try await fixture.launch()
        let home = app.makeStudyHomeViewModel()
        #expect(home.uiState == .loading)
        await home.load()

        let screen = try #require(home.uiState.screen)
        let plan = app.makeReviewPlanViewModel()
        await plan.load()
        let today = try #require({ if case .success(let s) = plan.uiState { return s.today } else { return nil } }())
        #expect(screen.todayTasks.map(\.id) == today.rows.map(\.id), "the same tasks as the review plan's today")
        #expect(screen.todayMinutes == today.remainingMinutes)
        #expect(screen.budgetMinutes == 45, "the sample learner's daily minutes")
        #expect(screen.workText == "今日复习约 \(screen.todayMinutes) 分钟 / 每日 45 分钟")
        #expect(screen.isOverBudget == (screen.todayMinutes > 45))
        #expect(screen.budgetNote == (screen.isOverBudget ? LearnerWording.chinese.overBudget : nil))
        #expect(screen.continueReading == ContinueReadingCard(heading: "继续阅读", materialID: "src-gd", title: "梯度下降讲义", progress: 0.4,
                                                              progressText: "已读 40%"))
        let summary = try #require(screen.summary)
        let learner = try #require(fixture.api.learner(userID: fixture.user.id))
        #expect(summary.dueReviewsText == "\(summary.dueReviewCount) 项待复习" && summary.dueReviewCount > 0)
        #expect(summary.totalMinutesText == "累计学习 \(summary.totalMinutes) 分钟" && summary.totalMinutes > 0)
        #expect(summary.streakText == "连续学习 \(summary.streakDays) 天")
        #expect(summary.averageMastery != nil && learner.sessions.count > 0)
        #expect(!screen.isOffline && screen.offlineMessage == nil)
    }

    @Test("server down → the tasks planned on the device, without the totals, marked offline")
    func offlineHome() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let home = app.makeStudyHomeViewModel()
        await home.load()
        let online = try #require(home.uiState.screen)

        fixture.networkDown()
        await home.load()
        let offline = try #require(home.uiState.screen)
        #expect(offline.isOffline && offline.offlineMessage == LearnerWording.chinese.offlineBanner)
        #expect(offline.todayTasks.map(\.id) == online.todayTasks.map(\.id))
        #expect(offline.summary == nil && offline.continueReading == nil)
    }

    @Test("sign-out → loggedOut; a failing plan without anything kept → error → retry → success")
    func loggedOutAndRetry() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch(language: .english)
        let home = app.makeStudyHomeViewModel()
        fixture.networkDown()
        await home.load()
        #expect(home.uiState == .error(ScreenError(message: LearnerWording.english.unreachable, retryTitle: "Try again")))
        fixture.networkBack()
        await home.retry()
        let screen = try #require(home.uiState.screen)
        #expect(screen.workText.hasPrefix("Reviews today: about ") && screen.workText.hasSuffix(" of 45 min"))

        await app.sessionRepository.signOut()
        #expect(await eventually { home.uiState == .loggedOut })
    }

    @Test("a day without study: the budget is 0 and the home says so")
    func dayWithoutStudy() async throws {
        var workspace = try AppFixture.sampleWorkspace()
        workspace.profile.breaks = [StudyBreak(from: .init(year: 2026, month: 11, day: 28), to: .init(year: 2026, month: 11, day: 30))]
        let fixture = try AppFixture(workspace: workspace)
        defer { fixture.tearDown() }
        let home = try await fixture.launch().makeStudyHomeViewModel()
        await home.load()
        let screen = try #require(home.uiState.screen)
        #expect(screen.budgetMinutes == 0 && screen.budgetNote == LearnerWording.chinese.dayWithoutStudy)
    }

    @Test("cold start offline → the home from the device; the network back → the next home from the server confirms the session")
    func coldStartOffline() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let first = try await fixture.launch().makeStudyHomeViewModel()
        await first.load()
        let online = try #require(first.uiState.screen)

        fixture.networkDown()
        let app = AppContainer(configuration: fixture.configuration())
        await app.sessionRepository.restore()
        #expect(app.sessionRepository.isSignedIn && app.sessionRepository.isUnverified)
        let home = app.makeStudyHomeViewModel()
        await home.load()
        let offline = try #require(home.uiState.screen)
        #expect(offline.isOffline && offline.todayTasks.map(\.id) == online.todayTasks.map(\.id))
        #expect(app.sessionRepository.isUnverified)

        fixture.networkBack()
        await home.load()
        #expect(home.uiState.screen?.isOffline == false)
        #expect(!app.sessionRepository.isUnverified && app.sessionRepository.isSignedIn)
    }

    @Test("a task done on the review page shows done on the home at once, without loading, as a new load shows it")
    func completionOnTheReviewPageReachesTheHome() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let home = app.makeStudyHomeViewModel()
        await home.load()
        let before = try #require(home.uiState.screen)
        let task = try #require(before.todayTasks.first { !$0.isDone })
        let plan = app.makeReviewPlanViewModel()
        await plan.load()
        let homeRequests = fixture.api.server.requestCount("GET", "/api/learning/summary")

        let log = ObservationLog { home.uiState }
        await plan.complete(taskID: task.id)

        #expect(await eventually { home.uiState.screen?.todayTasks.first { $0.id == task.id }?.isDone == true })
        let after = try #require(home.uiState.screen)
        #expect(after.todayMinutes == before.todayMinutes - task.minutes)
        #expect(after.todayTasks.last?.id == task.id, "done today: at the end of today's list")
        #expect(log.values.allSatisfy { $0.screen != nil }, "drawn over the home, no loading")
        #expect(fixture.api.server.requestCount("GET", "/api/learning/summary") == homeRequests, "the home did not load again")

        let reloaded = app.makeStudyHomeViewModel()
        await reloaded.load()
        let fresh = try #require(reloaded.uiState.screen)
        #expect(after.todayTasks.map(\.id) == fresh.todayTasks.map(\.id))
        #expect(after.todayTasks.map(\.isDone) == fresh.todayTasks.map(\.isDone))
        #expect(after.todayMinutes == fresh.todayMinutes && after.workText == fresh.workText)
    }

    @Test("a task skipped on the review page leaves the home at once; offline too")
    func skipOnTheReviewPageReachesTheHome() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let home = app.makeStudyHomeViewModel()
        let plan = app.makeReviewPlanViewModel()
        await home.load()
        await plan.load()
        fixture.networkDown()
        await home.load()
        await plan.load()
        let before = try #require(home.uiState.screen)
        #expect(before.isOffline)
        let task = try #require(before.todayTasks.first { !$0.isDone })

        await plan.skip(taskID: task.id)

        #expect(await eventually { home.uiState.screen?.todayTasks.contains { $0.id == task.id } == false })
        #expect(home.uiState.screen?.todayMinutes == before.todayMinutes - task.minutes)
        #expect(home.uiState.screen?.isOffline == true)
    }

    @Test("a change told while the home loads is drawn over the load's result")
    func changeDuringALoad() async throws {
        let gate = AsyncGate()
        let plan = ScriptedReviewRepository.plan(title: "向量", taskID: "task-1", minutes: 10)
        let reviews = TellingReviewRepository(ScriptedReviewRepository([.init(gate: gate, result: .success(plan))]))
        let home = StudyHomeViewModel(useCase: StudyHomeUseCase(reviews: reviews, learning: NothingLearned()),
                                      session: FakeSessionRepository(signedIn: true))
        let loading = Task { await home.load() }
        await gate.waitForArrivals(1)
        #expect(home.uiState == .loading)

        reviews.tell(.completed(plan.today[0], at: Date(timeIntervalSince1970: 1_795_000_600)))
        await gate.open()
        await loading.value

        let screen = try #require(home.uiState.screen)
        #expect(screen.todayTasks.map(\.isDone) == [true] && screen.todayMinutes == 0)

        reviews.tell(.gone(taskID: "task-1"))
        #expect(await eventually { home.uiState.screen?.todayTasks.isEmpty == true })
    }
}

/// Nothing read, no totals.
struct NothingLearned: LearningRepository {
    func learningTotals() async throws(RepositoryFailure) -> LearningSummary { throw .unreachable }
    func continueReading() async -> ContinueReading? { nil }
}

/// A scripted review repository whose changes the test tells (one reader).
final class TellingReviewRepository: ReviewRepository, @unchecked Sendable {
    private let scripted: ScriptedReviewRepository
    private let stream: AsyncStream<ReviewPlanChange>
    private let continuation: AsyncStream<ReviewPlanChange>.Continuation

    init(_ scripted: ScriptedReviewRepository) {
        self.scripted = scripted
        (stream, continuation) = AsyncStream.makeStream(of: ReviewPlanChange.self, bufferingPolicy: .unbounded)
    }

    /// Tells the reader `change`.
    func tell(_ change: ReviewPlanChange) { continuation.yield(change) }

    func reviewPlan(now: Date) async throws(RepositoryFailure) -> ReviewPlanSnapshot { try await scripted.reviewPlan(now: now) }
    func complete(_ item: ReviewItem, at completedAt: Date) async throws(RepositoryFailure) -> ReviewActionResult {
        try await scripted.complete(item, at: completedAt)
    }
    func skip(_ item: ReviewItem, at skippedAt: Date) async throws(RepositoryFailure) -> ReviewActionResult {
        try await scripted.skip(item, at: skippedAt)
    }
    func nextReview(ofLesson lessonID: String, now: Date) async throws(RepositoryFailure) -> ReviewItem? { nil }
    func changes() -> AsyncStream<ReviewPlanChange> { stream }
}

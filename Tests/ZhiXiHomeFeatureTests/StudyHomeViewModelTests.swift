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
}

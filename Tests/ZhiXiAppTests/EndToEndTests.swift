import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiModel
import ZhiXiOnboardingFeature
import ZhiXiReading
import ZhiXiReviewFeature
import ZhiXiTestServer

/// The "done when": the whole app through `AppContainer` against the loopback server.
@Suite("The whole app, end to end, against the loopback server", .serialized)
@MainActor
struct EndToEndTests {
    @Test("launch → sign in → onboarding → home → read (once across background, foreground, a network loss) → plan → done offline → network back → sign out → another learner sees nothing")
    func wholeApp() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        fixture.api.setOnboardingCompleted(false, appleUserID: fixture.user.appleUserID)
        let other = try fixture.seedLearner(id: "user-b", appleUserID: "apple-b")
        let monitor = ManualNetworkMonitor()
        let clock = ManualReadingScheduler(start: AppFixture.now)
        fixture.reading.setTitle("梯度下降讲义", of: "src-gd")

        // Launch: nothing kept → login.
        let app = AppContainer(configuration: fixture.configuration(monitor: monitor, scheduler: clock))
        let login = app.makeLoginViewModel()
        let toasts = app.makeReadingNoticesViewModel()
        await login.restore()
        await app.lifecycle.appDidLaunch()
        #expect(login.route == .login && login.errorMessage == nil)

        // Sign in with the credential the button gave → onboarding → main.
        await login.signIn(with: fixture.signInCredential(for: fixture.user))
        #expect(login.route == .onboarding)
        let onboarding = app.makeOnboardingViewModel(timeZone: TimeZone(identifier: "Asia/Shanghai")!)
        await onboarding.load()
        onboarding.learningDirection = "机器学习"
        await onboarding.submit()
        #expect(onboarding.uiState == .finished(.main) && login.route == .main)

        // Home.
        let home = app.makeStudyHomeViewModel()
        await home.load()
        let firstHome = try #require(home.uiState.shownHome)
        #expect(!firstHome.todayTasks.isEmpty && !firstHome.isOffline && firstHome.continueReading == nil)

        // Read a material: 20 s, then the app to the background (the answer to its flush lost
        // on the way) and back; then the network lost mid-reading.
        let book = ReadingMaterial(materialID: "src-gd", kind: .knowledgeSource, title: "梯度下降讲义")
        let reader = app.makeReaderViewModel(material: book)
        await reader.open()
        #expect(reader.uiState.shownReader?.resumeText == "从头开始阅读")
        await reader.updateLocation(ReadingLocation(progress: 0.3, anchor: "sec-2"))
        await clock.advance(by: 20)
        fixture.api.server.faults.inject(.loseAnswer, method: "POST", path: "/api/learning/reading-events/batch", times: 1)
        let background = try #require(await app.lifecycle.didEnterBackgroundFlushing())
        #expect(background.uploaded == 0 && background.remaining == 4, "opened, the position, a heartbeat, the pause: sent, not confirmed")
        #expect(fixture.reading.storedEvents(ofUser: fixture.user.id).count == 4, "the server has them")
        await clock.advance(by: 600)
        await app.lifecycle.willEnterForeground()
        fixture.networkDown()
        monitor.report(false)
        await reader.updateLocation(ReadingLocation(progress: 0.8, anchor: "sec-5"))
        await clock.advance(by: 3)
        await reader.markAsRead()
        await reader.close()
        let offlineFlush = try #require(await app.lifecycle.didEnterBackgroundFlushing())
        #expect(offlineFlush.uploaded == 0 && offlineFlush.remaining == 7, "the position, read, closed wait with the four before")
        await app.lifecycle.willEnterForeground()

        // The review plan; a task done offline.
        let plan = app.makeReviewPlanViewModel()
        await plan.load()
        let offlinePlan = try #require(plan.uiState.shownPlan)
        #expect(offlinePlan.isOffline)
        let task = try #require(offlinePlan.today.rows.first { !$0.isDone })
        await plan.complete(taskID: task.id)
        #expect(plan.uiState.shownPlan?.waitingCount == 1 && fixture.api.reviewTask(id: task.id)?.status == .pending)

        // The network back: the monitor says so, the app sends what waits.
        fixture.networkBack()
        monitor.report(true)
        #expect(await eventually { fixture.api.reviewTask(id: task.id)?.status == .completed }, "the server holds the completion")
        #expect(await eventually { fixture.reading.storedEvents(ofUser: fixture.user.id).count == 7 && fixture.reading.duplicateCount == 4 },
                "the four sent before answered DUPLICATE_EVENT, the three new stored")
        var waiting = -1
        for _ in 0 ..< 2_000 where waiting != 0 {
            waiting = (await app.reading.queueSnapshot()).map { $0.pending + $0.exported + $0.failed } ?? -1
            if waiting != 0 { try await Task.sleep(nanoseconds: 1_000_000) }
        }
        #expect(waiting == 0, "the queue is empty")
        let stored = fixture.reading.storedEvents(ofUser: fixture.user.id).sorted { ($0.clientSessionID, $0.sequence) < ($1.clientSessionID, $1.sequence) }
        #expect(stored.count == 7 && Set(stored.map(\.eventID)).count == 7, "every event once")
        #expect(stored.map(\.eventType) == [.opened, .positionChanged, .heartbeat, .heartbeat, .positionChanged, .markedAsRead, .closed])
        #expect(stored.map(\.sequence) == Array(1 ... 7), "one session, no gap")
        #expect(stored.map(\.activeSecondsDelta) == [0, 0, 15, 5, 0, 0, 3], "the 600 s in the background never count")
        #expect(stored.allSatisfy { $0.appVersion == AppFixture.appVersion })
        #expect(fixture.api.completionCount == 1)
        await plan.load()
        #expect(plan.uiState.shownPlan?.isOffline == false && plan.uiState.shownPlan?.waitingCount == 0)
        await home.load()
        #expect(home.uiState.shownHome?.continueReading?.materialID == "src-gd" && home.uiState.shownHome?.continueReading?.title == "梯度下降讲义")
        #expect(toasts.toasts.isEmpty)

        // Sign out; another learner on the same device sees nothing of the first.
        await app.sessionRepository.signOut()
        #expect(await eventually { home.uiState == .loggedOut && plan.uiState == .loggedOut && reader.uiState == .loggedOut })
        await login.signIn(with: fixture.signInCredential(for: other))
        #expect(login.route == .main)
        #expect(await eventually { home.uiState.shownHome != nil && !home.isRefreshing && plan.uiState.shownPlan != nil && !plan.isRefreshing })
        #expect(home.uiState.shownHome?.continueReading == nil)
        #expect(!(plan.uiState.shownRows?.contains { $0.id == task.id } ?? true))
        let otherTasks = Set(home.uiState.shownHome?.todayTasks.map(\.id) ?? [])
        #expect(otherTasks.isDisjoint(with: firstHome.todayTasks.map(\.id)))
        let otherReader = app.makeReaderViewModel(material: book)
        await otherReader.open()
        #expect(otherReader.uiState.shownReader?.resumeAt == nil)
        await otherReader.close()
        _ = await app.lifecycle.didEnterBackground()
        #expect(fixture.reading.storedEvents(ofUser: "user-b").allSatisfy { $0.clientSessionID != stored[0].clientSessionID })
        #expect(fixture.reading.storedEvents(ofUser: fixture.user.id).count == 7, "nothing more of the first learner's")
        let queue = try #require(await app.reading.queueSnapshot())
        #expect(queue.pending + queue.failed == 0)
    }
}

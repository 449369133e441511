import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiModel
import ZhiXiReading
import ZhiXiTestServer

/// The lifecycle API the app calls from `scenePhase` and its network monitor, against the
/// loopback server.
@Suite("AppLifecycle: launch, background, foreground, the network back", .serialized)
@MainActor
struct AppLifecycleTests {
    static let book = ReadingMaterial(materialID: "src-gd", kind: .knowledgeSource, title: "梯度下降讲义")

    /// Reads `material` a little: open, a position, close.
    static func read(_ app: AppContainer, _ material: ReadingMaterial = book, to progress: Double = 0.4) async {
        let reader = app.makeReaderViewModel(material: material)
        await reader.open()
        await reader.updateLocation(ReadingLocation(progress: progress))
        await reader.close()
    }

    @Test("launch reloads what a previous launch left in the learner's queue; background sends it, with the configuration's app version")
    func launchThenBackground() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        // Timers the test drives: the one flush counted below is the background's, never the
        // 30-second flush a slow machine would reach first.
        let before = try await fixture.launch(scheduler: ManualReadingScheduler(start: AppFixture.now))
        // A launch that read offline and was killed: its events wait in the learner's own queue.
        fixture.networkDown()
        await Self.read(before)
        let waiting = try #require(await before.reading.queueSnapshot())
        #expect(waiting.pending + waiting.failed == 3)
        fixture.networkBack()

        let app = try await fixture.launch(scheduler: ManualReadingScheduler(start: AppFixture.now))
        await app.lifecycle.appDidLaunch()
        let snapshot = try #require(await app.reading.queueSnapshot())
        #expect(snapshot.pending == 3, "pending again at launch")
        let flushed = try #require(await app.lifecycle.didEnterBackgroundFlushing())
        #expect(flushed.uploaded == 3 && flushed.remaining == 0)
        let stored = fixture.reading.storedEvents(ofUser: fixture.user.id)
        #expect(stored.count == 3 && stored.allSatisfy { $0.appVersion == AppFixture.appVersion && $0.platform == "ios" })
        #expect(!app.lifecycle.isInForeground)
        await app.lifecycle.willEnterForeground()
        #expect(app.lifecycle.isInForeground)
    }

    @Test("the network monitor: offline, reading and a completion wait; the network back → both reach the server, once")
    func networkRecovery() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let monitor = ManualNetworkMonitor()
        let app = AppContainer(configuration: fixture.configuration(monitor: monitor))
        _ = try await app.sessionRepository.signIn()
        await app.lifecycle.appDidLaunch()
        let plan = app.makeReviewPlanViewModel()
        await plan.load()

        fixture.networkDown()
        monitor.report(false)
        await Self.read(app)
        let task = try #require(plan.uiState.shownPlan?.today.rows.first { !$0.isDone })
        await plan.complete(taskID: task.id)
        _ = await app.lifecycle.didEnterBackground()
        await app.lifecycle.willEnterForeground()
        #expect(fixture.reading.storedEvents(ofUser: fixture.user.id).isEmpty && fixture.api.completionCount == 0)

        fixture.networkBack()
        monitor.report(true)
        #expect(await eventually { fixture.reading.storedEvents(ofUser: fixture.user.id).count == 3 })
        #expect(await eventually { fixture.api.reviewTask(id: task.id)?.status == .completed })
        #expect(fixture.api.completionCount == 1 && fixture.reading.duplicateCount == 0)
        let stored = fixture.reading.storedEvents(ofUser: fixture.user.id).sorted { $0.sequence < $1.sequence }
        #expect(stored.map(\.eventType) == [.opened, .positionChanged, .closed])

    }

    /// A launch with background time `time` whose learner read offline: three events wait.
    /// Its timers are the test's: the 30-second flush never sends them first.
    static func launchWithWaitingEvents(_ fixture: AppFixture, time: RecordingBackgroundTime) async throws -> AppContainer {
        var configuration = fixture.configuration(scheduler: ManualReadingScheduler(start: AppFixture.now))
        configuration.backgroundTime = time
        let app = AppContainer(configuration: configuration)
        _ = try await app.sessionRepository.signIn()
        await app.lifecycle.appDidLaunch()
        fixture.networkDown()
        await read(app)
        fixture.networkBack()
        return app
    }

    @Test("going to the background asks for background time, flushes, then ends the task, once")
    func backgroundTimeAroundTheFlush() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let time = RecordingBackgroundTime { fixture.reading.storedEvents(ofUser: fixture.user.id).count }
        let app = try await Self.launchWithWaitingEvents(fixture, time: time)
        let flushed = try #require(await app.lifecycle.didEnterBackgroundFlushing())
        #expect(flushed.uploaded == 3)
        #expect(time.steps == [.began(AppLifecycle.backgroundTaskName, observed: 0), .ended(observed: 3)],
                "begun before the flush sent anything, ended once it had sent all three")
        #expect(time.openTasks == 0)
    }

    @Test("the background time runs out mid-flush: the task ended at once, the flush stopped, the events sent later, once")
    func backgroundTimeExpires() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let time = RecordingBackgroundTime { fixture.reading.storedEvents(ofUser: fixture.user.id).count }
        let app = try await Self.launchWithWaitingEvents(fixture, time: time)
        let gate = TestServerGate(count: 2)
        defer { gate.open() }
        fixture.api.server.faults.inject(.hold(gate), method: "POST", path: "/api/learning/reading-events/batch", times: 1)
        let background = Task { await app.lifecycle.didEnterBackgroundFlushing() }
        #expect(await eventually { gate.arrivals == 1 }, "the upload reached the server and is held there")
        time.expire()
        #expect(time.steps == [.began(AppLifecycle.backgroundTaskName, observed: 0), .expired(observed: 0), .ended(observed: 0)],
                "ended in the expiry handler, before the held upload was answered")
        gate.open()
        _ = await background.value
        #expect(time.steps.count == 3 && time.openTasks == 0, "not ended a second time when the flush returned")
        await app.lifecycle.willEnterForeground()
        _ = await app.reading.flush()
        #expect(await eventually { fixture.reading.storedEvents(ofUser: fixture.user.id).count == 3 })
    }
}

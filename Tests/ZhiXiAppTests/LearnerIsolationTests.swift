import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiModel
import ZhiXiReading
import ZhiXiReviewFeature
import ZhiXiTestServer

/// Two learners on one device: each one's data is their own.
@Suite("Each learner's own data on a shared device", .serialized)
@MainActor
struct LearnerIsolationTests {
    @Test("A reads (some of it waiting offline), signs out; B signs in: B's pages, continue card and uploads hold nothing of A; A's wait for A")
    func secondLearnerSeesNothingOfTheFirst() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let learnerB = try fixture.seedLearner(id: "user-b", appleUserID: "apple-b")
        let app = AppContainer(configuration: fixture.configuration())
        let login = app.makeLoginViewModel()
        await login.restore()
        await login.signIn()
        await app.lifecycle.appDidLaunch()
        let home = app.makeStudyHomeViewModel()
        let plan = app.makeReviewPlanViewModel()

        // A reads online (uploaded), then offline (waiting), and completes a task offline.
        await AppLifecycleTests.read(app, AppLifecycleTests.book, to: 0.4)
        _ = await app.lifecycle.didEnterBackground()
        await app.lifecycle.willEnterForeground()
        await home.load()
        #expect(home.uiState.shownHome?.continueReading?.materialID == "src-gd", "A's card")
        await plan.load()
        let aTasks = Set(plan.uiState.shownRows?.map(\.id) ?? [])
        fixture.networkDown()
        await AppLifecycleTests.read(app, ReadingMaterial(materialID: "tmp-a", kind: .temporaryFile, title: "A 的笔记"), to: 0.7)
        _ = await app.lifecycle.didEnterBackground()
        await app.lifecycle.willEnterForeground()
        let aTask = try #require(plan.uiState.shownPlan?.today.rows.first { !$0.isDone })
        await plan.complete(taskID: aTask.id)
        let aStored = fixture.reading.storedEvents(ofUser: fixture.user.id).count
        fixture.networkBack()

        await login.signOut()
        #expect(await eventually { home.uiState == .loggedOut && plan.uiState == .loggedOut && login.route == .login })

        // B on the same device, the same app.
        await login.signIn(with: fixture.signInCredential(for: learnerB))
        #expect(login.route == .main && app.sessionRepository.signedInUserID == "user-b")
        #expect(await eventually { home.uiState.shownHome != nil && !home.isRefreshing })
        #expect(await eventually { plan.uiState.shownPlan != nil && !plan.isRefreshing })
        let bHome = try #require(home.uiState.shownHome)
        #expect(bHome.continueReading == nil, "no card: B read nothing, on the server or on the device")
        #expect(bHome.budgetMinutes == 20, "B's settings")
        let bTasks = Set(plan.uiState.shownRows?.map(\.id) ?? [])
        #expect(bTasks.isDisjoint(with: aTasks), "none of A's tasks")
        #expect(await app.learning.continueReading() == nil)
        let reader = app.makeReaderViewModel(material: AppLifecycleTests.book)
        await reader.open()
        #expect(reader.uiState.shownReader?.resumeAt == nil, "A's position of the same material is not B's")
        await reader.close()

        // B's uploads: B's own reading only; A's waiting reading and completion stay A's.
        _ = await app.lifecycle.networkDidRecover()
        _ = await app.lifecycle.didEnterBackground()
        let bStored = fixture.reading.storedEvents(ofUser: "user-b")
        #expect(bStored.allSatisfy { $0.materialID == "src-gd" } && bStored.map(\.eventType).sorted { $0.rawValue < $1.rawValue } == [.closed, .opened])
        #expect(fixture.reading.storedEvents(ofUser: fixture.user.id).count == aStored, "nothing of A's was sent with B's session")
        #expect(fixture.reading.storedEvents(ofUser: fixture.user.id).allSatisfy { $0.materialID != "tmp-a" })
        #expect(fixture.api.reviewTask(id: aTask.id)?.status == .pending && fixture.api.completionCount == 0)
        let bQueue = try #require(await app.reading.queueSnapshot())
        #expect(bQueue.materials.allSatisfy { $0.materialID != "tmp-a" } && bQueue.pending + bQueue.failed == 0)
        let bDirectory = app.storage.directory(forUser: "user-b")
        let bWorkspace = try #require(try await app.storage.place(forUser: "user-b").cache.read())
        #expect(bWorkspace.lessons.allSatisfy { $0.id.hasPrefix("user-b-") } && bWorkspace.sessions.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: bDirectory.path).sorted().allSatisfy {
            ["outbox", "reading-positions.json", "reading-queue", "workspace.json"].contains($0)
        })

        // A again: what waited for A goes, once.
        await login.signOut()
        await login.signIn()
        _ = await app.lifecycle.networkDidRecover()
        #expect(await eventually { fixture.reading.storedEvents(ofUser: fixture.user.id).contains { $0.materialID == "tmp-a" } })
        #expect(await eventually { fixture.api.reviewTask(id: aTask.id)?.status == .completed })
        #expect(fixture.api.completionCount == 1 && fixture.reading.duplicateCount == 0)
    }
}

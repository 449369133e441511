import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiKnowledgeFeature
import ZhiXiModel
import ZhiXiTestServer

extension KnowledgeLibraryUiState {
    var screen: KnowledgeLibraryScreen? {
        if case .success(let screen) = self { return screen }
        return nil
    }
}

/// The library page against the loopback server (the sample learner: one knowledge base, five
/// paths of six lessons).
@Suite("KnowledgeLibraryViewModel against the loopback server", .serialized)
@MainActor
struct KnowledgeLibraryViewModelTests {
    @Test("loading → the server's bases with their paths in order, lessons counted and studied ones counted")
    func loadsTheLibrary() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let page = app.makeKnowledgeLibraryViewModel()
        #expect(page.uiState == .loading)
        await page.load()

        let screen = try #require(page.uiState.screen)
        let workspace = fixture.workspace
        #expect(screen.title == "知识库" && !screen.isOffline && screen.offlineMessage == nil && screen.emptyText == nil)
        #expect(screen.bases.map(\.id) == workspace.knowledgeBases.map(\.id))
        let base = try #require(screen.bases.first)
        let paths = workspace.learningPaths.sorted { $0.order < $1.order }
        #expect(base.paths.map(\.id) == paths.map(\.id) && base.pathCountText == "\(paths.count) 条学习路径")
        let studied = Set(workspace.sessions.filter { ($0.endedAt ?? $0.startedAt) <= AppFixture.now }.map(\.lessonID))
        for (row, path) in zip(base.paths, paths) {
            let count = path.lessonIDs.filter { studied.contains($0) }.count
            #expect(row.lessonCount == path.lessonIDs.count && row.lessonCountText == "\(path.lessonIDs.count) 节课")
            #expect(row.studiedLessonCount == count && row.studiedText == "已学 \(count)/\(path.lessonIDs.count) 节")
            #expect(row.progress == Double(count) / Double(path.lessonIDs.count))
        }
    }

    @Test("server down after a load → what the device keeps, with the banner; nothing kept → error → network back → retry → success")
    func offlineAndError() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch(language: .english)
        let first = app.makeKnowledgeLibraryViewModel()
        fixture.networkDown()
        await first.load()
        #expect(first.uiState == .error(ScreenError(message: LearnerWording.english.unreachable, retryTitle: "Try again")))
        fixture.networkBack()
        await first.retry()
        let online = try #require(first.uiState.screen)
        #expect(online.title == "Library" && !online.isOffline)

        fixture.networkDown()
        let second = app.makeKnowledgeLibraryViewModel()
        await second.load()
        let offline = try #require(second.uiState.screen)
        #expect(offline.isOffline && offline.offlineMessage == LearnerWording.english.savedOnDeviceMessage(for: .unreachable))
        #expect(offline.bases == online.bases, "the same bases and paths, from the device")
    }

    @Test("sign-out during a load → loggedOut at once; the held answer never lands")
    func signOutMidLoad() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let page = app.makeKnowledgeLibraryViewModel()
        let gate = TestServerGate(count: 2)
        fixture.api.server.faults.inject(.hold(gate), method: "GET", path: "/api/knowledge-bases", times: 1)
        let loading = Task { await page.load() }
        #expect(await eventually { gate.arrivals == 1 })
        #expect(page.uiState == .loading)
        await app.sessionRepository.signOut()
        #expect(await eventually { page.uiState == .loggedOut }, "at once, while the server still holds the answer")
        gate.open()
        await loading.value
        #expect(page.uiState == .loggedOut, "the held answer came after the sign-out and did not land")
    }

    @Test("two loads in a row, the first slower → only the second lands")
    func onlyTheLatestLands() async throws {
        let gate = AsyncGate()
        let repository = ScriptedKnowledgeRepository(libraries: [
            .init(gate: gate, result: .success(ScriptedKnowledgeRepository.library(title: "第一次"))),
            .init(result: .success(ScriptedKnowledgeRepository.library(title: "第二次"))),
        ])
        let page = KnowledgeLibraryViewModel(repository: repository, session: FakeSessionRepository(signedIn: true))
        let first = Task { await page.load() }
        await gate.waitForArrivals(1)
        await page.load()
        #expect(page.uiState.screen?.bases.map(\.title) == ["第二次"])
        await gate.open()
        await first.value
        #expect(page.uiState.screen?.bases.map(\.title) == ["第二次"], "the first answer came last and did not land")
        #expect(await repository.cancelledCalls == [false, true])
    }

    @Test("signed out at first → loggedOut without a load; signing in loads; a repository saying signed out signs the session out")
    func signedOutStates() async throws {
        let session = FakeSessionRepository(signedIn: false)
        let repository = ScriptedKnowledgeRepository(libraries: [.init(result: .failure(.signedOut))])
        let page = KnowledgeLibraryViewModel(repository: repository, session: session)
        #expect(page.uiState == .loggedOut)
        await page.load()
        #expect(page.uiState == .loggedOut)
        #expect(await repository.calls == 0)
        session.setSignedIn(true)
        #expect(await eventually { session.signOutCount == 1 }, "the page asked to load loads on sign-in; the repository says signed out")
        #expect(page.uiState == .loggedOut && !session.isSignedIn)
        #expect(await repository.calls == 1)
    }

    @Test("no knowledge base → the page says so")
    func emptyLibrary() async throws {
        let repository = ScriptedKnowledgeRepository(libraries: [.init(result: .success(KnowledgeLibrary(bases: [], isOffline: false)))])
        let page = KnowledgeLibraryViewModel(repository: repository, session: FakeSessionRepository(signedIn: true), language: .english)
        await page.load()
        #expect(page.uiState.screen?.emptyText == LearnerWording.english.libraryEmpty)
    }
}

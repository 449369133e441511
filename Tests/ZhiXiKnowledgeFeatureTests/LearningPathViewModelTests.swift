import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiKnowledgeFeature
import ZhiXiModel
import ZhiXiTestServer

extension LearningPathUiState {
    var screen: LearningPathScreen? {
        if case .success(let screen) = self { return screen }
        return nil
    }
}

/// A learning path's page against the loopback server: the sample learner's 数学基础 (path-1).
@Suite("LearningPathViewModel against the loopback server", .serialized)
@MainActor
struct LearningPathViewModelTests {
    static let pathID = "path-1"

    @Test("loading → the lessons in study order, each with what was studied and its next review as the review plan has it")
    func loadsThePath() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let page = app.makeLearningPathViewModel(pathID: Self.pathID)
        #expect(page.uiState == .loading)
        await page.load()

        let screen = try #require(page.uiState.screen)
        let path = try #require(fixture.workspace.learningPaths.first { $0.id == Self.pathID })
        #expect(screen.title == path.title && screen.knowledgeBaseTitle == "机器学习基础" && !screen.isOffline)
        #expect(screen.lessons.map(\.id) == path.lessonIDs)
        let sessions = fixture.workspace.sessions.filter { ($0.endedAt ?? $0.startedAt) <= AppFixture.now }
        let studied = screen.lessons.filter(\.isStudied).count
        #expect(studied == Set(sessions.map(\.lessonID)).intersection(path.lessonIDs).count && studied > 0)
        #expect(screen.studiedText == "已学 \(studied)/\(path.lessonIDs.count) 节")
        var reviewed = 0
        for row in screen.lessons {
            let count = sessions.filter { $0.lessonID == row.id }.count
            #expect(row.isStudied == (count > 0))
            #expect(row.isStudied ? row.studiedText.hasPrefix("学过 \(count) 次 · 最近一次 ") : row.studiedText == "还没学过")
            let expected = try await app.reviews.nextReview(ofLesson: row.id, now: AppFixture.now)
            #expect(row.nextReview?.reviewType == expected?.task.reviewType, "lesson \(row.id)")
            if let expected, let next = row.nextReview {
                reviewed += 1
                #expect(next.text == "下次复习：\(next.dayText) · \(expected.task.reviewType.displayName())")
                #expect(next.isDue == (next.dayText == "今天"), "an overdue review shows on today")
                #expect(next.taskID == expected.id && next.reason == expected.reason)
            } else {
                #expect(row.noReviewText == LearnerWording.chinese.noNextReview)
            }
        }
        #expect(reviewed > 0, "the sample learner has reviews planned on this path")
    }

    @Test("an unknown path → the path's own error; server down with the path kept → offline with the banner")
    func unknownAndOffline() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch(language: .english)
        let missing = app.makeLearningPathViewModel(pathID: "no-such-path")
        await missing.load()
        #expect(missing.uiState == .error(ScreenError(message: LearnerWording.english.pathNotFound, retryTitle: "Try again")))

        let page = app.makeLearningPathViewModel(pathID: Self.pathID)
        await page.load()
        let online = try #require(page.uiState.screen)
        fixture.networkDown()
        await page.load()
        let offline = try #require(page.uiState.screen)
        #expect(offline.isOffline && offline.offlineMessage == LearnerWording.english.savedOnDeviceMessage(for: .unreachable))
        #expect(offline.lessons.map(\.id) == online.lessons.map(\.id))
        #expect(offline.lessons.map(\.nextReview?.taskID) == online.lessons.map(\.nextReview?.taskID), "the same plan, made on the device")
    }

    @Test("nothing kept and the server down → error → network back → retry → success")
    func errorThenRetry() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let page = app.makeLearningPathViewModel(pathID: Self.pathID)
        fixture.networkDown()
        await page.load()
        #expect(page.uiState == .error(ScreenError(message: LearnerWording.chinese.unreachable, retryTitle: "重试")))
        fixture.networkBack()
        await page.retry()
        #expect(page.uiState.screen?.lessons.count == 6)
    }

    @Test("sign-out during a load → loggedOut at once; the held answer never lands")
    func signOutMidLoad() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let page = app.makeLearningPathViewModel(pathID: Self.pathID)
        let gate = TestServerGate(count: 2)
        fixture.api.server.faults.inject(.hold(gate), method: "GET", path: "/api/knowledge-bases", times: 1)
        let loading = Task { await page.load() }
        #expect(await eventually { gate.arrivals == 1 })
        await app.sessionRepository.signOut()
        #expect(await eventually { page.uiState == .loggedOut }, "at once, while the server still holds the answer")
        gate.open()
        await loading.value
        #expect(page.uiState == .loggedOut)
    }

    @Test("two loads in a row, the first slower → only the second lands; an empty path says so")
    func onlyTheLatestLands() async throws {
        let gate = AsyncGate()
        let repository = ScriptedKnowledgeRepository(paths: [
            .init(gate: gate, result: .success(ScriptedKnowledgeRepository.path(title: "第一次"))),
            .init(result: .success(ScriptedKnowledgeRepository.path(title: "第二次"))),
        ])
        let page = LearningPathViewModel(pathID: "path-a", repository: repository, session: FakeSessionRepository(signedIn: true))
        let first = Task { await page.load() }
        await gate.waitForArrivals(1)
        #expect(page.uiState == .loading)
        await page.load()
        #expect(page.uiState.screen?.title == "第二次")
        await gate.open()
        await first.value
        #expect(page.uiState.screen?.title == "第二次", "the first answer came last and did not land")
        #expect(page.uiState.screen?.emptyText == LearnerWording.chinese.pathEmpty)
        #expect(await repository.cancelledCalls == [false, true])
    }
}

import Foundation
import Testing
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiReviewFeature

/// Switch-to-latest, with a repository the test scripts: the first load is held at a gate
/// until the second has landed.
@Suite("ReviewPlanViewModel: only the latest load lands")
@MainActor
struct ReviewPlanLatestLoadTests {
    @Test("two loads in a row, the first slower → only the second lands; the first is cancelled")
    func onlyTheSecondLands() async throws {
        let gate = AsyncGate()
        let repository = ScriptedReviewRepository([
            .init(gate: gate, result: .success(ScriptedReviewRepository.plan(title: "第一次的计划"))),
            .init(result: .success(ScriptedReviewRepository.plan(title: "第二次的计划"))),
        ])
        let plan = ReviewPlanViewModel(repository: repository, session: FakeSessionRepository(signedIn: true))

        let first = Task { await plan.load() }
        await gate.waitForArrivals(1)
        #expect(plan.uiState == .loading)
        await plan.load()
        #expect(plan.uiState.screen?.today.rows.map(\.lessonTitle) == ["第二次的计划"])

        await gate.open()
        await first.value
        #expect(plan.uiState.screen?.today.rows.map(\.lessonTitle) == ["第二次的计划"], "the first answer came last and did not land")
        #expect(await repository.cancelledCalls == [false, true], "the second finished first; the first was cancelled")
    }

    @Test("a refresh overtaken by a load does not land either, and leaves no refreshing flag behind")
    func refreshOvertaken() async throws {
        let gate = AsyncGate()
        let repository = ScriptedReviewRepository([
            .init(result: .success(ScriptedReviewRepository.plan(title: "最初"))),
            .init(gate: gate, result: .success(ScriptedReviewRepository.plan(title: "刷新"))),
            .init(result: .success(ScriptedReviewRepository.plan(title: "重新加载"))),
        ])
        let plan = ReviewPlanViewModel(repository: repository, session: FakeSessionRepository(signedIn: true))
        await plan.load()
        let refreshing = Task { await plan.refresh() }
        await gate.waitForArrivals(1)
        #expect(plan.isRefreshing && plan.uiState.screen?.today.rows.map(\.lessonTitle) == ["最初"], "the plan stays on screen")
        await plan.load()
        await gate.open()
        await refreshing.value
        #expect(plan.uiState.screen?.today.rows.map(\.lessonTitle) == ["重新加载"] && !plan.isRefreshing)
    }

    @Test("sign-out while a load is held → loggedOut at once; the held answer never lands")
    func signOutWhileHeld() async throws {
        let gate = AsyncGate()
        let repository = ScriptedReviewRepository([.init(gate: gate, result: .success(ScriptedReviewRepository.plan(title: "旧数据")))])
        let session = FakeSessionRepository(signedIn: true)
        let plan = ReviewPlanViewModel(repository: repository, session: session)
        let loading = Task { await plan.load() }
        await gate.waitForArrivals(1)
        session.setSignedIn(false)
        #expect(await eventually { plan.uiState == .loggedOut }, "at once, while the repository still holds the answer")
        await gate.open()
        await loading.value
        #expect(plan.uiState == .loggedOut, "the held answer came after the sign-out and did not land")
        #expect(await repository.cancelledCalls == [true])
    }

    @Test("a page let go is freed (no cycle through its loads or its watch of the session), and stops watching")
    func freedWhenLetGo() async throws {
        let session = FakeSessionRepository(signedIn: true)
        weak var freed: ReviewPlanViewModel?
        do {
            let plan = ReviewPlanViewModel(repository: ScriptedReviewRepository([.init(result: .success(ScriptedReviewRepository.plan(title: "向量")))]),
                                           session: session)
            await plan.load()
            #expect(plan.uiState.screen != nil)
            freed = plan
        }
        #expect(freed == nil)
        session.setSignedIn(false)
        session.setSignedIn(true)
        #expect(freed == nil)
    }

    @Test("a repository that says signed out → loggedOut, and the page signs the session out")
    func signedOutFailure() async throws {
        let repository = ScriptedReviewRepository([.init(result: .failure(.signedOut))])
        let session = FakeSessionRepository(signedIn: true)
        let plan = ReviewPlanViewModel(repository: repository, session: session)
        await plan.load()
        #expect(plan.uiState == .loggedOut && session.signOutCount == 1 && !session.isSignedIn)
    }
}

import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiCore
import ZhiXiDomain
import ZhiXiModel
import ZhiXiProgressFeature
import ZhiXiRepositories
import ZhiXiTestServer

extension LearningProgressUiState {
    var screen: LearningProgressScreen? {
        if case .success(let screen) = self { return screen }
        return nil
    }
}

/// A progress repository whose answers the test scripts.
struct ScriptedProgressRepository: ProgressRepository {
    let answers: ScriptedAnswers<LearningProgress>

    init(_ scripts: [ScriptedAnswers<LearningProgress>.Script]) {
        answers = ScriptedAnswers(scripts)
    }

    func progress(now: Date) async throws(RepositoryFailure) -> LearningProgress {
        try await answers.next()
    }

    /// Figures with `streakDays`, and `minutes` on each of the 7 days up to 2026-11-29 (oldest first).
    static func figures(streakDays: Int, minutes: [Int] = [0, 10, 0, 25, 5, 0, 40], firstWeekday: Int = 2) -> LearningProgress {
        let today = CivilDate(year: 2026, month: 11, day: 29)
        let days = minutes.enumerated().map { index, value in
            ActivityDay(date: CivilDate(daysSince1970: today.daysSince1970 - minutes.count + 1 + index), minutes: value, sessions: value > 0 ? 1 : 0)
        }
        return LearningProgress(summary: LearningSummary(totalMinutes: 80, sessionCount: 4, lessonCount: 3, averageMastery: 71.6, streakDays: streakDays,
                                                         dueReviewCount: 2),
                                trend: days, heatmap: LearningProgress.window(days, count: LearningProgress.heatmapDays, endingOn: today),
                                today: today, firstWeekday: firstWeekday, isOffline: false)
    }
}

/// The progress page against the loopback server (the sample learner, 29 November 2026 in
/// Shanghai) and with scripted figures.
@Suite("LearningProgressViewModel", .serialized)
@MainActor
struct LearningProgressViewModelTests {
    static let today = CivilDate(year: 2026, month: 11, day: 29)

    @Test("loading → the server's totals, the 7 days and the 365 days up to today in the learner's zone")
    func loadsTheFigures() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let page = app.makeLearningProgressViewModel()
        #expect(page.uiState == .loading)
        await page.load()

        let screen = try #require(page.uiState.screen)
        #expect(screen.title == "学习进度" && !screen.isOffline)
        let summary = screen.summary
        #expect(summary.totalMinutes > 0 && summary.totalMinutesText == "累计学习 \(summary.totalMinutes) 分钟")
        #expect(summary.sessionsText == "学习 \(summary.sessionCount) 次" && summary.lessonsText == "学过 \(summary.lessonCount) 节课")
        #expect(summary.averageMastery.map { summary.averageMasteryText.contains(String($0)) } == true)

        let trend = screen.trend
        #expect(trend.days.count == 7 && trend.days.last?.id == Self.today.description && trend.days.last?.isToday == true)
        #expect(trend.days.filter(\.isToday).count == 1)
        #expect(trend.totalMinutes == trend.days.reduce(0) { $0 + $1.minutes } && trend.totalText == "近 7 天学习 \(trend.totalMinutes) 分钟")
        #expect(trend.maximumMinutes == trend.days.map(\.minutes).max())

        let heatmap = screen.heatmap
        #expect(heatmap.cells.count == 365 && heatmap.cells.last?.isToday == true)
        #expect(heatmap.cells.suffix(7).map(\.minutes) == trend.days.map(\.minutes), "the heat map's last week is the trend")
        #expect(heatmap.activeDays == heatmap.cells.filter { $0.minutes > 0 || $0.sessions > 0 }.count && heatmap.activeDays > 0)
        #expect(heatmap.rowLabels.first == "周一", "the sample learner's weeks start on Monday")
        #expect(heatmap.monthLabels.count == 12)
    }

    @Test("server down with the workspace kept → the figures counted on the device, with the banner; nothing kept → error → retry")
    func offlineAndError() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch(language: .english)
        let first = app.makeLearningProgressViewModel()
        fixture.networkDown()
        await first.load()
        #expect(first.uiState == .error(ScreenError(message: LearnerWording.english.unreachable, retryTitle: "Try again")))
        fixture.networkBack()
        await first.retry()
        let online = try #require(first.uiState.screen)

        let plan = app.makeReviewPlanViewModel()
        await plan.load() // keeps the workspace on the device
        fixture.networkDown()
        let page = app.makeLearningProgressViewModel()
        await page.load()
        let offline = try #require(page.uiState.screen)
        #expect(offline.isOffline && offline.offlineMessage == LearnerWording.english.savedOnDeviceMessage(for: .unreachable))
        #expect(offline.trend.days.map(\.id) == online.trend.days.map(\.id) && offline.heatmap.cells.count == 365)
        #expect(offline.summary.sessionCount == online.summary.sessionCount, "the device counts the sessions the server counts")
    }

    @Test("sign-out during a load → loggedOut at once; the held answer never lands")
    func signOutMidLoad() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let page = app.makeLearningProgressViewModel()
        let gate = TestServerGate(count: 2)
        fixture.api.server.faults.inject(.hold(gate), method: "GET", path: "/api/learning/summary", times: 1)
        let loading = Task { await page.load() }
        #expect(await eventually { gate.arrivals == 1 })
        await app.sessionRepository.signOut()
        #expect(await eventually { page.uiState == .loggedOut })
        gate.open()
        await loading.value
        #expect(page.uiState == .loggedOut)
    }

    @Test("two loads in a row, the first slower → only the second lands")
    func onlyTheLatestLands() async throws {
        let gate = AsyncGate()
        let repository = ScriptedProgressRepository([
            .init(gate: gate, result: .success(ScriptedProgressRepository.figures(streakDays: 1))),
            .init(result: .success(ScriptedProgressRepository.figures(streakDays: 2))),
        ])
        let page = LearningProgressViewModel(repository: repository, session: FakeSessionRepository(signedIn: true))
        let first = Task { await page.load() }
        await gate.waitForArrivals(1)
        await page.load()
        #expect(page.uiState.screen?.summary.streakText == "连续学习 2 天")
        await gate.open()
        await first.value
        #expect(page.uiState.screen?.summary.streakDays == 2, "the first answer came last and did not land")
        #expect(await repository.answers.cancelledCalls == [false, true])
    }

    @Test("the heat map: the oldest day on its weekday's row from the first weekday, levels by minutes, month labels on the 1st")
    func heatmapLayout() async throws {
        for firstWeekday in [1, 2] {
            let repository = ScriptedProgressRepository([.init(result: .success(ScriptedProgressRepository.figures(streakDays: 3,
                                                                                                                firstWeekday: firstWeekday)))])
            let page = LearningProgressViewModel(repository: repository, session: FakeSessionRepository(signedIn: true), language: .english)
            await page.load()
            let heatmap = try #require(page.uiState.screen?.heatmap)
            for cell in heatmap.cells {
                let date = try #require(CivilDate(iso8601Date: cell.id))
                #expect(cell.row == (date.weekday - firstWeekday + 7) % 7, "\(cell.id)")
                #expect(cell.level == ActivityHeatmap.level(minutes: cell.minutes))
            }
            let columns = heatmap.cells.map(\.column)
            #expect(columns == columns.sorted() && columns.first == 0 && heatmap.weekCount == (columns.last ?? 0) + 1)
            #expect(heatmap.rowLabels.first == (firstWeekday == 1 ? "Sun" : "Mon"))
            #expect(heatmap.cells.suffix(7).map(\.level).map { $0 > 0 } == [false, true, false, true, true, false, true])
            #expect(heatmap.activeDays == 4 && heatmap.monthLabels.allSatisfy { label in
                heatmap.cells.contains { $0.column == label.column && $0.id.hasSuffix("-01") }
            })
        }
    }
}

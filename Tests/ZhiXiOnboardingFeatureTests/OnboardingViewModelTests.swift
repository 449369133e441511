import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiModel
import ZhiXiOnboardingFeature
import ZhiXiTestServer

extension OnboardingUiState {
    var kind: String {
        switch self {
        case .loading: "loading"
        case .editing: "editing"
        case .submitting: "submitting"
        case .finished: "finished"
        case .loggedOut: "loggedOut"
        case .error: "error"
        }
    }

    var screen: OnboardingScreen? {
        switch self {
        case .editing(let screen), .submitting(let screen): screen
        default: nil
        }
    }
}

/// An onboarding repository a test scripts: saved answers, gates, answers to submissions.
actor ScriptedOnboardingRepository: OnboardingRepository {
    var saved: Result<OnboardingAnswers?, RepositoryFailure>
    var savedGate: AsyncGate?
    var submitGate: AsyncGate?
    var submitResults: [Result<User, RepositoryFailure>]
    private(set) var submitted: [OnboardingAnswers] = []

    init(saved: Result<OnboardingAnswers?, RepositoryFailure> = .success(nil), savedGate: AsyncGate? = nil, submitGate: AsyncGate? = nil,
         submitResults: [Result<User, RepositoryFailure>]) {
        self.saved = saved
        self.savedGate = savedGate
        self.submitGate = submitGate
        self.submitResults = submitResults
    }

    func savedAnswers() async throws(RepositoryFailure) -> OnboardingAnswers? {
        if let savedGate { await savedGate.pass() }
        return try saved.get()
    }

    func submit(_ answers: OnboardingAnswers) async throws(RepositoryFailure) -> User {
        let result = submitResults[min(submitted.count, submitResults.count - 1)]
        submitted.append(answers)
        if let submitGate { await submitGate.pass() }
        return try result.get()
    }
}

@Suite("OnboardingViewModel", .serialized)
@MainActor
struct OnboardingViewModelTests {
    static let shanghai = TimeZone(identifier: "Asia/Shanghai")!
    static let learner = User(id: "learner-1", appleUserID: "a", onboardingCompleted: true, createdAt: Date(timeIntervalSince1970: 0))

    @Test("loading → editing (the device's defaults) → a problem stays on the form, nothing sent → submitting → finished; error → retry")
    func states() async throws {
        let repository = ScriptedOnboardingRepository(submitResults: [.failure(.serverError(status: 503)), .success(Self.learner)])
        let session = FakeSessionRepository(signedIn: true)
        let page = OnboardingViewModel(repository: repository, session: session, timeZone: Self.shanghai)
        #expect(page.uiState == .loading)
        await page.load()
        let form = try #require(page.uiState.screen)
        #expect(page.uiState.kind == "editing" && form.problem == nil)
        #expect(form.title == "设置你的学习计划" && form.submitTitle == "开始学习" && form.languages.map(\.text) == ["简体中文", "English"])
        #expect(form.dailyMinuteChoices.first == .init(value: 10, text: "10 分钟"))
        #expect(page.dailyMinutes == 30 && page.timeZone == "Asia/Shanghai" && page.preferredLanguage == .simplifiedChinese)

        await page.submit()
        #expect(page.uiState.screen?.problem == "先写下你想学什么。")
        page.learningDirection = "  机器学习  "
        page.dailyMinutes = 0
        await page.submit()
        #expect(page.uiState.screen?.problem == LearnerWording.chinese.dailyMinutesOutOfRange)
        page.dailyMinutes = 45
        page.timeZone = "Mars/Olympus"
        await page.submit()
        #expect(page.uiState.screen?.problem == LearnerWording.chinese.timeZoneUnknown)
        #expect(await repository.submitted.isEmpty, "nothing was sent")

        page.timeZone = "Asia/Shanghai"
        let log = ObservationLog { page.uiState.kind }
        await page.submit()
        #expect(page.uiState == .error(ScreenError(message: LearnerWording.chinese.serverError, retryTitle: "重试")))
        await page.retry()
        #expect(page.uiState == .finished(.main))
        #expect(await eventually { log.values == ["submitting", "error", "submitting", "finished"] })
        #expect(await repository.submitted == Array(repeating: OnboardingAnswers(learningDirection: "机器学习", dailyMinutes: 45,
                                                                                 preferredLanguage: .simplifiedChinese, timeZone: "Asia/Shanghai"),
                                                     count: 2))
        #expect(session.accepted == [Self.learner], "the session took the learner the server answered")
    }

    @Test("the settings the server holds start the form, except what the learner changed meanwhile")
    func savedAnswers() async throws {
        let gate = AsyncGate()
        let saved = OnboardingAnswers(learningDirection: "", dailyMinutes: 60, preferredLanguage: .english, timeZone: "Europe/Berlin")
        let repository = ScriptedOnboardingRepository(saved: .success(saved), savedGate: gate, submitResults: [.success(Self.learner)])
        let page = OnboardingViewModel(repository: repository, session: FakeSessionRepository(signedIn: true), timeZone: Self.shanghai)
        let loading = Task { await page.load() }
        await gate.waitForArrivals(1)
        page.dailyMinutes = 15
        await gate.open()
        await loading.value
        #expect(page.dailyMinutes == 15 && page.preferredLanguage == .english && page.timeZone == "Europe/Berlin")
    }

    @Test("switch-to-latest: a submission cancels the load under way; the load's answer does not land")
    func latestWins() async throws {
        let gate = AsyncGate()
        let saved = OnboardingAnswers(learningDirection: "物理", dailyMinutes: 90, preferredLanguage: .english, timeZone: "Europe/Berlin")
        let repository = ScriptedOnboardingRepository(saved: .success(saved), savedGate: gate, submitResults: [.success(Self.learner)])
        let page = OnboardingViewModel(repository: repository, session: FakeSessionRepository(signedIn: true), timeZone: Self.shanghai)
        let loading = Task { await page.load() }
        await gate.waitForArrivals(1)
        page.learningDirection = "化学"
        await page.submit()
        #expect(page.uiState == .finished(.main))
        await gate.open()
        await loading.value
        #expect(page.uiState == .finished(.main) && page.dailyMinutes == 30, "the load overtaken changed nothing")
    }

    @Test("sign-out mid-load and mid-submission → loggedOut, the answer not taken, the answers cleared for the next learner")
    func signOutMidway() async throws {
        let loadGate = AsyncGate()
        let session = FakeSessionRepository(signedIn: true)
        let page = OnboardingViewModel(repository: ScriptedOnboardingRepository(savedGate: loadGate, submitResults: [.success(Self.learner)]),
                                       session: session, timeZone: Self.shanghai)
        let loading = Task { await page.load() }
        await loadGate.waitForArrivals(1)
        session.setSignedIn(false)
        #expect(await eventually { page.uiState == .loggedOut })
        await loadGate.open()
        await loading.value
        #expect(page.uiState == .loggedOut)

        let submitGate = AsyncGate()
        let repository = ScriptedOnboardingRepository(submitGate: submitGate, submitResults: [.success(Self.learner)])
        let other = FakeSessionRepository(signedIn: true)
        let second = OnboardingViewModel(repository: repository, session: other, timeZone: Self.shanghai)
        await second.load()
        second.learningDirection = "统计学"
        let submitting = Task { await second.submit() }
        await submitGate.waitForArrivals(1)
        #expect(second.uiState.kind == "submitting" && second.uiState.screen?.submitTitle == "正在保存你的设置……")
        other.setSignedIn(false)
        #expect(await eventually { second.uiState == .loggedOut })
        await submitGate.open()
        await submitting.value
        #expect(second.uiState == .loggedOut && other.accepted.isEmpty && second.learningDirection.isEmpty)
    }

    @Test("against the server: POST users/me/onboarding, the session takes the learner, the route moves to main")
    func againstTheServer() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        fixture.api.setOnboardingCompleted(false, appleUserID: fixture.user.appleUserID)
        let app = AppContainer(configuration: fixture.configuration())
        let login = app.makeLoginViewModel()
        await login.restore()
        await login.signIn()
        #expect(login.route == .onboarding)

        let page = app.makeOnboardingViewModel(timeZone: Self.shanghai)
        await page.load()
        #expect(page.dailyMinutes == 45, "the sample learner's settings")
        page.learningDirection = "机器学习"
        page.dailyMinutes = 40
        await page.submit()
        #expect(page.uiState == .finished(.main))
        #expect(login.route == .main && app.sessionRepository.destination == .main)
        let stored = try #require(fixture.api.learner(userID: fixture.user.id))
        #expect(stored.profile.dailyMinutes == 40 && stored.profile.timeZone == "Asia/Shanghai")
        #expect(fixture.api.user(appleUserID: fixture.user.appleUserID)?.onboardingCompleted == true)

        // The next launch restores straight to main.
        let relaunch = AppContainer(configuration: fixture.configuration())
        await relaunch.sessionRepository.restore()
        #expect(relaunch.sessionRepository.destination == .main)
    }
}

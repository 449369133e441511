import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiFeedbackFeature
import ZhiXiModel
import ZhiXiTestServer

extension FeedbackUiState {
    var kind: String {
        switch self {
        case .editing: "editing"
        case .submitting: "submitting"
        case .sent: "sent"
        case .failed: "failed"
        case .loggedOut: "loggedOut"
        }
    }

    var form: FeedbackForm? {
        switch self {
        case .editing(let form), .submitting(let form), .failed(let form, _): form
        case .sent, .loggedOut: nil
        }
    }
}

/// The feedback page against the loopback server.
@Suite("FeedbackViewModel against the loopback server", .serialized)
@MainActor
struct FeedbackViewModelTests {
    static let text = "「特征值」这一课的例题第二步少了一个负号。"

    /// The feedback the server received in the test (the sample learner's own are seeded before).
    func learnerFeedback(_ fixture: AppFixture) -> [Feedback] {
        Array((fixture.api.learner(userID: fixture.user.id)?.feedback ?? []).dropFirst(fixture.workspace.feedback.count))
    }

    @Test("editing → submitting (drawn while the server holds it; a second tap sends nothing) → sent; the server has it once")
    func submitOnce() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launchHoldingAnswers()
        let page = app.makeFeedbackViewModel(sessionID: "session-7")
        let form = try #require(page.uiState.form)
        #expect(page.uiState.kind == "editing" && form.title == "意见反馈" && !form.canSubmit)
        #expect(form.categories.map(\.text) == ["问题反馈", "功能建议", "内容问题", "其他"] && form.category == form.categories.first?.value)
        page.select(.content)
        page.setRating(4)
        page.setRating(9)
        page.content = Self.text
        let filled = try #require(page.uiState.form)
        #expect(filled.canSubmit && filled.rating == 4 && filled.category == .content)
        #expect(filled.lengthText == "\(Self.text.count)/2000")

        let log = ObservationLog { page.uiState.kind }
        let gate = TestServerGate(count: 2)
        fixture.api.server.faults.inject(.hold(gate), method: "POST", path: "/api/feedback", times: 1)
        let submitting = Task { await page.submit() }
        #expect(await eventually { gate.arrivals == 1 })
        #expect(page.uiState.kind == "submitting" && page.uiState.form?.submitTitle == "正在提交……" && page.uiState.form?.canSubmit == false)
        await page.submit()
        await page.retry()
        page.content = "改了"
        gate.open()
        await submitting.value

        guard case .sent(let sent) = page.uiState else { Issue.record("not sent: \(page.uiState)"); return }
        let stored = learnerFeedback(fixture)
        #expect(stored.count == 1 && fixture.api.server.requestCount("POST", "/api/feedback") == 1, "one tap, one feedback")
        #expect(stored.first?.content == Self.text && stored.first?.category == .content && stored.first?.rating == 4)
        #expect(stored.first?.sessionID == "session-7" && sent.feedbackID == stored.first?.id)
        #expect(sent.message == LearnerWording.chinese.feedbackSent)
        #expect(log.values == ["submitting", "sent"])

        page.startAnother()
        #expect(page.uiState.form?.canSubmit == false && page.content.isEmpty && page.uiState.form?.rating == nil)
    }

    @Test("empty or too long text is not sent; the form says why")
    func refusedInput() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let page = try await fixture.launch(language: .english).makeFeedbackViewModel()
        page.content = "   \n"
        await page.submit()
        #expect(page.uiState.form?.inputMessage == LearnerWording.english.feedbackEmpty)
        page.content = String(repeating: "a", count: FeedbackDraft.maximumLength + 1)
        #expect(page.uiState.form?.isTooLong == true && page.uiState.form?.canSubmit == false && page.uiState.form?.inputMessage == nil)
        await page.submit()
        #expect(page.uiState.form?.inputMessage == "That is too long: keep it under 2000 characters.")
        #expect(fixture.api.server.requestCount("POST", "/api/feedback") == 0)
    }

    @Test("server down → failed with the form kept and a retry → network back → retry → sent once")
    func failedThenRetry() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let page = try await fixture.launch(language: .english).makeFeedbackViewModel()
        page.select(.feature)
        page.content = "Dark mode, please."
        fixture.networkDown()
        await page.submit()
        guard case .failed(let form, let error) = page.uiState else { Issue.record("not failed: \(page.uiState)"); return }
        #expect(error == ScreenError(message: LearnerWording.english.feedbackUnreachable, retryTitle: "Try again"))
        #expect(form.category == .feature && page.content == "Dark mode, please." && form.canSubmit)
        fixture.networkBack()
        await page.retry()
        #expect(page.uiState.kind == "sent")
        #expect(learnerFeedback(fixture).map(\.content) == ["Dark mode, please."])
    }

    @Test("sign-out while the server holds it → loggedOut at once, nothing of the form kept; the answer does not land; signing in → an empty form")
    func signOutMidSubmit() async throws {
        let session = FakeSessionRepository(signedIn: true)
        let gate = AsyncGate()
        let repository = ScriptedFeedbackRepository([.init(gate: gate, result: .success(Feedback(id: "fb-1", content: "x", createdAt: .now)))])
        let page = FeedbackViewModel(repository: repository, session: session)
        page.setRating(2)
        page.content = Self.text
        let submitting = Task { await page.submit() }
        await gate.waitForArrivals(1)
        session.setSignedIn(false)
        #expect(await eventually { page.uiState == .loggedOut }, "at once, while the repository holds the answer")
        #expect(page.content.isEmpty)
        await gate.open()
        await submitting.value
        #expect(page.uiState == .loggedOut, "the answer came after the sign-out and did not land")
        session.setSignedIn(true)
        #expect(await eventually { page.uiState.kind == "editing" })
        #expect(page.uiState.form?.rating == nil && page.uiState.form?.canSubmit == false)
    }

    @Test("signed out at first → loggedOut, submit sends nothing; a repository saying signed out signs the session out")
    func signedOutStates() async throws {
        let session = FakeSessionRepository(signedIn: false)
        let repository = ScriptedFeedbackRepository([.init(result: .failure(.signedOut))])
        let page = FeedbackViewModel(repository: repository, session: session)
        #expect(page.uiState == .loggedOut)
        page.content = Self.text
        await page.submit()
        #expect(await repository.answers.calls == 0)
        session.setSignedIn(true)
        #expect(await eventually { page.uiState.kind == "editing" })
        page.content = Self.text
        await page.submit()
        #expect(page.uiState == .loggedOut && session.signOutCount == 1 && !session.isSignedIn)
    }
}

/// A feedback repository whose answers the test scripts.
struct ScriptedFeedbackRepository: FeedbackRepository {
    let answers: ScriptedAnswers<Feedback>

    init(_ scripts: [ScriptedAnswers<Feedback>.Script]) {
        answers = ScriptedAnswers(scripts)
    }

    func submit(_ draft: FeedbackDraft) async throws(RepositoryFailure) -> Feedback {
        try await answers.next()
    }
}

import Foundation
import Testing
import ZhiXiAnalysisFeature
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiModel
import ZhiXiTestServer

extension AnalysisUiState {
    var kind: String {
        switch self {
        case .loading: "loading"
        case .ready: "ready"
        case .analyzing: "analyzing"
        case .analyzed: "analyzed"
        case .loggedOut: "loggedOut"
        case .error: "error"
        }
    }

    var result: AnalysisResultScreen? {
        if case .analyzed(let result) = self { return result }
        return nil
    }
}

/// The analysis page against the loopback server (its AI is `FakeAnalysisModel`: the share of
/// the lesson's key points mentioned makes the score, the missed ones the weak points).
@Suite("AnalysisViewModel against the loopback server", .serialized)
@MainActor
struct AnalysisViewModelTests {
    static let lessonID = "lesson-1-1"

    @Test("ready → analyzing (drawn while the AI works) → score, weak points, suggestions and the lesson's next review")
    func submitAndAnalyze() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launchHoldingAnswers()
        let page = app.makeAnalysisViewModel(lessonID: Self.lessonID)
        await page.load()
        let lesson = try #require(fixture.workspace.lessons.first { $0.id == Self.lessonID })
        guard case .ready(let prompt) = page.uiState else { Issue.record("not ready: \(page.uiState)"); return }
        #expect(prompt.lessonTitle == lesson.title && prompt.recallQuestions == lesson.recallQuestions)
        #expect(prompt.placeholder == LearnerWording.chinese.recallPlaceholder && prompt.inputMessage == nil)

        let log = ObservationLog { page.uiState }
        let gate = TestServerGate(count: 2)
        fixture.api.server.faults.inject(.hold(gate), method: "POST", path: "/api/ai/analyze-learning-input", times: 1)
        let recall = "矩阵乘法的维度规则：前一个的列数等于后一个的行数。向量空间与基决定坐标。"
        let submitting = Task { await page.submit(recall) }
        #expect(await eventually { gate.arrivals == 1 })
        #expect(await eventually { log.values.last?.kind == "analyzing" }, "analyzing is drawn while the AI works")
        gate.open()
        await submitting.value

        let result = try #require(page.uiState.result)
        let verdict = FakeAnalysisModel.verdict(on: recall, lesson: lesson, language: .simplifiedChinese)
        #expect(result.masteryScore == verdict.masteryScore && result.scoreText == "掌握度 \(verdict.masteryScore)")
        #expect(result.weakPoints == verdict.weakPoints && result.suggestions == verdict.suggestions)
        #expect(result.weakPointsHeading == "薄弱点" && result.suggestionsHeading == "建议")
        let expected = try #require(try await app.reviews.nextReview(ofLesson: Self.lessonID, now: AppFixture.now))
        let next = try #require(result.nextReview)
        #expect(next.reviewType == expected.task.reviewType)
        #expect(next.text == "下次复习：\(LearnerWording.chinese.date(expected.day)) · \(expected.task.reviewType.displayName())")
        #expect(log.values.map(\.kind) == ["analyzing", "analyzed"])

        // The server has the session and its analysis, and the device's plan counted them.
        let learner = try #require(fixture.api.learner(userID: fixture.user.id))
        #expect(learner.sessions.contains { $0.lessonID == Self.lessonID && $0.userInput == recall && $0.analysisID != nil })
    }

    @Test("an empty submission is not sent; the prompt says why")
    func emptySubmission() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let page = try await fixture.launch().makeAnalysisViewModel(lessonID: Self.lessonID)
        await page.load()
        await page.submit("  \n ")
        guard case .ready(let prompt) = page.uiState else { Issue.record("not ready"); return }
        #expect(prompt.inputMessage == LearnerWording.chinese.emptyRecall)
        #expect(fixture.api.server.requestCount("POST", "/api/learning/sessions") == 0)
    }

    @Test("the AI fails → error with a message → retry sends the same text, on the same session → analyzed")
    func errorThenRetry() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let page = try await fixture.launch(language: .english).makeAnalysisViewModel(lessonID: Self.lessonID)
        await page.load()
        fixture.api.server.faults.inject(.respond(.error(503, code: "MODEL_BUSY", message: "busy")), method: "POST",
                                         path: "/api/ai/analyze-learning-input", times: 1)
        await page.submit("Matrix multiplication needs matching dimensions.")
        #expect(page.uiState == .error(ScreenError(message: LearnerWording.english.serverError, retryTitle: "Try again")))
        await page.retry()
        let result = try #require(page.uiState.result)
        #expect(result.suggestions.allSatisfy { $0.hasPrefix("Explain") }, "the AI answered in English")
        let learner = try #require(fixture.api.learner(userID: fixture.user.id))
        #expect(learner.analyses.filter { $0.inputText == "Matrix multiplication needs matching dimensions." }.count == 1)
        #expect(learner.sessions.filter { $0.userInput == "Matrix multiplication needs matching dimensions." }.count == 1,
                "the retry analysed the session recorded the first time")
    }

    @Test("an unknown lesson → not found; sign-out → loggedOut")
    func unknownLessonAndSignOut() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let missing = app.makeAnalysisViewModel(lessonID: "no-such-lesson")
        await missing.load()
        #expect(missing.uiState == .error(ScreenError(message: LearnerWording.chinese.notFound, retryTitle: "重试")))

        let page = app.makeAnalysisViewModel(lessonID: Self.lessonID)
        await page.load()
        await app.sessionRepository.signOut()
        #expect(await eventually { page.uiState == .loggedOut && missing.uiState == .loggedOut })
    }
}

import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiChatFeature
import ZhiXiDomain
import ZhiXiModel
import ZhiXiTestServer

extension ChatUiState {
    var screen: ChatScreen? {
        if case .success(let screen) = self { return screen }
        return nil
    }
}

/// The AI tutor page against the loopback server: its `POST ai/chat` streams the reply as
/// `text/event-stream` (pieces of ``FakeZhiXiAPI/chatPieceLength`` characters) or answers it
/// whole, and cuts, holds or fails a reply when a test plans it.
@Suite("AIChatViewModel against the loopback server", .serialized)
@MainActor
struct AIChatViewModelTests {
    static let lessonID = "lesson-1-1"
    static let question = "为什么矩阵乘法不满足交换律？"

    /// The tutor's whole reply to `question` about the sample lesson, as the fake API words it.
    static func reply(_ fixture: AppFixture, to question: String = question) throws -> String {
        let title = try #require(fixture.workspace.lessons.first { $0.id == lessonID }?.title)
        return "关于\(title)：你问的是「\(question)」。先从你记得的部分说起。"
    }

    /// A launch with the sample lesson kept on the device (the review plan loaded), and the tutor page of the lesson, loaded.
    static func page(_ fixture: AppFixture, language: AppLanguage = .default) async throws -> (AppContainer, AIChatViewModel) {
        let app = try await fixture.launchHoldingAnswers(language: language)
        await app.makeReviewPlanViewModel().load()
        let page = app.makeChatViewModel(lessonID: lessonID)
        await page.load()
        return (app, page)
    }

    @Test("loading → the greeting → send: the reply drawn piece by piece as the server streams it → the whole reply, kept on the device")
    func streamedReply() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launchHoldingAnswers()
        await app.makeReviewPlanViewModel().load()
        let page = app.makeChatViewModel(lessonID: Self.lessonID)
        #expect(page.uiState == .loading)
        await page.load()
        let empty = try #require(page.uiState.screen)
        let title = try #require(fixture.workspace.lessons.first { $0.id == Self.lessonID }?.title)
        #expect(empty.title == "关于「\(title)」" && empty.greeting == LearnerWording.chinese.chatGreeting && empty.messages.isEmpty)

        let gate = TestServerGate(count: 2)
        fixture.api.planNextChatStream(.hold(afterPieces: 2, gate: gate))
        let log = ObservationLog { page.uiState.screen?.reply?.text }
        page.draft = Self.question
        let sending = Task { await page.send() }
        let pieces = FakeZhiXiAPI.chatPieces(of: try Self.reply(fixture))
        #expect(await eventually { page.uiState.screen?.reply?.text == pieces.prefix(2).joined() }, "the first two pieces, before the rest is sent")
        let replying = try #require(page.uiState.screen)
        #expect(replying.isReplying && replying.reply?.isLearner == false && replying.replyingText == LearnerWording.chinese.chatReplying)
        #expect(replying.messages.map(\.text) == [Self.question] && replying.messages.first?.isLearner == true && page.draft.isEmpty)
        #expect(replying.greeting == nil)
        page.draft = "再问一个"
        #expect(await page.send() == false, "nothing else is sent while a reply is on its way")
        gate.open()
        #expect(await sending.value)

        let done = try #require(page.uiState.screen)
        #expect(done.messages.map(\.text) == [Self.question, try Self.reply(fixture)] && done.messages.last?.isLearner == false)
        #expect(done.reply == nil && !done.isReplying && done.notice == nil)
        let drawn = log.values.compactMap { $0 }.filter { !$0.isEmpty }
        #expect(drawn.count >= 3 && drawn.allSatisfy { pieces.joined().hasPrefix($0) }, "the reply grew on screen: \(drawn)")
        #expect(fixture.api.server.requestCount("POST", "/api/ai/chat") == 1)

        let again = app.makeChatViewModel(lessonID: Self.lessonID)
        await again.load()
        #expect(again.uiState.screen?.messages == done.messages, "the conversation is kept on the device")
    }

    @Test("a server that does not stream → the whole reply at once, no piece drawn before it")
    func wholeReply() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        fixture.api.setChatStreaming(false)
        let (_, page) = try await Self.page(fixture)
        let log = ObservationLog { page.uiState.screen?.reply?.text }
        page.draft = Self.question
        #expect(await page.send())
        #expect(page.uiState.screen?.messages.map(\.text) == [Self.question, try Self.reply(fixture)])
        #expect(log.values.allSatisfy { ($0 ?? "").isEmpty }, "no piece: \(log.values)")
    }

    @Test("a stream cut mid-way → what arrived stays with the notice → retry → the new reply replaces it; in English")
    func interruptedThenRetry() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let (app, page) = try await Self.page(fixture, language: .english)
        fixture.api.planNextChatStream(.cut(afterPieces: 3))
        page.draft = "Why is matrix multiplication not commutative?"
        #expect(await page.send())
        let cut = try #require(page.uiState.screen)
        let title = try #require(fixture.workspace.lessons.first { $0.id == Self.lessonID }?.title)
        let whole = "About \(title): you asked “Why is matrix multiplication not commutative?”. Start from what you remember."
        #expect(cut.reply?.text == FakeZhiXiAPI.chatPieces(of: whole).prefix(3).joined() && !cut.isReplying)
        #expect(cut.notice == ScreenError(message: LearnerWording.english.chatInterrupted, retryTitle: "Try again") && !cut.isReplying)
        #expect(cut.messages.map(\.text) == ["Why is matrix multiplication not commutative?"])

        let reopened = app.makeChatViewModel(lessonID: Self.lessonID)
        await reopened.load()
        #expect(reopened.uiState.screen?.notice?.message == LearnerWording.english.chatUnanswered, "the question awaits a reply on the device")

        await page.retry()
        let answered = try #require(page.uiState.screen)
        #expect(answered.messages.map(\.text) == ["Why is matrix multiplication not commutative?", whole])
        #expect(answered.reply == nil && answered.notice == nil)
        #expect(fixture.api.server.requestCount("POST", "/api/ai/chat") == 2)
    }

    @Test("the server stops the reply with an error event → what arrived stays, with the notice and a retry")
    func serverErrorEvent() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let (_, page) = try await Self.page(fixture)
        fixture.api.planNextChatStream(.error(afterPieces: 2, code: "MODEL_OVERLOADED", message: "try later"))
        page.draft = Self.question
        #expect(await page.send())
        let stopped = try #require(page.uiState.screen)
        #expect(stopped.reply?.text == FakeZhiXiAPI.chatPieces(of: try Self.reply(fixture)).prefix(2).joined())
        #expect(stopped.notice == ScreenError(message: LearnerWording.chinese.chatInterrupted, retryTitle: "重试"))
        await page.retry()
        #expect(page.uiState.screen?.messages.map(\.text) == [Self.question, try Self.reply(fixture)])
    }

    @Test("the server not reached → the question kept, unanswered, with the reason and a retry → network back → retry → answered")
    func unreachableThenRetry() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let (_, page) = try await Self.page(fixture)
        fixture.networkDown()
        page.draft = Self.question
        #expect(await page.send(), "kept on the device though the server is not reached")
        let failed = try #require(page.uiState.screen)
        #expect(failed.notice == ScreenError(message: LearnerWording.chinese.chatUnreachable, retryTitle: "重试"))
        #expect(failed.messages.map(\.text) == [Self.question] && failed.reply == nil && !failed.isReplying)
        fixture.networkBack()
        await page.retry()
        #expect(page.uiState.screen?.messages.map(\.text) == [Self.question, try Self.reply(fixture)])
    }

    @Test("an empty or too long message is not sent; the field says why")
    func refusedInput() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let (_, page) = try await Self.page(fixture)
        page.draft = "  \n"
        #expect(await page.send() == false)
        #expect(page.uiState.screen?.inputMessage == LearnerWording.chinese.chatEmptyMessage)
        page.draft = String(repeating: "问", count: ChatTurn.maximumLearnerLength + 1)
        #expect(await page.send() == false)
        #expect(page.uiState.screen?.inputMessage == "问题太长了，请控制在 2000 字以内。")
        #expect(fixture.api.server.requestCount("POST", "/api/ai/chat") == 0 && page.uiState.screen?.messages.isEmpty == true)
    }

    @Test("sign-out mid-reply → loggedOut at once; nothing of the reply lands")
    func signOutMidReply() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let (app, page) = try await Self.page(fixture)
        let gate = TestServerGate(count: 2)
        fixture.api.planNextChatStream(.hold(afterPieces: 1, gate: gate))
        page.draft = Self.question
        let sending = Task { await page.send() }
        #expect(await eventually { (page.uiState.screen?.reply?.text.isEmpty) == false })
        await app.sessionRepository.signOut()
        #expect(await eventually { page.uiState == .loggedOut }, "at once, while the server holds the rest")
        gate.open()
        _ = await sending.value
        #expect(page.uiState == .loggedOut && page.draft.isEmpty)
    }

    @Test("a load while a reply arrives stops it (only the latest step lands): the question shows unanswered; a new conversation is empty")
    func latestStepLands() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let (_, page) = try await Self.page(fixture)
        let gate = TestServerGate(count: 2)
        fixture.api.planNextChatStream(.hold(afterPieces: 1, gate: gate))
        page.draft = Self.question
        let sending = Task { await page.send() }
        #expect(await eventually { (page.uiState.screen?.reply?.text.isEmpty) == false })
        await page.load()
        gate.open()
        _ = await sending.value
        let reloaded = try #require(page.uiState.screen)
        #expect(reloaded.messages.map(\.text) == [Self.question] && reloaded.reply == nil && !reloaded.isReplying)
        #expect(reloaded.notice?.message == LearnerWording.chinese.chatUnanswered, "the stopped reply did not land")

        await page.startNewConversation()
        let fresh = try #require(page.uiState.screen)
        #expect(fresh.messages.isEmpty && fresh.greeting == LearnerWording.chinese.chatGreeting && fresh.notice == nil)
    }

    @Test("signed out at first → loggedOut, nothing read or sent")
    func signedOutAtFirst() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = AppContainer(configuration: fixture.configuration())
        let page = app.makeChatViewModel()
        #expect(page.uiState == .loggedOut)
        await page.load()
        page.draft = Self.question
        #expect(await page.send() == false)
        #expect(page.uiState == .loggedOut && fixture.api.server.requestCount("POST", "/api/ai/chat") == 0)
    }
}

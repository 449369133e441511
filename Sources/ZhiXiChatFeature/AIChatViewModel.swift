import Foundation
import Observation
import ZhiXiDomain
import ZhiXiModel

/// The AI tutor page (AI 导师): the conversation kept on the device, the learner's question,
/// and the tutor's reply drawn as it arrives when the server streams it (the whole reply at
/// once when it does not).
///
/// - ``load()`` reads the conversation (`ChatUiState.loading`, then the conversation or the
///   error); a conversation whose last message was never answered says so, with a retry.
/// - ``send()`` sends ``draft``: kept on the device first (the field is then cleared), then
///   answered; ``ChatScreen/reply`` grows with each piece. Nothing else is sent while a reply
///   is on its way (``ChatScreen/isReplying``); an empty or too long message is not sent (the
///   screen says why).
/// - A reply cut off mid-way keeps what arrived on screen with a notice and a retry
///   (``retry()`` asks again; the new reply replaces it); a reply that never began says why.
/// - Each step (load, send, retry, new conversation) cancels the one before: only the latest
///   lands. Behind sign-in: `ChatUiState.loggedOut` the moment the session signs out, mid-reply
///   too (the reply is stopped, nothing of it lands).
/// - Texts are in the language given, and the tutor answers in it.
@MainActor
@Observable
public final class AIChatViewModel {
    /// What the page draws.
    public private(set) var uiState: ChatUiState
    /// What the learner is writing: bind the text field to it; ``send()`` sends it.
    public var draft = ""

    /// The lesson the conversation is about, `nil` for a conversation about anything.
    @ObservationIgnored public let lessonID: String?
    /// The wording of the page's texts; the tutor answers in its language too.
    @ObservationIgnored public private(set) var wording: LearnerWording
    @ObservationIgnored private let repository: any ChatRepository
    @ObservationIgnored private let session: any SessionRepository
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private let steps = LatestLoad()
    @ObservationIgnored private var watcher: LoginStateWatcher?
    @ObservationIgnored private var hasBeenLoaded = false
    @ObservationIgnored private var conversation: ChatConversation?
    /// What arrived of the tutor's reply (on its way, or cut off), `nil` for none.
    @ObservationIgnored private var reply: String?
    @ObservationIgnored private var isReplying = false
    /// The notice over the conversation and what the input says, each in a wording.
    @ObservationIgnored private var notice: (@MainActor (LearnerWording) -> ScreenError)?
    @ObservationIgnored private var inputMessage: (@MainActor (LearnerWording) -> String)?
    /// What the page drew last (its error), to draw it again in another language.
    @ObservationIgnored private var drawing = PageDrawing<ChatUiState>()
    /// Whether the latest ``send()`` got its message kept.
    @ObservationIgnored private var lastSendKept = false

    /// Creates the page's view model.
    /// - Parameters:
    ///   - lessonID: the lesson the conversation is about (`nil`: anything).
    ///   - repository: the conversations and the tutor.
    ///   - session: the login state (the page is behind sign-in).
    ///   - language: the language of the texts and of the tutor's answers (default Simplified Chinese).
    ///   - now: the clock (when a message was written).
    ///   - languageSetting: the app's language at run time; when given, the page is in its
    ///     language (not `language`) and draws what it shows again when it changes (what the
    ///     tutor wrote stays as written).
    package init(lessonID: String? = nil, repository: any ChatRepository, session: any SessionRepository, language: AppLanguage = .default,
                now: @escaping @Sendable () -> Date = { Date() }, languageSetting: LanguageSetting? = nil) {
        self.lessonID = lessonID
        self.repository = repository
        self.session = session
        self.now = now
        wording = .forLanguage(languageSetting?.language ?? language)
        uiState = session.isSignedIn ? .loading : .loggedOut
        watcher = LoginStateWatcher(session: session) { [weak self] isSignedIn in
            guard let self else { return }
            if !isSignedIn {
                self.showLoggedOut()
            } else if self.hasBeenLoaded {
                Task { await self.load() }
            } else {
                self.uiState = .loading
            }
        }
        languageSetting?.watch(owner: self) { [weak self] language in self?.languageChanged(language) }
    }

    /// The app's language changed: what the page shows, drawn again in it.
    private func languageChanged(_ language: AppLanguage) {
        wording = .forLanguage(language)
        if let redrawn = drawing.redrawn(uiState, in: wording) { uiState = redrawn } else { redraw() }
    }

    // MARK: - Actions

    /// Reads the conversation: `ChatUiState.loading`, then the conversation (or the error).
    /// Cancels a step under way (a reply on its way stops; the question stays, unanswered).
    public func load() async {
        hasBeenLoaded = true
        guard session.isSignedIn else { return showLoggedOut() }
        await steps.run { [weak self] isCurrent in await self?.performLoad(isCurrent: isCurrent) }
    }

    /// Sends ``draft`` and shows the reply as it arrives; returns once the reply is complete or
    /// failed. Returns whether the message was kept (and ``draft`` cleared): `false` when it was
    /// not sent (empty, too long, a reply still on its way, the page not loaded) or could not
    /// be kept.
    @discardableResult
    public func send() async -> Bool {
        guard session.isSignedIn else {
            showLoggedOut()
            return false
        }
        guard conversation != nil, !isReplying else { return false }
        let text = draft.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return refuse { $0.chatEmptyMessage } }
        guard text.count <= ChatTurn.maximumLearnerLength else {
            return refuse { $0.fill($0.chatTooLong, [.count: String(ChatTurn.maximumLearnerLength)]) }
        }
        lastSendKept = false
        await steps.run { [weak self] isCurrent in
            guard let self else { return }
            await self.perform(self.repository.send(text, lessonID: self.lessonID, language: self.wording.language, sentAt: self.now()),
                               isCurrent: isCurrent)
        }
        return lastSendKept
    }

    /// After an error: the page's error loads again; a reply cut off, failed or never given is
    /// asked for again (what arrived of it is replaced by the new reply).
    public func retry() async {
        if case .error = uiState { return await load() }
        guard session.isSignedIn, conversation?.awaitsReply == true, !isReplying else { return }
        await steps.run { [weak self] isCurrent in
            guard let self else { return }
            await self.perform(self.repository.reply(lessonID: self.lessonID, language: self.wording.language), isCurrent: isCurrent)
        }
    }

    /// Forgets the conversation on the device and starts an empty one (a reply on its way stops).
    public func startNewConversation() async {
        guard session.isSignedIn else { return showLoggedOut() }
        guard conversation != nil else { return }
        await steps.run { [weak self] isCurrent in await self?.performClear(isCurrent: isCurrent) }
    }

    // MARK: - Steps

    private func performLoad(isCurrent: @MainActor () -> Bool) async {
        if uiState != .loading { uiState = .loading }
        conversation = nil
        resetExchange()
        let result = await Result.of { () async throws(RepositoryFailure) in try await repository.conversation(lessonID: lessonID) }
        guard isCurrent() else { return }
        switch result {
        case .success(let conversation):
            self.conversation = conversation
            if conversation.awaitsReply { notice = { ScreenError(message: $0.chatUnanswered, retryTitle: $0.retry) } }
            redraw()
        case .failure(.signedOut):
            showLoggedOut()
            await session.signOut()
        case .failure(.cancelled):
            break
        case .failure(let failure):
            uiState = drawing.draw(wording) { .error(ScreenError(failure, wording: $0)) }
        }
    }

    /// Follows one exchange with the tutor to its end.
    private func perform(_ events: AsyncStream<ChatReplyEvent>, isCurrent: @MainActor () -> Bool) async {
        resetExchange()
        isReplying = true
        reply = ""
        redraw()
        var accepted = false
        for await event in events {
            guard isCurrent() else { return }
            switch event {
            case .accepted(let turn):
                accepted = true
                lastSendKept = true
                conversation?.turns.append(turn)
                if draft.trimmingCharacters(in: .whitespacesAndNewlines) == turn.text { draft = "" }
            case .text(let piece):
                reply? += piece
            case .finished(let turn):
                if conversation?.turns.last?.id != turn.id { conversation?.turns.append(turn) }
                reply = nil
                isReplying = false
            case .interrupted:
                isReplying = false
                notice = { ScreenError(message: $0.chatInterrupted, retryTitle: $0.retry) }
            case .failed(.signedOut):
                showLoggedOut()
                await session.signOut()
                return
            case .failed(let failure):
                reply = nil
                isReplying = false
                if accepted || conversation?.awaitsReply == true {
                    notice = { ScreenError(message: Self.message(for: failure, wording: $0), retryTitle: $0.retry) }
                } else {
                    inputMessage = { $0.chatNotSaved }
                }
            }
            redraw()
            if !isReplying { return }
        }
        // The stream ended without its last event: stopped from outside.
        guard isCurrent() else { return }
        reply = nil
        isReplying = false
        if conversation?.awaitsReply == true { notice = { ScreenError(message: $0.chatUnanswered, retryTitle: $0.retry) } }
        redraw()
    }

    private func performClear(isCurrent: @MainActor () -> Bool) async {
        resetExchange()
        let result = await Result.of { () async throws(RepositoryFailure) in try await repository.clear(lessonID: lessonID) }
        guard isCurrent() else { return }
        switch result {
        case .success:
            conversation?.turns = []
        case .failure(.signedOut):
            showLoggedOut()
            return await session.signOut()
        case .failure(.cancelled):
            return
        case .failure(let failure):
            notice = { ScreenError(failure, wording: $0) }
        }
        redraw()
    }

    // MARK: - Drawing

    private static func message(for failure: RepositoryFailure, wording: LearnerWording) -> String {
        switch failure {
        case .unreachable: wording.chatUnreachable
        case .serverError, .notFound: wording.chatServerError
        default: wording.message(for: failure)
        }
    }

    private func refuse(_ message: @escaping @MainActor (LearnerWording) -> String) -> Bool {
        inputMessage = message
        redraw()
        return false
    }

    private func resetExchange() {
        reply = nil
        isReplying = false
        notice = nil
        inputMessage = nil
    }

    private func redraw() {
        guard let conversation else { return }
        let title = conversation.lessonTitle.map { wording.fill(wording.chatAboutLesson, [.title: ScreenText.line($0)]) } ?? wording.chatTitle
        let messages = conversation.turns.map { turn in
            ChatBubble(id: turn.id, isLearner: turn.speaker == .learner,
                       speakerName: turn.speaker == .learner ? wording.chatLearnerName : wording.chatTitle, text: ScreenText.lines(turn.text))
        }
        let shownReply = reply.map {
            ChatBubble(id: ChatScreen.replyID, isLearner: false, speakerName: wording.chatTitle, text: ScreenText.lines($0))
        }
        let screen = ChatScreen(title: title, messages: messages, greeting: messages.isEmpty && reply == nil ? wording.chatGreeting : nil,
                                reply: shownReply, isReplying: isReplying, replyingText: wording.chatReplying, notice: notice?(wording),
                                inputMessage: inputMessage?(wording), placeholder: wording.chatPlaceholder,
                                newConversationTitle: wording.chatNewConversation)
        let state = ChatUiState.success(screen)
        if uiState != state { uiState = state }
    }

    /// The page signed out: the step under way cancelled, the conversation forgotten.
    private func showLoggedOut() {
        steps.cancel()
        conversation = nil
        resetExchange()
        draft = ""
        uiState = .loggedOut
    }
}

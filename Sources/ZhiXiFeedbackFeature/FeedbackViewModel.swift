import Foundation
import Observation
import ZhiXiDomain
import ZhiXiModel

/// The feedback page (意见反馈): one of the four categories (问题反馈, 功能建议, 内容问题, 其他),
/// the learner's words (``content``, at most `FeedbackDraft.maximumLength` characters), an
/// optional rating of 1–5, sent once.
///
/// - ``submit()`` sends the form: ``FeedbackUiState/submitting(_:)``, then
///   ``FeedbackUiState/sent(_:)`` or ``FeedbackUiState/failed(_:_:)`` with the form kept and a
///   retry. Empty or too long text is not sent (the form says why).
/// - **No double submit**: while it is sent, and once it is sent, ``submit()`` and ``retry()``
///   do nothing (a second tap is not a second feedback); a submission is never cancelled by
///   another one, as a cancelled `POST` may still have been stored.
/// - Behind sign-in: ``FeedbackUiState/loggedOut`` the moment the session signs out (a
///   submission under way is then abandoned and its answer ignored); signing in again shows an
///   empty form.
@MainActor
@Observable
public final class FeedbackViewModel {
    /// What the page draws.
    public private(set) var uiState: FeedbackUiState
    /// What the learner writes: bind the text field to it.
    public var content = "" {
        didSet { if content != oldValue { contentChanged() } }
    }

    /// The wording of the page's texts.
    @ObservationIgnored public private(set) var wording: LearnerWording
    @ObservationIgnored private let repository: any FeedbackRepository
    @ObservationIgnored private let session: any SessionRepository
    @ObservationIgnored private let sessionID: String?
    @ObservationIgnored private let analysisID: String?
    @ObservationIgnored private var watcher: LoginStateWatcher?
    @ObservationIgnored private var category: FeedbackCategory = .bug
    @ObservationIgnored private var rating: Int?
    /// What the form says of the text written, in a wording.
    @ObservationIgnored private var inputMessage: (@MainActor (LearnerWording) -> String)?
    @ObservationIgnored private var failure: RepositoryFailure?
    /// The id the server gave the feedback sent, while its page is on screen.
    @ObservationIgnored private var sentID: String?
    @ObservationIgnored private var isSubmitting = false
    /// Counts sign-outs, so that an answer that comes after one is not drawn.
    @ObservationIgnored private var signOuts = 0

    /// The highest rating: 5.
    public static let maximumRating = 5

    /// Creates the page's view model.
    /// - Parameters:
    ///   - repository: where the feedback goes.
    ///   - session: the login state (the page is behind sign-in).
    ///   - sessionID: the learning session the feedback is about, if any.
    ///   - analysisID: the analysis it is about, if any.
    ///   - category: the category chosen at first (default 问题反馈).
    ///   - language: the language of the texts (default Simplified Chinese).
    ///   - languageSetting: the app's language at run time; when given, the page is in its
    ///     language (not `language`) and draws what it shows again when it changes.
    package init(repository: any FeedbackRepository, session: any SessionRepository, sessionID: String? = nil, analysisID: String? = nil,
                category: FeedbackCategory = .bug, language: AppLanguage = .default, languageSetting: LanguageSetting? = nil) {
        self.repository = repository
        self.session = session
        self.sessionID = sessionID
        self.analysisID = analysisID
        self.category = FeedbackCategory.knownCases.contains(category) ? category : .other
        wording = .forLanguage(languageSetting?.language ?? language)
        uiState = .loggedOut
        if session.isSignedIn { uiState = .editing(form()) }
        watcher = LoginStateWatcher(session: session) { [weak self] isSignedIn in
            guard let self else { return }
            if isSignedIn { self.startAnother() } else { self.showLoggedOut() }
        }
        languageSetting?.watch(owner: self) { [weak self] language in self?.languageChanged(language) }
    }

    /// The app's language changed: what the page shows, drawn again in it.
    private func languageChanged(_ language: AppLanguage) {
        wording = .forLanguage(language)
        switch uiState {
        case .sent: uiState = sentScreen(sentID)
        case .loggedOut: break
        case .editing, .submitting, .failed: redraw()
        }
    }

    // MARK: - Actions

    /// Chooses the category (while the form can be changed).
    public func select(_ category: FeedbackCategory) {
        guard isEditable, FeedbackCategory.knownCases.contains(category), category != self.category else { return }
        self.category = category
        redraw()
    }

    /// Gives a rating of 1–5 (a value outside is ignored), or takes it back with `nil`.
    public func setRating(_ rating: Int?) {
        guard isEditable, rating.map({ (1 ... Self.maximumRating).contains($0) }) ?? true, rating != self.rating else { return }
        self.rating = rating
        redraw()
    }

    /// Sends the form once; returns when the server answered (or the page signed out).
    public func submit() async {
        guard session.isSignedIn else { return showLoggedOut() }
        guard isEditable else { return }
        let text = content.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return refuse { $0.feedbackEmpty } }
        guard text.count <= FeedbackDraft.maximumLength else {
            return refuse { $0.fill($0.feedbackTooLong, [.count: String(FeedbackDraft.maximumLength)]) }
        }
        let draft = FeedbackDraft(category: category, content: text, rating: rating, sessionID: sessionID, analysisID: analysisID)
        isSubmitting = true
        failure = nil
        inputMessage = nil
        redraw()
        let signOutsBefore = signOuts
        let result = await Result.of { () async throws(RepositoryFailure) in try await repository.submit(draft) }
        guard signOuts == signOutsBefore else { return }
        isSubmitting = false
        switch result {
        case .success(let feedback):
            sentID = feedback.id
            uiState = sentScreen(feedback.id)
        case .failure(.signedOut):
            showLoggedOut()
            await session.signOut()
        case .failure(let failure):
            self.failure = failure
            redraw()
        }
    }

    /// After a failure: sends the same form again.
    public func retry() async {
        guard case .failed = uiState else { return }
        await submit()
    }

    /// After sending (or signing in again): an empty form, the category and rating reset.
    public func startAnother() {
        guard session.isSignedIn, !isSubmitting else { return }
        category = .bug
        rating = nil
        failure = nil
        inputMessage = nil
        sentID = nil
        content = ""
        uiState = .editing(form())
    }

    // MARK: - Drawing

    /// `true` while the form can be changed and sent: written, or failed.
    private var isEditable: Bool {
        switch uiState {
        case .editing, .failed: !isSubmitting
        case .submitting, .sent, .loggedOut: false
        }
    }

    private func contentChanged() {
        guard isEditable else { return }
        inputMessage = nil
        redraw()
    }

    private func refuse(_ message: @escaping @MainActor (LearnerWording) -> String) {
        inputMessage = message
        redraw()
    }

    private func form() -> FeedbackForm {
        let count = content.trimmingCharacters(in: .whitespacesAndNewlines).count
        let isTooLong = count > FeedbackDraft.maximumLength
        return FeedbackForm(
            title: wording.feedbackTitle,
            categories: FeedbackCategory.knownCases.map { Choice(value: $0, text: wording.name(of: $0)) }, category: category,
            placeholder: wording.feedbackPlaceholder, ratingPrompt: wording.feedbackRatingPrompt, rating: rating, maximumRating: Self.maximumRating,
            lengthText: wording.fill(wording.feedbackLength, [.count: String(count), .total: String(FeedbackDraft.maximumLength)]),
            isTooLong: isTooLong, canSubmit: count > 0 && !isTooLong && !isSubmitting,
            submitTitle: isSubmitting ? wording.feedbackSubmitting : wording.feedbackSubmit, inputMessage: inputMessage?(wording))
    }

    /// The page of the feedback `id` sent.
    private func sentScreen(_ id: String?) -> FeedbackUiState {
        .sent(FeedbackSentScreen(message: wording.feedbackSent, anotherTitle: wording.feedbackAnother, feedbackID: ScreenText.line(id)))
    }

    /// The failure of a submission, in the page's words.
    private func screenError(_ failure: RepositoryFailure) -> ScreenError {
        ScreenError(message: failure == .unreachable ? wording.feedbackUnreachable : wording.message(for: failure), retryTitle: wording.retry)
    }

    private func redraw() {
        let form = form()
        let state: FeedbackUiState = if isSubmitting { .submitting(form) } else if let failure { .failed(form, screenError(failure)) } else { .editing(form) }
        if uiState != state { uiState = state }
    }

    private func showLoggedOut() {
        signOuts += 1
        isSubmitting = false
        failure = nil
        inputMessage = nil
        sentID = nil
        uiState = .loggedOut
        // Nothing of the learner's stays for the next one.
        content = ""
        category = .bug
        rating = nil
    }
}

import Foundation
import Observation
import ZhiXiDomain
import ZhiXiModel

/// The analysis page (AI 分析) of one lesson: the learner writes what they recall, submits
/// it, the page shows ``AnalysisUiState/analyzing(_:)`` while the AI works, then the score, weak
/// points, suggestions and the lesson's next review as the plan now has it.
///
/// Each ``load()`` or ``submit(_:)`` cancels the step under way (only the latest lands);
/// behind sign-in, the page is ``AnalysisUiState/loggedOut`` the moment the session signs
/// out, mid-analysis too.
@MainActor
@Observable
public final class AnalysisViewModel {
    /// What the page draws.
    public private(set) var uiState: AnalysisUiState

    /// The lesson's id.
    @ObservationIgnored public let lessonID: String
    /// The wording of the page's texts; the AI writes in its language too.
    @ObservationIgnored public private(set) var wording: LearnerWording
    @ObservationIgnored private let useCase: AnalyzeRecallUseCase
    @ObservationIgnored private let session: any SessionRepository
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private let steps = LatestLoad()
    @ObservationIgnored private var watcher: LoginStateWatcher?
    @ObservationIgnored private var prompt: LessonPrompt?
    @ObservationIgnored private var startedAt: Date?
    /// The text of the submission that failed, for ``retry()``.
    @ObservationIgnored private var failedSubmission: String?
    /// What the page drew last, to draw it again in another language.
    @ObservationIgnored private var drawing = PageDrawing<AnalysisUiState>()

    /// Creates the page's view model for the lesson `lessonID`.
    /// - Parameters:
    ///   - lessonID: the lesson recalled.
    ///   - useCase: the lesson's prompt and the analysis.
    ///   - session: the login state (the page is behind sign-in).
    ///   - language: the language of the texts and of the AI's answer (default Simplified Chinese).
    ///   - now: the clock (when the learner began and submitted).
    ///   - languageSetting: the app's language at run time; when given, the page is in its
    ///     language (not `language`) and draws what it shows again when it changes.
    package init(lessonID: String, useCase: AnalyzeRecallUseCase, session: any SessionRepository, language: AppLanguage = .default,
                now: @escaping @Sendable () -> Date = { Date() }, languageSetting: LanguageSetting? = nil) {
        self.lessonID = lessonID
        self.useCase = useCase
        self.session = session
        self.now = now
        wording = .forLanguage(languageSetting?.language ?? language)
        uiState = session.isSignedIn ? .loading : .loggedOut
        watcher = LoginStateWatcher(session: session) { [weak self] isSignedIn in
            guard let self else { return }
            if isSignedIn {
                if case .loggedOut = self.uiState { Task { await self.load() } }
            } else {
                self.showLoggedOut()
            }
        }
        languageSetting?.watch(owner: self) { [weak self] language in self?.languageChanged(language) }
    }

    /// The app's language changed: what the page shows, drawn again in it (an analysis the AI
    /// wrote stays in the language it was asked in).
    private func languageChanged(_ language: AppLanguage) {
        wording = .forLanguage(language)
        if let redrawn = drawing.redrawn(uiState, in: wording) { uiState = redrawn }
    }

    /// Reads the lesson: ``AnalysisUiState/loading``, then the prompt (or the error).
    public func load() async {
        guard session.isSignedIn else {
            showLoggedOut()
            return
        }
        await steps.run { [weak self] isCurrent in
            await self?.performLoad(isCurrent: isCurrent)
        }
    }

    /// Submits what the learner recalled: ``AnalysisUiState/analyzing(_:)``, then the analysis
    /// (or the error). Empty text is not sent: the prompt says so.
    public func submit(_ text: String) async {
        guard session.isSignedIn else {
            showLoggedOut()
            return
        }
        guard let prompt else { return }
        let input = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !input.isEmpty else {
            uiState = drawing.draw(wording) { .ready(Self.promptScreen(prompt, inputMessage: $0.emptyRecall, wording: $0)) }
            return
        }
        await steps.run { [weak self] isCurrent in
            await self?.performAnalysis(of: input, prompt: prompt, isCurrent: isCurrent)
        }
    }

    /// After an error: the same step again (the submission that failed, else the lesson).
    public func retry() async {
        if let text = failedSubmission, prompt != nil {
            await submit(text)
        } else {
            await load()
        }
    }

    private func performLoad(isCurrent: @MainActor () -> Bool) async {
        uiState = .loading
        failedSubmission = nil
        let result: Result<LessonPrompt, RepositoryFailure>
        do {
            result = .success(try await useCase.prompt(lessonID: lessonID))
        } catch {
            result = .failure(error)
        }
        guard isCurrent() else { return }
        switch result {
        case .success(let prompt):
            self.prompt = prompt
            startedAt = now()
            uiState = drawing.draw(wording) { .ready(Self.promptScreen(prompt, inputMessage: nil, wording: $0)) }
        case .failure(let failure):
            await show(failure)
        }
    }

    private func performAnalysis(of input: String, prompt: LessonPrompt, isCurrent: @MainActor () -> Bool) async {
        uiState = drawing.draw(wording) { .analyzing(Self.promptScreen(prompt, inputMessage: nil, wording: $0)) }
        failedSubmission = nil
        let submittedAt = now()
        let result: Result<AnalysisOutcome, RepositoryFailure>
        do {
            result = .success(try await useCase.analyze(lessonID: lessonID, userInput: input, startedAt: startedAt ?? submittedAt,
                                                        now: submittedAt, language: wording.language))
        } catch {
            result = .failure(error)
        }
        guard isCurrent() else { return }
        switch result {
        case .success(let outcome):
            uiState = drawing.draw(wording) { .analyzed(AnalysisResultScreen(outcome, lessonTitle: prompt.title, wording: $0)) }
        case .failure(let failure):
            failedSubmission = input
            await show(failure)
        }
    }

    private func show(_ failure: RepositoryFailure) async {
        switch failure {
        case .signedOut:
            showLoggedOut()
            await session.signOut()
        case .cancelled:
            break
        default:
            uiState = drawing.draw(wording) { .error(ScreenError(failure, wording: $0)) }
        }
    }

    private static func promptScreen(_ prompt: LessonPrompt, inputMessage: String?, wording: LearnerWording) -> RecallPromptScreen {
        RecallPromptScreen(lessonID: prompt.lessonID, lessonTitle: ScreenText.line(prompt.title),
                           recallQuestions: prompt.recallQuestions.map { ScreenText.lines($0) },
                           placeholder: wording.recallPlaceholder, inputMessage: inputMessage, analyzingText: wording.analyzing)
    }

    private func showLoggedOut() {
        steps.cancel()
        prompt = nil
        failedSubmission = nil
        uiState = .loggedOut
    }
}

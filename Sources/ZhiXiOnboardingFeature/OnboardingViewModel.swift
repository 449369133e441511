import Foundation
import Observation
import ZhiXiDomain
import ZhiXiModel

/// The first-run page (学习方向与偏好): what the learner wants to learn, how long a day, in
/// which language and time zone; sent as `POST users/me/onboarding`, after which the session
/// takes the learner as the server answered them and the app goes to its main pages
/// (``OnboardingUiState/finished(_:)`` with the route the session now has).
///
/// - ``load()`` starts the form from the settings the server holds, else from the device's
///   (its time zone, the app's language, 30 minutes a day); the view binds the four answers
///   (``learningDirection``, ``dailyMinutes``, ``preferredLanguage``, ``timeZone``).
/// - ``submit()`` checks the answers first (a direction written, 1–1440 minutes, a time zone
///   the device knows): a problem stays on the form, nothing is sent. A failure to send is
///   ``OnboardingUiState/error(_:)``; ``retry()`` sends the same answers again.
/// - Each load or submission cancels the one before (only the latest lands); behind sign-in,
///   the page is ``OnboardingUiState/loggedOut`` the moment the session signs out, mid-load
///   or mid-submission too (what the server answers then is not taken).
@MainActor
@Observable
public final class OnboardingViewModel {
    /// What the page draws.
    public private(set) var uiState: OnboardingUiState
    /// What the learner wants to learn.
    public var learningDirection = ""
    /// Minutes a day.
    public var dailyMinutes = UserLearningProfile.defaultDailyMinutes
    /// The language of the app and of the AI's answers.
    public var preferredLanguage: AppLanguage
    /// The learner's time zone (an IANA identifier).
    public var timeZone: String

    /// The wording of the page's texts.
    @ObservationIgnored public private(set) var wording: LearnerWording
    @ObservationIgnored private let repository: any OnboardingRepository
    @ObservationIgnored private let session: any SessionRepository
    @ObservationIgnored private let loads = LatestLoad()
    @ObservationIgnored private var watcher: LoginStateWatcher?
    @ObservationIgnored private var hasBeenLoaded = false
    /// The device's defaults the form starts from.
    @ObservationIgnored private let defaults: OnboardingAnswers
    /// What the page drew last, to draw it again in another language.
    @ObservationIgnored private var drawing = PageDrawing<OnboardingUiState>()

    /// Creates the page's view model.
    /// - Parameters:
    ///   - repository: the choices on the server.
    ///   - session: the login state (the page is behind sign-in) and where the app goes after.
    ///   - language: the language of the texts, and the language offered first (default
    ///     Simplified Chinese).
    ///   - timeZone: the device's time zone, offered first.
    ///   - languageSetting: the app's language at run time; when given, the page is in its
    ///     language (not `language`, which stays the language offered first) and draws what it
    ///     shows again when it changes.
    package init(repository: any OnboardingRepository, session: any SessionRepository, language: AppLanguage = .default,
                timeZone: TimeZone = .current, languageSetting: LanguageSetting? = nil) {
        self.repository = repository
        self.session = session
        wording = .forLanguage(languageSetting?.language ?? language)
        preferredLanguage = language
        self.timeZone = timeZone.identifier
        defaults = OnboardingAnswers(learningDirection: "", dailyMinutes: UserLearningProfile.defaultDailyMinutes,
                                     preferredLanguage: language, timeZone: timeZone.identifier)
        uiState = session.isSignedIn ? .loading : .loggedOut
        watcher = LoginStateWatcher(session: session) { [weak self] isSignedIn in
            self?.loginStateChanged(isSignedIn)
        }
        languageSetting?.watch(owner: self) { [weak self] language in self?.languageChanged(language) }
    }

    /// The app's language changed: what the page shows, drawn again in it.
    private func languageChanged(_ language: AppLanguage) {
        wording = .forLanguage(language)
        if let redrawn = drawing.redrawn(uiState, in: wording) { uiState = redrawn }
    }

    /// The answers as they are now.
    public var answers: OnboardingAnswers {
        OnboardingAnswers(learningDirection: learningDirection.trimmingCharacters(in: .whitespacesAndNewlines), dailyMinutes: dailyMinutes,
                          preferredLanguage: preferredLanguage, timeZone: timeZone)
    }

    /// ``OnboardingUiState/loading``, then the form with the settings the server holds (or
    /// the device's defaults when it holds none or cannot be reached). Cancels a load or a
    /// submission under way.
    public func load() async {
        hasBeenLoaded = true
        guard session.isSignedIn else {
            showLoggedOut()
            return
        }
        await loads.run { [weak self] isCurrent in
            await self?.performLoad(isCurrent: isCurrent)
        }
    }

    /// Sends the answers when they can be sent (else the form says what is wrong).
    public func submit() async {
        guard session.isSignedIn else {
            showLoggedOut()
            return
        }
        let answers = answers
        if Self.problem(of: answers, wording: wording) != nil {
            uiState = drawing.draw(wording) { .editing(OnboardingScreen(wording: $0, problem: Self.problem(of: answers, wording: $0), isSubmitting: false)) }
            return
        }
        await loads.run { [weak self] isCurrent in
            await self?.performSubmit(answers, isCurrent: isCurrent)
        }
    }

    /// After an error: sends the same answers again.
    public func retry() async {
        await submit()
    }

    private func performLoad(isCurrent: @MainActor () -> Bool) async {
        if uiState != .loading { uiState = .loading }
        let saved: Result<OnboardingAnswers?, RepositoryFailure>
        do {
            saved = .success(try await repository.savedAnswers())
        } catch {
            saved = .failure(error)
        }
        guard isCurrent() else { return }
        switch saved {
        case .failure(.signedOut):
            await endSession()
            return
        case .failure(.cancelled):
            return
        case .success(let saved?):
            // What the learner changed meanwhile stays as they made it.
            if learningDirection.isEmpty { learningDirection = saved.learningDirection }
            if dailyMinutes == defaults.dailyMinutes, OnboardingAnswers.dailyMinutesRange.contains(saved.dailyMinutes) {
                dailyMinutes = saved.dailyMinutes
            }
            if preferredLanguage == defaults.preferredLanguage { preferredLanguage = saved.preferredLanguage }
            if timeZone == defaults.timeZone, TimeZone(identifier: saved.timeZone) != nil { timeZone = saved.timeZone }
        default:
            // Nothing held, or the server not reached: the device's defaults; the submission says more.
            break
        }
        uiState = drawing.draw(wording) { .editing(OnboardingScreen(wording: $0, problem: nil, isSubmitting: false)) }
    }

    private func performSubmit(_ answers: OnboardingAnswers, isCurrent: @MainActor () -> Bool) async {
        uiState = drawing.draw(wording) { .submitting(OnboardingScreen(wording: $0, problem: nil, isSubmitting: true)) }
        let result: Result<User, RepositoryFailure>
        do {
            result = .success(try await repository.submit(answers))
        } catch {
            result = .failure(error)
        }
        guard isCurrent(), session.isSignedIn else { return }
        switch result {
        case .success(let user):
            uiState = .finished(session.accept(user))
        case .failure(.signedOut):
            await endSession()
        case .failure(.cancelled):
            break
        case .failure(let failure):
            uiState = drawing.draw(wording) { .error(ScreenError(failure, wording: $0)) }
        }
    }

    /// What is wrong with `answers`, in words; `nil` when they can be sent.
    private static func problem(of answers: OnboardingAnswers, wording: LearnerWording) -> String? {
        if answers.learningDirection.isEmpty { return wording.learningDirectionMissing }
        if !OnboardingAnswers.dailyMinutesRange.contains(answers.dailyMinutes) { return wording.dailyMinutesOutOfRange }
        if TimeZone(identifier: answers.timeZone) == nil { return wording.timeZoneUnknown }
        return nil
    }

    private func loginStateChanged(_ isSignedIn: Bool) {
        if isSignedIn {
            guard hasBeenLoaded else {
                uiState = .loading
                return
            }
            Task { [weak self] in await self?.load() }
        } else {
            showLoggedOut()
        }
    }

    /// The page signed out: what is under way cancelled, the answers back to the device's
    /// defaults (the next learner starts from nothing of this one's).
    private func showLoggedOut() {
        loads.cancel()
        learningDirection = defaults.learningDirection
        dailyMinutes = defaults.dailyMinutes
        preferredLanguage = defaults.preferredLanguage
        timeZone = defaults.timeZone
        uiState = .loggedOut
    }

    /// The server refused the session: the page is logged out, and so is the app.
    private func endSession() async {
        showLoggedOut()
        await session.signOut()
    }
}

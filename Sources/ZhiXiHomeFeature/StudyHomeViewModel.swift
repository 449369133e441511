import Foundation
import Observation
import ZhiXiDomain
import ZhiXiModel

/// The study home (学习): today's review tasks and their minutes against the daily budget,
/// "continue reading", and the learner's totals. Offline, the tasks come from the plan made
/// on the device and the totals are left out.
///
/// A page with nothing on screen yet shows the home the device kept (its plan, from the last
/// refresh) at once, ``isRefreshing`` on while the server is asked; the totals and the
/// continue card come with the server's answer. Each ``load()`` cancels the one before
/// (only the latest result lands); behind sign-in,
/// the page is `StudyHomeUiState.loggedOut` the moment the session signs out, mid-load too.
///
/// What the learner marks done or skips on the review-plan page shows here at once, without
/// loading again: the home follows the review repository's changes
/// (`StudyHomeUseCase.planChanges()`), also those made while a load is under way. A
/// session restored at launch without the server is confirmed by the first home that comes
/// from the server.
@MainActor
@Observable
public final class StudyHomeViewModel {
    /// What the page draws.
    public private(set) var uiState: StudyHomeUiState
    /// `true` while the home the device kept is on screen and the server is asked.
    public private(set) var isRefreshing = false

    /// The wording of the page's texts.
    @ObservationIgnored public private(set) var wording: LearnerWording
    @ObservationIgnored private let useCase: StudyHomeUseCase
    @ObservationIgnored private let session: any SessionRepository
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private let loads = LatestLoad()
    @ObservationIgnored private var watcher: LoginStateWatcher?
    @ObservationIgnored private var changeWatcher: ReviewPlanChangeWatcher?
    @ObservationIgnored private var hasBeenLoaded = false
    /// The home on screen, as its data.
    @ObservationIgnored private var data: StudyHomeData?
    /// The plan's changes told since the running load began, drawn over its result when it
    /// lands (it may have read the plan before them).
    @ObservationIgnored private var changesDuringLoad: [ReviewPlanChange] = []
    /// `true` while a load waits for its data.
    @ObservationIgnored private var isFetching = false
    /// What the page drew last, to draw it again in another language.
    @ObservationIgnored private var drawing = PageDrawing<StudyHomeUiState>()

    /// Creates the page's view model.
    /// - Parameters:
    ///   - useCase: gathers the home's data.
    ///   - session: the login state (the page is behind sign-in).
    ///   - language: the language of the texts (default Simplified Chinese).
    ///   - now: the clock.
    ///   - languageSetting: the app's language at run time; when given, the page is in its
    ///     language (not `language`) and draws what it shows again when it changes.
    package init(useCase: StudyHomeUseCase, session: any SessionRepository, language: AppLanguage = .default,
                now: @escaping @Sendable () -> Date = { Date() }, languageSetting: LanguageSetting? = nil) {
        self.useCase = useCase
        self.session = session
        self.now = now
        wording = .forLanguage(languageSetting?.language ?? language)
        uiState = session.isSignedIn ? .loading : .loggedOut
        watcher = LoginStateWatcher(session: session) { [weak self] isSignedIn in
            self?.loginStateChanged(isSignedIn)
        }
        changeWatcher = ReviewPlanChangeWatcher(changes: useCase.planChanges()) { [weak self] change in
            self?.planChanged(change)
        }
        languageSetting?.watch(owner: self) { [weak self] language in self?.languageChanged(language) }
    }

    /// The app's language changed: what the page shows, drawn again in it.
    private func languageChanged(_ language: AppLanguage) {
        wording = .forLanguage(language)
        if let redrawn = drawing.redrawn(uiState, in: wording) { uiState = redrawn }
    }

    /// Gathers the home: `StudyHomeUiState.loading`, then the home or the error. Cancels a
    /// load under way; returns when this one has landed or was overtaken.
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

    /// After an error: loads again.
    public func retry() async {
        await load()
    }

    private func performLoad(isCurrent: @MainActor () -> Bool) async {
        let hadScreen = data != nil
        if uiState != .loading { uiState = .loading }
        data = nil
        changesDuringLoad = []
        isFetching = true
        if !hadScreen, let cached = await useCase.cached(now: now()) {
            guard isCurrent() else { return }
            data = cached
            uiState = drawing.draw(wording) { .success(StudyHomeScreen(cached, wording: $0)) }
            isRefreshing = true
        }
        let result: Result<StudyHomeData, RepositoryFailure>
        do {
            result = .success(try await useCase.load(now: now()))
        } catch {
            result = .failure(error)
        }
        guard isCurrent() else { return }
        isFetching = false
        if isRefreshing { isRefreshing = false }
        switch result {
        case .success(var data):
            for change in changesDuringLoad { data.plan.apply(change) }
            changesDuringLoad = []
            self.data = data
            uiState = drawing.draw(wording) { [data] in .success(StudyHomeScreen(data, wording: $0)) }
            if !data.plan.isOffline { await useCase.refreshInBackground() }
            if !data.plan.isOffline, session.isUnverified {
                await session.verify()
                if !session.isSignedIn { showLoggedOut() }
            }
        case .failure(.signedOut):
            showLoggedOut()
            await session.signOut()
        case .failure(.cancelled):
            break
        case .failure(let failure):
            data = nil
            uiState = drawing.draw(wording) { .error(ScreenError(failure, wording: $0)) }
        }
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

    /// The learner changed the plan elsewhere: drawn over the home on screen, and kept for
    /// the result of a load under way.
    private func planChanged(_ change: ReviewPlanChange) {
        guard session.isSignedIn else { return }
        if isFetching { changesDuringLoad.append(change) }
        if var data {
            data.plan.apply(change)
            self.data = data
            let screen = drawing.draw(wording) { [data] in .success(StudyHomeScreen(data, wording: $0)) }
            if uiState != screen { uiState = screen }
        }
    }

    /// The page signed out: the load under way cancelled, the home forgotten.
    private func showLoggedOut() {
        loads.cancel()
        data = nil
        changesDuringLoad = []
        isFetching = false
        isRefreshing = false
        uiState = .loggedOut
    }
}

import Foundation
import Observation
import ZhiXiDomain
import ZhiXiModel

/// The study home (学习): today's review tasks and their minutes against the daily budget,
/// "continue reading", and the learner's totals. Offline, the tasks come from the plan made
/// on the device and the totals are left out.
///
/// Each ``load()`` cancels the one before (only the latest result lands); behind sign-in,
/// the page is ``StudyHomeUiState/loggedOut`` the moment the session signs out, mid-load too.
@MainActor
@Observable
public final class StudyHomeViewModel {
    /// What the page draws.
    public private(set) var uiState: StudyHomeUiState

    /// The wording of the page's texts.
    @ObservationIgnored public let wording: LearnerWording
    @ObservationIgnored private let useCase: StudyHomeUseCase
    @ObservationIgnored private let session: any SessionRepository
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private let loads = LatestLoad()
    @ObservationIgnored private var watcher: LoginStateWatcher?
    @ObservationIgnored private var hasBeenLoaded = false

    /// Creates the page's view model.
    /// - Parameters:
    ///   - useCase: gathers the home's data.
    ///   - session: the login state (the page is behind sign-in).
    ///   - language: the language of the texts (default Simplified Chinese).
    ///   - now: the clock.
    public init(useCase: StudyHomeUseCase, session: any SessionRepository, language: AppLanguage = .default,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.useCase = useCase
        self.session = session
        self.now = now
        wording = .forLanguage(language)
        uiState = session.isSignedIn ? .loading : .loggedOut
        watcher = LoginStateWatcher(session: session) { [weak self] isSignedIn in
            self?.loginStateChanged(isSignedIn)
        }
    }

    /// Gathers the home: ``StudyHomeUiState/loading``, then the home or the error. Cancels a
    /// load under way; returns when this one has landed or was overtaken.
    public func load() async {
        hasBeenLoaded = true
        guard session.isSignedIn else {
            loads.cancel()
            uiState = .loggedOut
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
        if uiState != .loading { uiState = .loading }
        let result: Result<StudyHomeData, RepositoryFailure>
        do {
            result = .success(try await useCase.load(now: now()))
        } catch {
            result = .failure(error)
        }
        guard isCurrent() else { return }
        switch result {
        case .success(let data):
            uiState = .success(StudyHomeScreen(data, wording: wording))
        case .failure(.signedOut):
            loads.cancel()
            uiState = .loggedOut
            await session.signOut()
        case .failure(.cancelled):
            break
        case .failure(let failure):
            uiState = .error(ScreenError(failure, wording: wording))
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
            loads.cancel()
            uiState = .loggedOut
        }
    }
}

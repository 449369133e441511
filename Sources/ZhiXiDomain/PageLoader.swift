/// The loads of a page behind sign-in that shows one thing (the library, a learning path, the
/// progress figures), as the app's pages load: each ``load()`` cancels the one before (only the
/// latest result lands, whatever order the answers come in); the page is
/// ``PageLoadState/loggedOut`` while no learner is signed in and the moment the session signs
/// out, mid-load too (the load is cancelled: no error, no stale data); signing in again loads
/// a page that was loaded; a repository that says signed out signs the session out. Errors
/// are in the wording's language, with its retry label; ``redraw(in:)`` draws the state on
/// screen again in another language (the app's changed).
///
/// The page's view model keeps one and draws each state it is told (`onChange`).
@MainActor
package final class PageLoader<Content: Sendable & Hashable> {
    /// The state last told.
    package private(set) var state: PageLoadState<Content>

    private let session: any SessionRepository
    private var wording: LearnerWording
    private let fetch: @Sendable () async throws(RepositoryFailure) -> Content
    private let message: @MainActor (RepositoryFailure, LearnerWording) -> String?
    /// The failure shown (``PageLoadState/failed(_:)``), to draw it again in another language.
    private var failure: RepositoryFailure?
    private let onChange: @MainActor (PageLoadState<Content>) -> Void
    private let loads = LatestLoad()
    private var watcher: LoginStateWatcher?
    private var hasBeenLoaded = false

    /// A loader of what `fetch` gets.
    /// - Parameters:
    ///   - session: the login state.
    ///   - wording: the language of the errors.
    ///   - message: the page's own words for a failure in a wording, `nil` for the wording's
    ///     (`LearnerWording.message(for:)`).
    ///   - fetch: gets the page's content.
    ///   - onChange: told each new state, on the main actor.
    package init(session: any SessionRepository, wording: LearnerWording,
                message: @escaping @MainActor (RepositoryFailure, LearnerWording) -> String? = { _, _ in nil },
                fetch: @escaping @Sendable () async throws(RepositoryFailure) -> Content,
                onChange: @escaping @MainActor (PageLoadState<Content>) -> Void) {
        self.session = session
        self.wording = wording
        self.message = message
        self.fetch = fetch
        self.onChange = onChange
        state = session.isSignedIn ? .loading : .loggedOut
        watcher = LoginStateWatcher(session: session) { [weak self] isSignedIn in
            guard let self else { return }
            if !isSignedIn {
                self.showLoggedOut()
            } else if self.hasBeenLoaded {
                Task { await self.load() }
            } else {
                self.show(.loading)
            }
        }
    }

    /// Loads: ``PageLoadState/loading``, then the content or the error. Cancels a load under
    /// way; returns when this one has landed or was overtaken.
    package func load() async {
        hasBeenLoaded = true
        guard session.isSignedIn else { return showLoggedOut() }
        await loads.run { [weak self] isCurrent in await self?.perform(isCurrent: isCurrent) }
    }

    private func perform(isCurrent: @MainActor () -> Bool) async {
        show(.loading)
        let result = await Result.of(fetch)
        guard isCurrent() else { return }
        switch result {
        case .success(let content):
            show(.loaded(content))
        case .failure(.signedOut):
            showLoggedOut()
            await session.signOut()
        case .failure(.cancelled):
            break
        case .failure(let failure):
            self.failure = failure
            show(.failed(screenError(failure)))
        }
    }

    /// The state on screen drawn again in `wording` (the app's language changed): a failure's
    /// message in it, and the page told the state again to draw its content in it.
    /// - Complexity: O(1), and the page's drawing.
    package func redraw(in wording: LearnerWording) {
        self.wording = wording
        if case .failed = state, let failure { state = .failed(screenError(failure)) }
        onChange(state)
    }

    private func screenError(_ failure: RepositoryFailure) -> ScreenError {
        ScreenError(message: message(failure, wording) ?? wording.message(for: failure), retryTitle: wording.retry)
    }

    private func show(_ state: PageLoadState<Content>) {
        guard state != self.state else { return }
        self.state = state
        onChange(state)
    }

    private func showLoggedOut() {
        loads.cancel()
        show(.loggedOut)
    }
}

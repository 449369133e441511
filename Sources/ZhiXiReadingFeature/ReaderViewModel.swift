import Foundation
import Observation
import ZhiXiDomain
import ZhiXiModel

/// The reading page (内容阅读) of one material: it opens the material where the learner left
/// it (``open()``, the view's `onAppear`), notes where they are (``updateLocation(_:)``, on
/// scrolling or turning a page), records that they finished (``markAsRead()``) and closes it
/// (``close()``, the view's `onDisappear`) — only this material: another reading page that
/// appeared meanwhile stays open. The reading goes to the server through the learner's own
/// durable upload queue (`ReadingRepository`).
///
/// Each ``open()`` cancels the one before (only the latest lands); behind sign-in, the page
/// is ``ReaderUiState/loggedOut`` the moment the session signs out, mid-open too, and opens
/// again when a learner signs in while it is on screen. A session the app closed while away
/// (half an hour in the background) is opened again when the learner goes on reading.
@MainActor
@Observable
public final class ReaderViewModel {
    /// What the page draws.
    public private(set) var uiState: ReaderUiState

    /// The material.
    @ObservationIgnored public let material: ReadingMaterial
    /// The wording of the page's texts.
    @ObservationIgnored public private(set) var wording: LearnerWording
    @ObservationIgnored private let repository: any ReadingRepository
    @ObservationIgnored private let session: any SessionRepository
    @ObservationIgnored private let loads = LatestLoad()
    @ObservationIgnored private var watcher: LoginStateWatcher?
    @ObservationIgnored private var isOnScreen = false
    @ObservationIgnored private var opening: ReadingOpening?
    @ObservationIgnored private var isFinished = false
    /// What the page drew last, to draw it again in another language.
    @ObservationIgnored private var drawing = PageDrawing<ReaderUiState>()

    /// Creates the page's view model for `material`.
    /// - Parameters:
    ///   - material: what the page reads.
    ///   - repository: the learner's reading.
    ///   - session: the login state (the page is behind sign-in).
    ///   - language: the language of the texts (default Simplified Chinese).
    ///   - languageSetting: the app's language at run time; when given, the page is in its
    ///     language (not `language`) and draws what it shows again when it changes.
    package init(material: ReadingMaterial, repository: any ReadingRepository, session: any SessionRepository,
                language: AppLanguage = .default, languageSetting: LanguageSetting? = nil) {
        self.material = material
        self.repository = repository
        self.session = session
        wording = .forLanguage(languageSetting?.language ?? language)
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

    /// The page appeared: ``ReaderUiState/loading``, then the material open where the learner
    /// left it, or the error. Cancels an open under way; returns when this one has landed or
    /// was overtaken.
    public func open() async {
        isOnScreen = true
        guard session.isSignedIn else {
            showLoggedOut()
            return
        }
        await loads.run { [weak self] isCurrent in
            await self?.performOpen(isCurrent: isCurrent)
        }
    }

    /// After an error: opens again.
    public func retry() async {
        await open()
    }

    /// The reader is at `location` now (recorded once it stays a moment).
    public func updateLocation(_ location: ReadingLocation) async {
        await whileReading { [repository, material] () async throws(RepositoryFailure) in
            try await repository.updateLocation(location, of: material.materialID)
        }
    }

    /// The learner finished the material.
    public func markAsRead() async {
        await whileReading { [repository, material] () async throws(RepositoryFailure) in
            try await repository.markAsRead(materialID: material.materialID)
        }
        guard case .reading = uiState, let opening, !isFinished else { return }
        isFinished = true
        uiState = drawing.draw(wording) { [material] in .reading(ReaderScreen(material, opening: opening, isFinished: true, wording: $0)) }
    }

    /// The page disappeared: this material is closed (its reading recorded), no other.
    public func close() async {
        isOnScreen = false
        loads.cancel()
        await repository.closeMaterial(materialID: material.materialID)
        if session.isSignedIn { uiState = .closed }
    }

    private func performOpen(isCurrent: @MainActor () -> Bool) async {
        if uiState != .loading { uiState = .loading }
        let result: Result<ReadingOpening, RepositoryFailure>
        do {
            result = .success(try await repository.openMaterial(material))
        } catch {
            result = .failure(error)
        }
        guard isCurrent() else { return }
        switch result {
        case .success(let opening):
            self.opening = opening
            isFinished = false
            uiState = drawing.draw(wording) { [material] in .reading(ReaderScreen(material, opening: opening, isFinished: false, wording: $0)) }
        case .failure(.signedOut):
            showLoggedOut()
        case .failure(.cancelled):
            break
        case .failure(let failure):
            uiState = drawing.draw(wording) { .error(ScreenError(failure, wording: $0)) }
        }
    }

    /// Runs `action` while the material is open; a session closed while the app was away is
    /// opened again (where it was) and `action` tried once more.
    private func whileReading(_ action: @escaping @MainActor () async throws(RepositoryFailure) -> Void) async {
        guard case .reading = uiState else { return }
        do {
            try await action()
        } catch .notFound {
            guard (try? await repository.openMaterial(material)) != nil else { return }
            try? await action()
        } catch .signedOut {
            showLoggedOut()
        } catch {
            // The reading stays on the device; nothing to show over the material.
        }
    }

    private func loginStateChanged(_ isSignedIn: Bool) {
        if isSignedIn {
            guard isOnScreen else { return }
            Task { [weak self] in await self?.open() }
        } else {
            showLoggedOut()
        }
    }

    private func showLoggedOut() {
        loads.cancel()
        opening = nil
        isFinished = false
        uiState = .loggedOut
    }
}

import Observation
import ZhiXiDomain
import ZhiXiModel

/// The login page (登录) and the app's launch routing, over the session: restore at launch,
/// Sign in with Apple, and where the app goes (``route``). A form, not a page of data: it
/// has a loading flag and an error message rather than a `UiState`.
@MainActor
@Observable
public final class LoginViewModel {
    /// `true` while restoring or signing in (the button shows progress and does nothing).
    public private(set) var isLoading = false
    /// Why the last restore or sign-in failed, for the learner; `nil` after a success, when
    /// nothing was kept to restore, or when the learner closed the sheet.
    public private(set) var errorMessage: String?
    /// Where the app goes: splash until restored, then login, onboarding or main. Follows the
    /// session when it signs out elsewhere.
    public private(set) var route: AppDestination

    /// The wording of the page's texts.
    @ObservationIgnored public let wording: LearnerWording
    @ObservationIgnored private let session: any SessionRepository
    @ObservationIgnored private var watcher: LoginStateWatcher?

    /// Creates the page's view model over `session`, its messages in `language` (default
    /// Simplified Chinese).
    public init(session: any SessionRepository, language: AppLanguage = .default) {
        self.session = session
        wording = .forLanguage(language)
        route = session.destination
        watcher = LoginStateWatcher(session: session) { [weak self] _ in
            guard let self else { return }
            self.route = self.session.destination
        }
    }

    /// At launch: restores the session from the device and routes: main or onboarding when
    /// the server renews it, or when it cannot be reached and the device remembers the
    /// learner (offline); login when nothing is kept, or with ``errorMessage`` saying why
    /// when the server refused the session, failed, cannot be reached without a remembered
    /// learner, or the device's session cannot be read.
    public func restore() async {
        guard !isLoading else { return }
        isLoading = true
        errorMessage = nil
        let failure = await session.restore()
        errorMessage = failure.map { wording.message(for: $0) }
        route = session.destination
        isLoading = false
    }

    /// Signs in with Apple, then routes to onboarding or main; on failure the route stays
    /// login and ``errorMessage`` says why (nothing when the learner closed the sheet).
    public func signIn() async {
        guard !isLoading else { return }
        isLoading = true
        errorMessage = nil
        do {
            route = try await session.signIn()
        } catch {
            errorMessage = wording.message(for: error)
            route = session.destination
        }
        isLoading = false
    }

    /// Clears the error message.
    public func dismissError() {
        errorMessage = nil
    }
}

import Observation
import ZhiXiDomain
import ZhiXiModel

/// The login page (登录) and the app's launch routing, over the session: restore at launch,
/// Sign in with Apple — through the credential provider the app was built with
/// (``signIn()``), or with the credential SwiftUI's `SignInWithAppleButton` gave
/// (``signIn(with:)``) —, signing out (``signOut()``, ``forgetDevice()``) and where the app
/// goes (``route``). A form, not a page of data: it
/// has a loading flag and an error message rather than a `UiState`.
@MainActor
@Observable
public final class LoginViewModel {
    /// `true` while restoring or signing in (the button shows progress and does nothing).
    public private(set) var isLoading = false
    /// Why the last restore or sign-in failed, for the learner; `nil` after a success, when
    /// nothing was kept to restore, or when the learner closed the sheet.
    public private(set) var errorMessage: String?
    /// Where the app goes: splash until restored, then login, onboarding or main: the
    /// session's destination, so it follows the session wherever it changes (a sign-out
    /// elsewhere, the onboarding finished).
    public var route: AppDestination {
        _ = loginGeneration
        return session.destination
    }

    /// `true` while a learner is signed in (confirmed by the server, or as the device
    /// remembers them: ``isUnverified``).
    public var isSignedIn: Bool {
        _ = loginGeneration
        return session.isSignedIn
    }

    /// `true` while the learner is signed in as the device remembers them because the server
    /// could not be reached at launch (the app may say "offline"); the first page that reaches
    /// the server again confirms the session, or signs the learner out when it is refused.
    /// `false` when signed out or confirmed. Read it after ``restore()``, a sign-in or a
    /// page's load.
    public var isUnverified: Bool {
        _ = loginGeneration
        return session.isUnverified
    }

    /// The wording of the page's texts.
    @ObservationIgnored public private(set) var wording: LearnerWording
    @ObservationIgnored private let session: any SessionRepository
    @ObservationIgnored private var watcher: LoginStateWatcher?
    /// Changed when the login state changes, so that a view reading ``route`` redraws even
    /// over a session that is not observable itself.
    private var loginGeneration = 0

    /// What the error message was made from, to draw it again in another language.
    @ObservationIgnored private var drawing = PageDrawing<String?>()

    /// Creates the page's view model over `session`, its messages in `language` (default
    /// Simplified Chinese) or, when `languageSetting` is given, in its language (the message
    /// shown drawn again when it changes).
    package init(session: any SessionRepository, language: AppLanguage = .default, languageSetting: LanguageSetting? = nil) {
        self.session = session
        wording = .forLanguage(languageSetting?.language ?? language)
        watcher = LoginStateWatcher(session: session) { [weak self] _ in
            self?.loginGeneration += 1
        }
        languageSetting?.watch(owner: self) { [weak self] language in self?.languageChanged(language) }
    }

    /// The app's language changed: the message shown, drawn again in it.
    private func languageChanged(_ language: AppLanguage) {
        wording = .forLanguage(language)
        if let redrawn = drawing.redrawn(errorMessage, in: wording) { errorMessage = redrawn }
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
        errorMessage = drawing.draw(wording) { wording in failure.map { wording.message(for: $0) } }
        isLoading = false
    }

    /// Signs in with Apple, then routes to onboarding or main; on failure the route stays
    /// login and ``errorMessage`` says why (nothing when the learner closed the sheet).
    public func signIn() async {
        await signIn { [session] () async throws(SignInFailure) -> AppDestination in try await session.signIn() }
    }

    /// Signs in with the credential Sign in with Apple gave the app (the
    /// `SignInWithAppleButton` completion), then routes as ``signIn()``.
    public func signIn(with credential: AppleSignInCredential) async {
        await signIn { [session] () async throws(SignInFailure) -> AppDestination in try await session.signIn(with: credential) }
    }

    /// Sign in with Apple failed before a credential came (the button's completion with an
    /// error): the message says why, nothing when the learner closed the sheet.
    public func signInDidFail(_ failure: SignInFailure) {
        guard !isLoading else { return }
        errorMessage = drawing.draw(wording) { $0.message(for: failure) }
    }

    private func signIn(_ attempt: @escaping @MainActor () async throws(SignInFailure) -> AppDestination) async {
        guard !isLoading else { return }
        isLoading = true
        errorMessage = nil
        do {
            _ = try await attempt()
        } catch {
            errorMessage = drawing.draw(wording) { $0.message(for: error) }
        }
        isLoading = false
    }

    /// Signs the learner out: the device forgets the session (whatever the server answers) and
    /// the app goes to login; their files stay on the device for their next sign-in.
    public func signOut() async {
        guard !isLoading else { return }
        isLoading = true
        errorMessage = nil
        await session.signOut()
        isLoading = false
    }

    /// "Forget this device": signs the learner out, then removes everything the device keeps
    /// of them (the cached workspace, completions not sent yet, the reading positions and
    /// queue, the chat history, the language they chose), so the next learner on the device
    /// — or they themselves, signing in again — starts from the server alone. When the files
    /// cannot be removed the learner is signed out all the same and ``errorMessage`` says why.
    public func forgetDevice() async {
        guard !isLoading else { return }
        isLoading = true
        errorMessage = nil
        do {
            try await session.forgetDevice()
        } catch {
            errorMessage = drawing.draw(wording) { $0.message(for: error) }
        }
        isLoading = false
    }

    /// Clears the error message.
    public func dismissError() {
        errorMessage = nil
    }
}

import Observation
import ZhiXiDomain
import ZhiXiModel

/// The toasts of the learner's reading over the whole app: the server's refusals of an upload
/// (timed, on going to the background, when the network is back) that the design says the
/// learner is told of — `MATERIAL_ACCESS_DENIED` and `SOURCE_DELETED` — one toast per
/// material and code while it is shown. Other refusals (`TEMPORARY_MATERIAL_EXPIRED`,
/// `INVALID_…`) are not toasted; the repository's stream still carries them, codes included,
/// for the app's logs.
///
/// Behind sign-in: signing out clears the toasts, and nothing told for a learner who signed
/// out is shown to the next.
@MainActor
@Observable
public final class ReadingNoticesViewModel {
    /// The toasts to show, oldest first.
    public private(set) var toasts: [ReadingToast] = []

    /// The wording of the toasts.
    @ObservationIgnored public private(set) var wording: LearnerWording
    @ObservationIgnored private let session: any SessionRepository
    @ObservationIgnored private var watcher: LoginStateWatcher?
    @ObservationIgnored private var notices: StreamWatcher<ReadingUploadNotice>?
    @ObservationIgnored private var nextID = 0
    /// The notice of each toast shown, by the toast's id, to draw it again in another language.
    @ObservationIgnored private var shownNotices: [Int: ReadingUploadNotice] = [:]

    /// Starts following `repository`'s notices, in `language` or, when `languageSetting` is
    /// given, in its language (the toasts shown drawn again when it changes).
    package init(repository: any ReadingRepository, session: any SessionRepository, language: AppLanguage = .default,
                languageSetting: LanguageSetting? = nil) {
        self.session = session
        wording = .forLanguage(languageSetting?.language ?? language)
        watcher = LoginStateWatcher(session: session) { [weak self] isSignedIn in
            if !isSignedIn {
                self?.toasts = []
                self?.shownNotices = [:]
            }
        }
        notices = StreamWatcher(changes: repository.uploadNotices()) { [weak self] notice in
            self?.received(notice)
        }
        languageSetting?.watch(owner: self) { [weak self] language in self?.languageChanged(language) }
    }

    /// The app's language changed: the toasts shown, drawn again in it.
    private func languageChanged(_ language: AppLanguage) {
        wording = .forLanguage(language)
        toasts = toasts.map { toast in
            guard let notice = shownNotices[toast.id], let message = message(of: notice) else { return toast }
            var redrawn = toast
            redrawn.message = message
            return redrawn
        }
    }

    /// Removes `toast` (its time is up, or the learner closed it).
    public func dismiss(_ toast: ReadingToast) {
        toasts.removeAll { $0.id == toast.id }
        shownNotices[toast.id] = nil
    }

    private func received(_ notice: ReadingUploadNotice) {
        guard session.isSignedIn, let message = message(of: notice) else { return }
        guard !toasts.contains(where: { $0.materialID == notice.materialID && $0.code == notice.code }) else { return }
        nextID += 1
        shownNotices[nextID] = notice
        toasts.append(ReadingToast(id: nextID, materialID: notice.materialID, code: notice.code, message: message))
    }

    /// The toast's sentence of `notice` in the page's language, `nil` for a notice not shown.
    private func message(of notice: ReadingUploadNotice) -> String? {
        let sentence: LearnerWording.Sentence
        switch notice.kind {
        case .accessDenied: sentence = wording.readingAccessDenied
        case .sourceDeleted: sentence = wording.readingSourceDeleted
        case .temporaryMaterialExpired, .invalid, .other: return nil
        }
        let title = notice.title.flatMap { $0.isEmpty ? nil : ScreenText.line($0) } ?? wording.untitledMaterial
        return wording.fill(sentence, [.title: title])
    }
}

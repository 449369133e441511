import Foundation
import Observation
import ZhiXiDomain
import ZhiXiModel

/// The library page (知识库): the learner's knowledge bases, each with its learning paths and
/// how many of each path's lessons the learner has studied; offline, what the device keeps,
/// with a banner saying why.
///
/// Each ``load()`` cancels the one before (only the latest lands); behind sign-in, the page is
/// `KnowledgeLibraryUiState.loggedOut` the moment the session signs out, mid-load too.
@MainActor
@Observable
public final class KnowledgeLibraryViewModel {
    /// What the page draws.
    public private(set) var uiState: KnowledgeLibraryUiState

    /// The wording of the page's texts.
    @ObservationIgnored public private(set) var wording: LearnerWording
    @ObservationIgnored private var loader: PageLoader<KnowledgeLibrary>?

    /// Creates the page's view model.
    /// - Parameters:
    ///   - repository: the library.
    ///   - session: the login state (the page is behind sign-in).
    ///   - language: the language of the texts (default Simplified Chinese).
    ///   - now: the clock.
    ///   - languageSetting: the app's language at run time; when given, the page is in its
    ///     language (not `language`) and draws what it shows again when it changes.
    package init(repository: any KnowledgeRepository, session: any SessionRepository, language: AppLanguage = .default,
                now: @escaping @Sendable () -> Date = { Date() }, languageSetting: LanguageSetting? = nil) {
        wording = .forLanguage(languageSetting?.language ?? language)
        uiState = session.isSignedIn ? .loading : .loggedOut
        loader = PageLoader(session: session, wording: wording, fetch: { () async throws(RepositoryFailure) -> KnowledgeLibrary in
            try await repository.library(now: now())
        }, onChange: { [weak self] state in self?.show(state) })
        languageSetting?.watch(owner: self) { [weak self] language in self?.languageChanged(language) }
    }

    /// The app's language changed: what the page shows, drawn again in it.
    private func languageChanged(_ language: AppLanguage) {
        wording = .forLanguage(language)
        loader?.redraw(in: wording)
    }

    /// Gathers the library: `KnowledgeLibraryUiState.loading`, then the library or the error.
    public func load() async {
        await loader?.load()
    }

    /// After an error: loads again.
    public func retry() async {
        await load()
    }

    private func show(_ state: PageLoadState<KnowledgeLibrary>) {
        uiState = switch state {
        case .loading: .loading
        case .loaded(let library): .success(KnowledgeLibraryScreen(library, wording: wording))
        case .loggedOut: .loggedOut
        case .failed(let error): .error(error)
        }
    }
}

extension KnowledgeLibraryScreen {
    /// The screen of `library` in `wording`'s language.
    init(_ library: KnowledgeLibrary, wording: LearnerWording) {
        let bases = library.bases.map { entry in
            KnowledgeBaseCard(id: entry.base.id, title: ScreenText.line(entry.base.title), description: ScreenText.lines(entry.base.description),
                              targetUser: ScreenText.line(entry.base.targetUser),
                              pathCountText: wording.fill(wording.pathCount.form(entry.paths.count), [.count: String(entry.paths.count)]),
                              paths: entry.paths.map { LearningPathRow($0, wording: wording) })
        }
        self.init(title: wording.libraryTitle, bases: bases, emptyText: bases.isEmpty ? wording.libraryEmpty : nil, isOffline: library.isOffline,
                  offlineMessage: library.isOffline ? wording.savedOnDeviceMessage(for: library.offlineCause) : nil)
    }
}

extension LearningPathRow {
    /// The row of `entry` in `wording`'s language.
    init(_ entry: LearningPathEntry, wording: LearnerWording) {
        self.init(id: entry.path.id, title: ScreenText.line(entry.path.title), description: ScreenText.lines(entry.path.description),
                  lessonCount: entry.lessonCount,
                  studiedLessonCount: entry.studiedLessonCount,
                  lessonCountText: wording.fill(wording.lessonCount.form(entry.lessonCount), [.count: String(entry.lessonCount)]),
                  studiedText: wording.fill(wording.studiedLessons, [.count: String(entry.studiedLessonCount), .total: String(entry.lessonCount)]),
                  progress: entry.lessonCount > 0 ? Double(entry.studiedLessonCount) / Double(entry.lessonCount) : 0,
                  durationText: entry.path.estimatedDays.map { wording.fill(wording.pathDays.form($0), [.days: String($0)]) })
    }
}

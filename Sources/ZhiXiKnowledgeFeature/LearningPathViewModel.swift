import Foundation
import Observation
import ZhiXiDomain
import ZhiXiModel

/// A learning path's page (学习路径): its lessons in study order, each with how often the
/// learner studied it, its latest score, and its next review as the plan has it (今天 / 明天 /
/// the day, the kind of review, why), and the weak points of it waiting to be practised;
/// offline, what the device keeps, with a banner saying why.
///
/// Each ``load()`` cancels the one before (only the latest lands); behind sign-in, the page is
/// `LearningPathUiState.loggedOut` the moment the session signs out, mid-load too.
@MainActor
@Observable
public final class LearningPathViewModel {
    /// What the page draws.
    public private(set) var uiState: LearningPathUiState

    /// The path's id.
    @ObservationIgnored public let pathID: String
    /// The wording of the page's texts.
    @ObservationIgnored public private(set) var wording: LearnerWording
    @ObservationIgnored private var loader: PageLoader<LearningPathDetail>?

    /// Creates the page's view model for the path `pathID`.
    /// - Parameters:
    ///   - pathID: the path shown.
    ///   - repository: the library.
    ///   - session: the login state (the page is behind sign-in).
    ///   - language: the language of the texts (default Simplified Chinese).
    ///   - now: the clock (the plan's "now").
    ///   - languageSetting: the app's language at run time; when given, the page is in its
    ///     language (not `language`) and draws what it shows again when it changes.
    package init(pathID: String, repository: any KnowledgeRepository, session: any SessionRepository, language: AppLanguage = .default,
                now: @escaping @Sendable () -> Date = { Date() }, languageSetting: LanguageSetting? = nil) {
        self.pathID = pathID
        let wording = LearnerWording.forLanguage(languageSetting?.language ?? language)
        self.wording = wording
        uiState = session.isSignedIn ? .loading : .loggedOut
        loader = PageLoader(session: session, wording: wording, message: { failure, wording in
            if case .notFound = failure { return wording.pathNotFound }
            return nil
        }, fetch: { () async throws(RepositoryFailure) -> LearningPathDetail in
            try await repository.learningPath(id: pathID, now: now())
        }, onChange: { [weak self] state in self?.show(state) })
        languageSetting?.watch(owner: self) { [weak self] language in self?.languageChanged(language) }
    }

    /// The app's language changed: what the page shows, drawn again in it.
    private func languageChanged(_ language: AppLanguage) {
        wording = .forLanguage(language)
        loader?.redraw(in: wording)
    }

    /// Gathers the path: `LearningPathUiState.loading`, then the path or the error.
    public func load() async {
        await loader?.load()
    }

    /// After an error: loads again.
    public func retry() async {
        await load()
    }

    private func show(_ state: PageLoadState<LearningPathDetail>) {
        uiState = switch state {
        case .loading: .loading
        case .loaded(let detail): .success(LearningPathScreen(detail, wording: wording))
        case .loggedOut: .loggedOut
        case .failed(let error): .error(error)
        }
    }
}

extension LearningPathScreen {
    /// The screen of `detail` in `wording`'s language.
    init(_ detail: LearningPathDetail, wording: LearnerWording) {
        let rows = detail.lessons.map { PathLessonRow($0, today: detail, wording: wording) }
        let studied = detail.lessons.filter { $0.sessionCount > 0 }.count
        self.init(pathID: detail.path.id, title: ScreenText.line(detail.path.title), knowledgeBaseTitle: ScreenText.line(detail.knowledgeBaseTitle),
                  description: ScreenText.lines(detail.path.description),
                  studiedText: wording.fill(wording.studiedLessons, [.count: String(studied), .total: String(rows.count)]),
                  progress: rows.isEmpty ? 0 : Double(studied) / Double(rows.count), lessons: rows,
                  emptyText: rows.isEmpty ? wording.pathEmpty : nil, isOffline: detail.isOffline,
                  offlineMessage: detail.isOffline ? wording.savedOnDeviceMessage(for: detail.offlineCause) : nil)
    }
}

extension PathLessonRow {
    /// The row of `status` on the path `detail` (its today), in `wording`'s language.
    init(_ status: LessonStatus, today detail: LearningPathDetail, wording: LearnerWording) {
        let studied = status.lastStudiedDay.map { day in
            wording.fill(wording.lessonStudied.form(status.sessionCount), [.count: String(status.sessionCount), .date: wording.date(day)])
        }
        let review = status.nextReview.map { item in
            let type = item.task.reviewType.displayName(language: wording.language)
            let day = wording.day(item.day, today: detail.today)
            return PathLessonReview(taskID: item.id, reviewType: item.task.reviewType, typeLabel: type, dayText: day,
                                    text: wording.fill(wording.nextReview, [.date: day, .type: type]), reason: ScreenText.lines(item.reason),
                                    isDue: item.day <= detail.today)
        }
        self.init(id: status.lesson.id, title: ScreenText.line(status.lesson.title), minutesText: wording.minutes(status.lesson.estimatedMinutes),
                  studiedText: status.sessionCount > 0 ? (studied ?? wording.lessonNotStudied) : wording.lessonNotStudied,
                  isStudied: status.sessionCount > 0,
                  lastScoreText: status.lastScore.map { wording.fill(wording.lessonLastScore, [.score: String($0)]) },
                  nextReview: review, noReviewText: review == nil ? wording.noNextReview : nil,
                  weakPointsText: status.weakPointDrillCount > 0
                      ? wording.fill(wording.weakPointDrills.form(status.weakPointDrillCount), [.count: String(status.weakPointDrillCount)]) : nil)
    }
}

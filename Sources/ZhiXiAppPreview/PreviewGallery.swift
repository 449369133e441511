import ZhiXiAnalysisFeature
import ZhiXiAuthFeature
import ZhiXiChatFeature
import ZhiXiDomain
import ZhiXiFeedbackFeature
import ZhiXiHomeFeature
import ZhiXiKnowledgeFeature
import ZhiXiModel
import ZhiXiOnboardingFeature
import ZhiXiProgressFeature
import ZhiXiReadingFeature
import ZhiXiReviewFeature

/// Every page's view model in each of its states, on the sample learner, with no network: for
/// SwiftUI previews and the app team's UI tests. Each call makes an app of its own (`PreviewApp`)
/// and drives the page there (loads it, sends the text, holds the server) until it is in the
/// state asked for; keep the returned ``PreviewPage`` while the page shows, and call its
/// `tearDown()` when done.
///
/// ```swift
/// #Preview("复习计划 · 离线") {
///     @Previewable @State var page: PreviewPage<ReviewPlanViewModel>?
///     ReviewPlanView(model: page?.viewModel).task { page = await PreviewGallery.reviewPlan(.offline) }
/// }
/// ```
@MainActor
public enum PreviewGallery {
    /// The sample lesson the analysis and tutor pages show: 线性代数：向量与矩阵.
    public static let sampleLessonID = "lesson-1-1"
    /// The sample learning path: 数学基础.
    public static let samplePathID = "path-1"
    /// What the sample learner recalls of the sample lesson.
    public static let sampleRecall = "矩阵乘法的维度规则：前一个矩阵的列数等于后一个的行数。向量空间由一组基张成，坐标取决于基。"
    /// What the sample learner asks the tutor.
    public static let sampleQuestion = "为什么矩阵乘法不满足交换律？"
    /// What the sample learner tells the team.
    public static let sampleFeedback = "「特征值」这一课的例题第二步少了一个负号。"
    /// The learning direction typed into the onboarding page.
    public static let sampleLearningDirection = "机器学习与数据科学"

    // MARK: Pages that show one thing

    /// The review-plan page.
    public static func reviewPlan(_ state: PreviewState, language: AppLanguage = .default) async -> PreviewPage<ReviewPlanViewModel> {
        await page(state, language: language, make: { $0.makeReviewPlanViewModel() }, load: { await $0.load() })
    }

    /// The study home.
    public static func studyHome(_ state: PreviewState, language: AppLanguage = .default) async -> PreviewPage<StudyHomeViewModel> {
        await page(state, language: language, make: { $0.makeStudyHomeViewModel() }, load: { await $0.load() })
    }

    /// The library page.
    public static func knowledgeLibrary(_ state: PreviewState, language: AppLanguage = .default) async -> PreviewPage<KnowledgeLibraryViewModel> {
        await page(state, language: language, make: { $0.makeKnowledgeLibraryViewModel() }, load: { await $0.load() })
    }

    /// The page of the learning path `pathID` (default 数学基础).
    public static func learningPath(_ state: PreviewState, pathID: String = samplePathID,
                                    language: AppLanguage = .default) async -> PreviewPage<LearningPathViewModel> {
        await page(state, language: language, make: { $0.makeLearningPathViewModel(pathID: pathID) }, load: { await $0.load() })
    }

    /// The progress page.
    public static func learningProgress(_ state: PreviewState, language: AppLanguage = .default) async -> PreviewPage<LearningProgressViewModel> {
        await page(state, language: language, make: { $0.makeLearningProgressViewModel() }, load: { await $0.load() })
    }

    // MARK: Pages with steps of their own

    /// The analysis page of the lesson `lessonID` (default 线性代数：向量与矩阵).
    public static func analysis(_ state: AnalysisPreviewState, lessonID: String = sampleLessonID,
                                language: AppLanguage = .default) async -> PreviewPage<AnalysisViewModel> {
        let app = PreviewApp(mode: state == .error ? .unreachable : state == .loading ? .holding : .answering, signedIn: state != .loggedOut,
                             language: language)
        let page = PreviewPage(app: app, viewModel: app.makeAnalysisViewModel(lessonID: lessonID))
        let model = page.viewModel
        switch state {
        case .loading:
            await page.hold({ await model.load() }, until: { model.uiState == .loading })
        case .loggedOut:
            break
        case .ready, .error:
            await model.load()
        case .analyzing:
            await model.load()
            app.api.setMode(.holding)
            await page.hold({ await model.submit(sampleRecall) }, until: { if case .analyzing = model.uiState { true } else { false } })
        case .analyzed:
            await model.load()
            await model.submit(sampleRecall)
        }
        return page
    }

    /// The AI tutor page of the lesson `lessonID` (default 线性代数：向量与矩阵; `nil`: about anything).
    public static func chat(_ state: ChatPreviewState, lessonID: String? = sampleLessonID,
                            language: AppLanguage = .default) async -> PreviewPage<AIChatViewModel> {
        let app = PreviewApp(signedIn: state != .loggedOut, language: language)
        if state == .error { try? app.breakStorage() }
        if state != .error { try? await app.keepOnDevice() }
        let page = PreviewPage(app: app, viewModel: app.makeChatViewModel(lessonID: lessonID))
        let model = page.viewModel
        guard state != .loading, state != .loggedOut else { return page }
        await model.load()
        model.draft = sampleQuestion
        switch state {
        case .conversation:
            await model.send()
        case .replying:
            app.api.setChatEnding(.hold(afterPieces: 3))
            await page.hold({ await model.send() }, until: {
                if case .success(let screen) = model.uiState { return (screen.reply?.text.count ?? 0) > 0 }
                return false
            })
        case .interrupted:
            app.api.setChatEnding(.cut(afterPieces: 3))
            await model.send()
        case .failed:
            app.api.setMode(.unreachable)
            await model.send()
        case .loading, .empty, .loggedOut, .error:
            break
        }
        return page
    }

    /// The onboarding page.
    public static func onboarding(_ state: OnboardingPreviewState, language: AppLanguage = .default) async -> PreviewPage<OnboardingViewModel> {
        let app = PreviewApp(mode: state == .loading ? .holding : .answering, signedIn: state != .loggedOut, language: language)
        let page = PreviewPage(app: app, viewModel: app.makeOnboardingViewModel())
        let model = page.viewModel
        switch state {
        case .loading:
            await page.hold({ await model.load() }, until: { if case .loading = model.uiState { true } else { false } })
            return page
        case .loggedOut:
            return page
        case .editing, .submitting, .finished, .error:
            await model.load()
            model.learningDirection = sampleLearningDirection
        }
        switch state {
        case .submitting:
            app.api.setMode(.holding)
            await page.hold({ await model.submit() }, until: { if case .submitting = model.uiState { true } else { false } })
        case .finished:
            await model.submit()
        case .error:
            app.api.setMode(.unreachable)
            await model.submit()
        case .loading, .editing, .loggedOut:
            break
        }
        return page
    }

    /// The position the device keeps of the sample material in ``ReaderPreviewState/resumedFromDevice``.
    public static let sampleDeviceLocation = ReadingLocation(progress: 0.65, pageIndex: 11)

    /// The reading page of the sample material (`PreviewSample.readingMaterial`; not started
    /// in ``ReaderPreviewState/fromStart``: `PreviewSample.newReadingMaterial`).
    public static func reader(_ state: ReaderPreviewState, language: AppLanguage = .default) async -> PreviewPage<ReaderViewModel> {
        let mode: PreviewServerMode = switch state {
        case .loading: .holding
        case .resumedFromDevice: .unreachable
        default: .answering
        }
        let app = PreviewApp(mode: mode, signedIn: state != .loggedOut, language: language)
        if state == .error { try? app.breakStorage() }
        if state == .resumedFromDevice { try? app.keepReadingPosition(sampleDeviceLocation, of: PreviewSample.readingMaterial) }
        let material = state == .fromStart ? PreviewSample.newReadingMaterial : PreviewSample.readingMaterial
        let page = PreviewPage(app: app, viewModel: app.makeReaderViewModel(material: material))
        let model = page.viewModel
        switch state {
        case .loading:
            page.heldStep = Task { await model.open() }
            await Task.yield()
        case .loggedOut:
            break
        case .resumedFromServer, .resumedFromDevice, .fromStart, .error:
            await model.open()
        case .finished:
            await model.open()
            await model.markAsRead()
        case .closed:
            await model.open()
            await model.close()
        }
        return page
    }

    /// The feedback page.
    public static func feedback(_ state: FeedbackPreviewState, language: AppLanguage = .default) async -> PreviewPage<FeedbackViewModel> {
        let app = PreviewApp(mode: state == .failed ? .unreachable : state == .submitting ? .holding : .answering, signedIn: state != .loggedOut,
                             language: language)
        let page = PreviewPage(app: app, viewModel: app.makeFeedbackViewModel())
        let model = page.viewModel
        guard state != .loggedOut else { return page }
        model.select(.content)
        model.setRating(4)
        model.content = sampleFeedback
        switch state {
        case .submitting:
            await page.hold({ await model.submit() }, until: { if case .submitting = model.uiState { true } else { false } })
        case .sent, .failed:
            await model.submit()
        case .editing, .loggedOut:
            break
        }
        return page
    }

    /// The login page.
    public static func login(_ state: LoginPreviewState, language: AppLanguage = .default) async -> PreviewPage<LoginViewModel> {
        var workspace = PreviewSample.workspace
        if state == .newLearner { workspace.user?.onboardingCompleted = false }
        let app = PreviewApp(signedIn: false, language: language, workspace: workspace)
        let page = PreviewPage(app: app, viewModel: app.makeLoginViewModel())
        let model = page.viewModel
        await model.restore()
        switch state {
        case .signedOut:
            break
        case .signingIn:
            app.session.setSignInHeld(true)
            await page.hold({ await model.signIn() }, until: { model.isLoading })
        case .newLearner:
            await model.signIn()
        case .failed:
            app.session.setSignInFailure(.refused)
            await page.viewModel.signIn()
        case .signedIn:
            await page.viewModel.signIn()
        }
        return page
    }

    /// The reading toasts over the app, after the sample material was read and uploaded.
    public static func readingNotices(_ state: ReadingNoticesPreviewState,
                                      language: AppLanguage = .default) async -> PreviewPage<ReadingNoticesViewModel> {
        let app = PreviewApp(language: language)
        switch state {
        case .quiet: break
        case .accessDenied: app.api.setReadingRefusal(.materialAccessDenied)
        case .sourceDeleted: app.api.setReadingRefusal(.sourceDeleted)
        }
        let page = PreviewPage(app: app, viewModel: app.makeReadingNoticesViewModel())
        let reader = app.makeReaderViewModel()
        await reader.open()
        await reader.updateLocation(ReadingLocation(progress: 0.5, pageIndex: 8))
        await reader.close()
        await app.flushReading()
        if state != .quiet { await settle { !page.viewModel.toasts.isEmpty } }
        return page
    }

    // MARK: - Steps

    /// A page that shows one thing, in `state`.
    private static func page<Model: AnyObject>(_ state: PreviewState, language: AppLanguage, make: (PreviewApp) -> Model,
                                               load: @escaping @MainActor (Model) async -> Void) async -> PreviewPage<Model> {
        let mode: PreviewServerMode = switch state {
        case .loading: .holding
        case .offline, .error: .unreachable
        case .success, .loggedOut: .answering
        }
        let app = PreviewApp(mode: mode, signedIn: state != .loggedOut, language: language)
        if state == .offline { try? await app.keepOnDevice() }
        let page = PreviewPage(app: app, viewModel: make(app))
        let model = page.viewModel
        switch state {
        case .loading:
            // Signed in, the page is loading from the start; the load stays on its way.
            page.heldStep = Task { await load(model) }
            await Task.yield()
        case .loggedOut:
            break
        case .success, .offline, .error:
            await load(model)
        }
        return page
    }

    /// Returns once `condition` holds, checking every millisecond for at most 10 seconds.
    static func settle(_ condition: @MainActor () -> Bool) async {
        var checks = 0
        while !condition(), checks < 10_000 {
            checks += 1
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }
}

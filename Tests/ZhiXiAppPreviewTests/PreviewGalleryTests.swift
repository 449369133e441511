import Foundation
import Testing
import ZhiXiAnalysisFeature
import ZhiXiAppPreview
import ZhiXiAppTestSupport
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


/// Every page of the gallery, in each of its states, on the sample learner with no network.
@Suite("PreviewGallery: every page in each state", .serialized)
@MainActor
struct PreviewGalleryTests {
    @Test("the sample bundled with the module is data/sample-workspace.json, byte for byte")
    func bundledSample() throws {
        let shipped = try Data(contentsOf: AppFixture.packageRoot.appendingPathComponent("data/sample-workspace.json"))
        #expect(try PreviewSample.fileData() == shipped, "copy data/sample-workspace.json to Sources/ZhiXiAppPreview/Resources/")
        #expect(PreviewSample.user.id == "user-lin-xiao")
    }

    @Test("the pages that show one thing, in each state, in Chinese and in English", arguments: PreviewState.allCases)
    func onePagePerState(_ state: PreviewState) async throws {
        for language in [AppLanguage.simplifiedChinese, .english] {
            let plan = await PreviewGallery.reviewPlan(state, language: language)
            defer { plan.tearDown() }
            let planState: PreviewState? = switch plan.viewModel.uiState {
            case .loading: .loading
            case .loggedOut: .loggedOut
            case .error: .error
            case .success(let screen): screen.isOffline ? .offline : .success
            }
            #expect(planState == state, "review plan, \(language)")

            let home = await PreviewGallery.studyHome(state, language: language)
            defer { home.tearDown() }
            let homeState: PreviewState? = switch home.viewModel.uiState {
            case .loading: .loading
            case .loggedOut: .loggedOut
            case .error: .error
            case .success(let screen): screen.isOffline ? .offline : .success
            }
            #expect(homeState == state, "study home, \(language)")

            let library = await PreviewGallery.knowledgeLibrary(state, language: language)
            defer { library.tearDown() }
            let libraryState: PreviewState? = switch library.viewModel.uiState {
            case .loading: .loading
            case .loggedOut: .loggedOut
            case .error: .error
            case .success(let screen): screen.isOffline ? .offline : .success
            }
            #expect(libraryState == state, "library, \(language)")
            if case .success(let screen) = library.viewModel.uiState {
                #expect(screen.bases.first?.paths.count == 5 && screen.title == LearnerWording.forLanguage(language).libraryTitle)
            }

            let path = await PreviewGallery.learningPath(state, language: language)
            defer { path.tearDown() }
            let pathState: PreviewState? = switch path.viewModel.uiState {
            case .loading: .loading
            case .loggedOut: .loggedOut
            case .error: .error
            case .success(let screen): screen.isOffline ? .offline : .success
            }
            #expect(pathState == state, "learning path, \(language)")
            if case .success(let screen) = path.viewModel.uiState { #expect(screen.lessons.count == 6 && screen.lessons.contains { $0.nextReview != nil }) }

            let progress = await PreviewGallery.learningProgress(state, language: language)
            defer { progress.tearDown() }
            let progressState: PreviewState? = switch progress.viewModel.uiState {
            case .loading: .loading
            case .loggedOut: .loggedOut
            case .error: .error
            case .success(let screen): screen.isOffline ? .offline : .success
            }
            #expect(progressState == state, "progress, \(language)")
            if case .success(let screen) = progress.viewModel.uiState {
                #expect(screen.trend.days.count == 7 && screen.heatmap.cells.count == 365 && screen.heatmap.activeDays > 0)
            }
        }
    }

    @Test("the analysis page in each state", arguments: AnalysisPreviewState.allCases)
    func analysis(_ state: AnalysisPreviewState) async throws {
        let page = await PreviewGallery.analysis(state)
        defer { page.tearDown() }
        let reached: AnalysisPreviewState = switch page.viewModel.uiState {
        case .loading: .loading
        case .ready: .ready
        case .analyzing: .analyzing
        case .analyzed: .analyzed
        case .loggedOut: .loggedOut
        case .error: .error
        }
        #expect(reached == state)
    }

    @Test("the AI tutor page in each state", arguments: ChatPreviewState.allCases)
    func chat(_ state: ChatPreviewState) async throws {
        let page = await PreviewGallery.chat(state)
        defer { page.tearDown() }
        let wording = LearnerWording.chinese
        switch (state, page.viewModel.uiState) {
        case (.loading, .loading), (.loggedOut, .loggedOut), (.error, .error):
            break
        case (.empty, .success(let screen)):
            #expect(screen.messages.isEmpty && screen.greeting == wording.chatGreeting)
        case (.conversation, .success(let screen)):
            #expect(screen.messages.count == 2 && screen.messages.first?.text == PreviewGallery.sampleQuestion && screen.reply == nil)
        case (.replying, .success(let screen)):
            #expect(screen.isReplying && !(screen.reply?.text.isEmpty ?? true))
        case (.interrupted, .success(let screen)):
            #expect(screen.notice?.message == wording.chatInterrupted && !screen.isReplying && screen.reply != nil)
        case (.failed, .success(let screen)):
            #expect(screen.notice?.message == wording.chatUnreachable && screen.messages.map(\.text) == [PreviewGallery.sampleQuestion])
        default:
            Issue.record("\(state): \(page.viewModel.uiState)")
        }
    }

    @Test("the feedback page in each state", arguments: FeedbackPreviewState.allCases)
    func feedback(_ state: FeedbackPreviewState) async throws {
        let page = await PreviewGallery.feedback(state)
        defer { page.tearDown() }
        let reached: FeedbackPreviewState = switch page.viewModel.uiState {
        case .editing: .editing
        case .submitting: .submitting
        case .sent: .sent
        case .failed: .failed
        case .loggedOut: .loggedOut
        }
        #expect(reached == state)
        #expect(page.app.api.feedback.count == (state == .sent ? 1 : 0), "only the sent state reached the in-memory server")
    }

    @Test("the login page in each state", arguments: LoginPreviewState.allCases)
    func login(_ state: LoginPreviewState) async throws {
        let page = await PreviewGallery.login(state)
        defer { page.tearDown() }
        let model = page.viewModel
        switch state {
        case .signedOut: #expect(model.route == .login && model.errorMessage == nil && !model.isLoading)
        case .signingIn: #expect(model.route == .login && model.isLoading)
        case .failed: #expect(model.route == .login && model.errorMessage != nil && !model.isLoading)
        case .signedIn: #expect(model.route == .main)
        case .newLearner: #expect(model.route == .onboarding)
        }
    }

    @Test("the onboarding page in each state", arguments: OnboardingPreviewState.allCases)
    func onboarding(_ state: OnboardingPreviewState) async throws {
        let page = await PreviewGallery.onboarding(state)
        defer { page.tearDown() }
        switch (state, page.viewModel.uiState) {
        case (.loading, .loading), (.editing, .editing), (.submitting, .submitting), (.finished, .finished(.main)), (.loggedOut, .loggedOut),
             (.error, .error):
            break
        default:
            Issue.record("\(state): the page is \(page.viewModel.uiState)")
        }
    }

    @Test("the reading page in each state, in Chinese and in English", arguments: ReaderPreviewState.allCases)
    func reader(_ state: ReaderPreviewState) async throws {
        for language in [AppLanguage.simplifiedChinese, .english] {
            let page = await PreviewGallery.reader(state, language: language)
            defer { page.tearDown() }
            let wording = LearnerWording.forLanguage(language)
            let resume42 = wording.fill(wording.readerResume, [.percent: "42"])
            switch (state, page.viewModel.uiState) {
            case (.loading, .loading), (.closed, .closed), (.loggedOut, .loggedOut):
                break
            case (.resumedFromServer, .reading(let screen)):
                #expect(screen.title == PreviewSample.readingMaterial.title && screen.resumeAt == ReadingLocation(progress: 0.42, pageIndex: 7))
                #expect(screen.resumeText == resume42 && !screen.resumeIsFromDevice && !screen.isFinished)
            case (.resumedFromDevice, .reading(let screen)):
                #expect(screen.resumeAt == PreviewGallery.sampleDeviceLocation && screen.resumeIsFromDevice)
                #expect(screen.resumeText == wording.fill(wording.readerResume, [.percent: "65"]))
            case (.fromStart, .reading(let screen)):
                #expect(screen.title == PreviewSample.newReadingMaterial.title && screen.resumeAt == nil)
                #expect(screen.resumeText == wording.readerFromStart)
            case (.finished, .reading(let screen)):
                #expect(screen.isFinished && screen.finishedText == wording.readerFinished && screen.resumeText == resume42)
            case (.error, .error(let error)):
                #expect(!error.message.isEmpty)
            default:
                Issue.record("\(state), \(language): the page is \(page.viewModel.uiState)")
            }
        }
    }

    @Test("the reading toasts in each state", arguments: ReadingNoticesPreviewState.allCases)
    func readingNotices(_ state: ReadingNoticesPreviewState) async throws {
        let page = await PreviewGallery.readingNotices(state)
        defer { page.tearDown() }
        let toasts = page.viewModel.toasts
        let wording = LearnerWording.chinese
        let title = try #require(PreviewSample.readingMaterial.title)
        switch state {
        case .quiet:
            #expect(toasts.isEmpty)
        case .accessDenied:
            #expect(toasts.map(\.code) == ["MATERIAL_ACCESS_DENIED"])
            #expect(toasts.first?.message == wording.fill(wording.readingAccessDenied, [.title: title]))
        case .sourceDeleted:
            #expect(toasts.map(\.code) == ["SOURCE_DELETED"])
            #expect(toasts.first?.message == wording.fill(wording.readingSourceDeleted, [.title: title]))
        }
    }
}

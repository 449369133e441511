import Foundation
import Testing
import ZhiXiAnalysisFeature
import ZhiXiApp
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
import ZhiXiReading
import ZhiXiReadingFeature
import ZhiXiReviewFeature
import ZhiXiTestServer

/// The learner changes the app's language in settings (`AppContainer.setLanguage(_:)`): every
/// page the container made draws what it shows again in the new language at once — the very
/// page a page made in that language shows — and back again, without asking the server.
@Suite("Every page redraws on a language change", .serialized)
@MainActor
struct PagesLanguageChangeTests {
    /// A page as this test reads it: its state as text, its wording.
    struct Page {
        var name: String
        var state: @MainActor () -> String
        var wording: @MainActor () -> LearnerWording
    }

    /// The container's pages, loaded (the sample learner's plan, path, lesson, material, an
    /// empty tutor conversation, a feedback form with a message of what is wrong, a failed
    /// sign-in's message).
    static func pages(of app: AppContainer) async -> [Page] {
        let login = app.makeLoginViewModel()
        login.signInDidFail(.unreachable)
        let onboarding = app.makeOnboardingViewModel(timeZone: TimeZone(identifier: "Asia/Shanghai")!)
        await onboarding.load()
        let home = app.makeStudyHomeViewModel()
        await home.load()
        let plan = app.makeReviewPlanViewModel()
        await plan.load()
        let analysis = app.makeAnalysisViewModel(lessonID: "lesson-1-1")
        await analysis.load()
        await analysis.submit("   ")
        let reader = app.makeReaderViewModel(material: ReadingMaterial(materialID: "src-gd", kind: .knowledgeSource, title: "梯度下降讲义"))
        await reader.open()
        let chat = app.makeChatViewModel()
        await chat.load()
        let library = app.makeKnowledgeLibraryViewModel()
        await library.load()
        let path = app.makeLearningPathViewModel(pathID: "path-1")
        await path.load()
        let missingPath = app.makeLearningPathViewModel(pathID: "path-none")
        await missingPath.load()
        let feedback = app.makeFeedbackViewModel()
        await feedback.submit()
        let progress = app.makeLearningProgressViewModel()
        await progress.load()
        func page(_ name: String, _ model: AnyObject, _ state: @escaping @MainActor () -> Any,
                  _ wording: @escaping @MainActor () -> LearnerWording) -> Page {
            Page(name: name, state: { _ = model; return String(describing: state()) }, wording: wording)
        }
        return [
            page("login", login, { login.errorMessage as Any }, { login.wording }),
            page("onboarding", onboarding, { onboarding.uiState }, { onboarding.wording }),
            page("home", home, { home.uiState }, { home.wording }),
            page("plan", plan, { plan.uiState }, { plan.wording }),
            page("analysis", analysis, { analysis.uiState }, { analysis.wording }),
            page("reader", reader, { reader.uiState }, { reader.wording }),
            page("chat", chat, { chat.uiState }, { chat.wording }),
            page("library", library, { library.uiState }, { library.wording }),
            page("path", path, { path.uiState }, { path.wording }),
            page("path not found", missingPath, { missingPath.uiState }, { missingPath.wording }),
            page("feedback", feedback, { feedback.uiState }, { feedback.wording }),
            page("progress", progress, { progress.uiState }, { progress.wording }),
        ]
    }

    /// `state` with the plan's reasons (`reason: Optional("…")`) left out.
    static func withoutReasons(_ state: String) -> String {
        state.replacingOccurrences(of: #"reason: Optional\("[^"]*"\)"#, with: "reason: …", options: .regularExpression)
    }

    @Test("login, onboarding, home, plan, analysis, reader, tutor, library, path (and its error), feedback and progress: in English at once, as an English page shows them (the plan's reasons made again on the device), then in Chinese again")
    func everyPage() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        // Timers the test drives: the 30-second flush a slow machine would reach never sends the
        // reader's events, so the server's "continue reading" is the same for both passes.
        let app = try await fixture.launch(language: nil, scheduler: ManualReadingScheduler(start: AppFixture.now))
        let pages = await Self.pages(of: app)
        let chinese = pages.map { $0.state() }
        for (page, state) in zip(pages, chinese) {
            #expect(page.wording() == .chinese, "\(page.name)")
            #expect(state.contains { ("\u{4E00}"..."\u{9FFF}").contains($0) }, "\(page.name) shows Chinese: \(state)")
        }
        let requests = fixture.api.server.totalRequestCount

        app.setLanguage(.english)
        let english = pages.map { $0.state() }
        #expect(fixture.api.server.totalRequestCount == requests, "redrawn from what the pages have, not asked again")
        for (index, page) in pages.enumerated() {
            #expect(page.wording() == .english, "\(page.name)")
            #expect(english[index] != chinese[index], "\(page.name) redrawn: \(english[index])")
        }

        // The plan page makes its reasons again from the plan the device keeps, in the language
        // chosen now; the path's keep theirs (the planner wrote them when it made the plan
        // shown), and a path loaded after the change has them in the new language.
        #expect(await eventually { pages[3].state().contains("reason: Optional(\"Last score") }, "the plan's reasons in English")
        #expect(fixture.api.server.totalRequestCount == requests, "made on the device")
        // The same pages made now, in English from the start, show what the redrawn ones do.
        let fresh = await Self.pages(of: app).map { $0.state() }
        for (index, page) in pages.enumerated() where page.name != "reader" {
            #expect(Self.withoutReasons(fresh[index]) == Self.withoutReasons(english[index]),
                    "\(page.name): redrawn \(english[index]), made in English \(fresh[index])")
        }
        #expect(fresh[3].contains("reason: Optional(\"Last score"), "the plan made after the change: its reasons in English")

        app.setLanguage(.simplifiedChinese)
        #expect(await eventually { pages[3].state() == chinese[3] }, "the plan's reasons in Chinese again")
        for (index, page) in pages.enumerated() {
            #expect(page.state() == chinese[index], "\(page.name): back in Chinese, the very page drawn first")
        }
    }
}

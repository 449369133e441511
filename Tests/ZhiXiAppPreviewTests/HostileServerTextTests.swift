import Foundation
import Testing
import ZhiXiAnalysisFeature
import ZhiXiAppPreview
import ZhiXiAppTestSupport
import ZhiXiChatFeature
import ZhiXiCore
import ZhiXiDomain
import ZhiXiFeedbackFeature
import ZhiXiHomeFeature
import ZhiXiKnowledgeFeature
import ZhiXiModel
import ZhiXiProgressFeature
import ZhiXiReadingFeature
import ZhiXiReviewFeature

/// Text from the server with ESC, CR and U+202E in it, through every page that shows text
/// from the server: none of the pages' strings holds a hidden character (line feeds and tabs
/// of a text of lines aside); each hostile text shows with its characters made visible.
@Suite("The pages make the server's hidden characters visible (ScreenText)", .serialized)
@MainActor
struct HostileServerTextTests {
    /// An escape sequence, a carriage return and a right-to-left override: `\u{1B}[2J`, `\r`, `\u{202E}`.
    static let hostile = "\u{1B}[2J伪造\r\u{202E}gnp.exe"
    /// The same, as the pages show it.
    static let shown = "\\u{1B}[2J伪造\\r\\u{202E}gnp.exe"

    /// The sample learner with every title, description, question, weak point and suggestion hostile.
    static var hostileWorkspace: LearnerWorkspace {
        var workspace = PreviewSample.workspace
        for index in workspace.knowledgeBases.indices {
            workspace.knowledgeBases[index].title += hostile
            workspace.knowledgeBases[index].description = hostile + "\r\n第二行"
            workspace.knowledgeBases[index].targetUser = hostile
        }
        for index in workspace.learningPaths.indices {
            workspace.learningPaths[index].title += hostile
            workspace.learningPaths[index].description = hostile
        }
        for index in workspace.lessons.indices {
            workspace.lessons[index].title += hostile
            workspace.lessons[index].recallQuestions = workspace.lessons[index].recallQuestions.map { $0 + hostile }
        }
        for index in workspace.analyses.indices {
            workspace.analyses[index].weakPoints = workspace.analyses[index].weakPoints.map { $0 + hostile } + [hostile]
            workspace.analyses[index].suggestions = workspace.analyses[index].suggestions.map { $0 + hostile } + [hostile]
        }
        return workspace
    }

    /// Every string inside `value` (its stored properties, payloads and elements, all the way down).
    static func strings(in value: Any) -> [String] {
        if let text = value as? String { return [text] }
        return Mirror(reflecting: value).children.flatMap { strings(in: $0.value) }
    }

    /// The strings of `state` that hold a hidden character other than a line feed or a tab.
    static func hidden(in state: Any) -> [String] {
        strings(in: state).filter { text in
            text.unicodeScalars.contains { VisibleText.isHidden($0.value) && $0 != "\n" && $0 != "\t" }
        }
    }

    /// Checks `state`: nothing hidden, and the hostile text shown made visible (when `shows`).
    static func check(_ page: String, _ state: Any, shows: Bool = true) {
        #expect(hidden(in: state).isEmpty, "\(page): \(hidden(in: state))")
        if shows { #expect(strings(in: state).contains { $0.contains(shown) }, "\(page) shows the server's text: \(state)") }
    }

    @Test("the review plan, the study home, the library, a path, the analysis, the tutor and the reader")
    func everyPage() async throws {
        let app = PreviewApp(workspace: Self.hostileWorkspace)
        defer { app.tearDown() }

        let plan = app.makeReviewPlanViewModel()
        await plan.load()
        guard case .success = plan.uiState else { Issue.record("plan: \(plan.uiState)"); return }
        Self.check("review plan", plan.uiState)

        let home = app.makeStudyHomeViewModel()
        await home.load()
        Self.check("study home", home.uiState)

        let library = app.makeKnowledgeLibraryViewModel()
        await library.load()
        Self.check("library", library.uiState)
        if case .success(let screen) = library.uiState {
            #expect(screen.bases.first?.description == Self.shown + "\n第二行", "a description keeps its lines, CRLF as a line feed")
        }

        let path = app.makeLearningPathViewModel(pathID: PreviewGallery.samplePathID)
        await path.load()
        Self.check("learning path", path.uiState)

        let analysis = app.makeAnalysisViewModel(lessonID: PreviewGallery.sampleLessonID)
        await analysis.load()
        Self.check("analysis, recall questions", analysis.uiState)
        await analysis.submit(PreviewGallery.sampleRecall)
        guard case .analyzed = analysis.uiState else { Issue.record("analysis: \(analysis.uiState)"); return }
        Self.check("analysis, result", analysis.uiState)

        let chat = app.makeChatViewModel(lessonID: PreviewGallery.sampleLessonID)
        await chat.load()
        chat.draft = "为什么？" + Self.hostile
        await chat.send()
        guard case .success(let conversation) = chat.uiState, conversation.messages.count == 2 else {
            Issue.record("chat: \(chat.uiState)")
            return
        }
        Self.check("tutor", chat.uiState)
        #expect(conversation.title.contains(Self.shown) && conversation.messages.allSatisfy { $0.text.contains(Self.shown) },
                "the lesson's title, the question and the reply quoting both")

        let reader = app.makeReaderViewModel(material: ReadingMaterial(materialID: PreviewSample.readingMaterial.materialID,
                                                                       kind: .knowledgeSource, title: "讲义" + Self.hostile))
        await reader.open()
        guard case .reading = reader.uiState else { Issue.record("reader: \(reader.uiState)"); return }
        Self.check("reader", reader.uiState)

        // Pages without text from the server: still nothing hidden.
        let progress = app.makeLearningProgressViewModel()
        await progress.load()
        Self.check("progress", progress.uiState, shows: false)
        let feedback = app.makeFeedbackViewModel()
        feedback.select(.content)
        feedback.content = PreviewGallery.sampleFeedback
        await feedback.submit()
        Self.check("feedback", feedback.uiState, shows: false)
    }

    @Test("a reply streamed: while it arrives and once whole, its CRLF a line feed, ESC and U+202E visible")
    func streamedReply() async throws {
        let app = PreviewApp(workspace: Self.hostileWorkspace)
        defer { app.tearDown() }
        let question = "一二三四五六\r\n七八\u{1B}[0m\u{202E}九"
        let shown = "一二三四五六\n七八\\u{1B}[0m\\u{202E}九"

        let held = app.makeChatViewModel(lessonID: nil)
        await held.load()
        held.draft = question
        app.api.setChatEnding(.hold(afterPieces: 4))
        let sending = Task { await held.send() }
        defer { sending.cancel() }
        #expect(await eventually {
            if case .success(let screen) = held.uiState { return screen.reply?.text.contains("七八") ?? false }
            return false
        })
        #expect(Self.hidden(in: held.uiState).isEmpty, "the reply on its way")

        app.api.setChatEnding(.complete)
        let chat = app.makeChatViewModel(lessonID: nil)
        await chat.load()
        chat.draft = question
        await chat.send()
        guard case .success(let screen) = chat.uiState, let reply = screen.messages.last else { Issue.record("\(chat.uiState)"); return }
        #expect(reply.text.contains(shown) && screen.messages.first?.text == shown)
        #expect(Self.hidden(in: chat.uiState).isEmpty)
    }
}

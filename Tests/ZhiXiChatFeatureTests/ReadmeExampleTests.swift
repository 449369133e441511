import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiChatFeature
import ZhiXiFeedbackFeature
import ZhiXiKnowledgeFeature
import ZhiXiProgressFeature
import ZhiXiTestServer

// docs/APP.md's "The other pages" example; the test below checks that docs/APP.md shows
// exactly these lines.
// README-BEGIN
@MainActor
func showTheOtherPages(app: AppContainer) async {
    let library = app.makeKnowledgeLibraryViewModel()              // 知识库: bases → paths
    await library.load()
    guard case .success(let shelf) = library.uiState, let row = shelf.bases.first?.paths.first else { return }
    print(shelf.title, row.title, row.studiedText)                   // 知识库 数学基础 已学 6/6 节

    let path = app.makeLearningPathViewModel(pathID: row.id)          // 学习路径: lessons with their next review
    await path.load()
    if case .success(let screen) = path.uiState {
        for lesson in screen.lessons { print(lesson.title, lesson.nextReview?.text ?? lesson.noReviewText ?? "") }
    }

    let tutor = app.makeChatViewModel(lessonID: "lesson-1-1")        // AI 导师: the conversation kept on the device
    await tutor.load()
    tutor.draft = "为什么矩阵乘法不满足交换律？"
    await tutor.send()                                                // kept, then the reply grows in uiState as it streams
    if case .success(let chat) = tutor.uiState {
        print(chat.messages.last?.text ?? "", chat.notice?.message ?? "")   // a cut reply: notice + tutor.retry()
    }

    let feedback = app.makeFeedbackViewModel()                        // 意见反馈: the four categories, text, 1–5
    feedback.select(.content)
    feedback.setRating(4)
    feedback.content = "例题第二步少了一个负号。"
    await feedback.submit()                                           // submitting → sent, or failed with the form kept
    if case .sent(let sent) = feedback.uiState { print(sent.message) }

    let progress = app.makeLearningProgressViewModel()                // 学习进度: plain values a chart draws
    await progress.load()
    if case .success(let figures) = progress.uiState {
        print(figures.summary.streakText, figures.trend.totalText)
        for bar in figures.trend.days { print(bar.weekdayLabel, bar.minutes) }           // 7 bars, today last
        print(figures.heatmap.weekCount, figures.heatmap.cells.count, figures.heatmap.activeDaysText)   // 365 cells
    }
}
// README-END

@Suite("docs/APP.md's other-pages example runs against the loopback server", .serialized)
@MainActor
struct OtherPagesReadmeExampleTests {
    @Test("docs/APP.md shows this file's example")
    func exampleIsCurrent() throws {
        let readme = try String(contentsOf: AppFixture.packageRoot.appendingPathComponent("docs/APP.md"), encoding: .utf8)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let example = try #require(source.components(separatedBy: "// README-BEGIN\n").last?.components(separatedBy: "// README-END").first)
        let section = try #require(readme.components(separatedBy: "### The other pages").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(block == "import ZhiXiApp\nimport ZhiXiChatFeature\nimport ZhiXiFeedbackFeature\nimport ZhiXiKnowledgeFeature\nimport ZhiXiProgressFeature\n\n"
                    + example,
                "update the code block of docs/APP.md from Tests/ZhiXiChatFeatureTests/ReadmeExampleTests.swift")
    }

    @Test("the example runs: the tutor's reply and the feedback reach the device and the server")
    func runs() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        await showTheOtherPages(app: app)
        #expect(fixture.api.server.requestCount("POST", "/api/ai/chat") == 1)
        #expect(fixture.api.learner(userID: fixture.user.id)?.feedback.map(\.content).dropFirst(fixture.workspace.feedback.count)
                    == ["例题第二步少了一个负号。"], "one feedback beside the sample learner's own")
        let tutor = app.makeChatViewModel(lessonID: "lesson-1-1")
        await tutor.load()
        guard case .success(let chat) = tutor.uiState else { Issue.record("\(tutor.uiState)"); return }
        #expect(chat.messages.count == 2)
    }
}

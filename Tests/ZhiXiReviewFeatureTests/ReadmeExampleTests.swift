import Foundation
import Observation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiReviewFeature

// docs/APP.md's "Embed the review feature" example; the test below checks that docs/APP.md
// shows exactly these lines.
// README-BEGIN
@MainActor
func showTheReviewPlan(configuration: AppConfiguration) async throws {
    let app = AppContainer(configuration: configuration)            // one per app: client, session, repositories
    let login = app.makeLoginViewModel()                              // the login page: the session and its route
    await login.restore()                                             // at launch: the session kept on the device
    if !login.isSignedIn { await login.signIn() }                     // Sign in with Apple
    guard login.isSignedIn else { return print(login.errorMessage ?? "") }   // why not, for the learner
    if login.isUnverified { print("离线登录") }                       // no server at launch: the learner the device remembers

    let plan = app.makeReviewPlanViewModel()
    withObservationTracking { _ = plan.uiState } onChange: { print("redraw") }       // what SwiftUI does for a view
    await plan.load()                                                 // the server's plan, else the device's (offline)
    switch plan.uiState {
    case .success(let screen):
        if let banner = screen.offlineMessage { print(banner) }
        for group in screen.groups {                                  // 今天, 明天, 本周
            print(group.title, group.summary)                         // 今天 4 项，约 38 分钟
            for row in group.rows { print(" ", row.isDone ? "☑" : "☐", row.typeLabel, row.lessonTitle, row.minutesText, row.reason ?? "") }
        }
        if let first = screen.today.rows.first(where: { !$0.isDone }) {
            await plan.complete(taskID: first.id)                     // checked at once; kept on the device until the server has it
        }
    case .error(let error): print(error.message, error.retryTitle)    // then: await plan.retry()
    case .loggedOut: print("请先登录")
    case .loading: break
    }
}
// README-END

@Suite("docs/APP.md's review-feature example runs against the loopback server", .serialized)
@MainActor
struct ReviewFeatureReadmeExampleTests {
    @Test("docs/APP.md shows this file's example")
    func exampleIsCurrent() throws {
        let readme = try String(contentsOf: AppFixture.packageRoot.appendingPathComponent("docs/APP.md"), encoding: .utf8)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let example = try #require(source.components(separatedBy: "// README-BEGIN\n").last?.components(separatedBy: "// README-END").first)
        let section = try #require(readme.components(separatedBy: "### Embed the review feature").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(block == "import Observation\nimport ZhiXiApp\nimport ZhiXiReviewFeature\n\n" + example,
                "update the code block of docs/APP.md from Tests/ZhiXiReviewFeatureTests/ReadmeExampleTests.swift")
    }

    @Test("the example runs: the plan is shown, the first task of today reaches the server; a relaunch offline keeps it until the network is back")
    func runs() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        try await showTheReviewPlan(configuration: fixture.configuration())
        #expect(fixture.api.completionCount == 1)
        try await showTheReviewPlan(configuration: fixture.configuration())   // a relaunch: the session restored, the next task done
        #expect(fixture.api.completionCount == 2)
        #expect(fixture.api.server.requestCount("POST", "/api/auth/apple") == 1)

        fixture.networkDown()                                                 // a relaunch without network: no sign-in needed,
        try await showTheReviewPlan(configuration: fixture.configuration())   // the plan from the device, the task kept
        #expect(fixture.api.completionCount == 2)
        fixture.networkBack()
        try await showTheReviewPlan(configuration: fixture.configuration())   // the kept one sent, and the next one
        #expect(fixture.api.completionCount == 4)
        #expect(fixture.api.server.requestCount("POST", "/api/auth/apple") == 1)
    }
}

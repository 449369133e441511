import Foundation
import Testing

// The code of the README's "Embed the scheduler" section, compiled and run here. The test
// below checks that the README shows exactly these lines, so the README cannot go stale.
// README-BEGIN
import ZhiXiMemory
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiScheduler

func embedTheScheduler() throws {
    // A card scheduler for one learner: FSRS-6 defaults, study days starting 04:00 in Shanghai.
    var configuration = SchedulerConfiguration()
    configuration.desiredRetention = 0.9
    configuration.elapsedDays = .studyDays(try StudyCalendar(timeZoneIdentifier: "Asia/Shanghai", dayStartHour: 4))
    let scheduler = try CardScheduler(configuration)

    let now = Date()
    var card = Card(id: 42, due: now)
    card = scheduler.review(card, rating: .good, at: now).card           // learning step 1, due in 10 minutes
    let buttons = scheduler.preview(card, at: card.due)                   // what each answer would do
    print(buttons[.easy].card.due, buttons[.again].card.due)
    let result = scheduler.review(card, rating: .good, at: card.due)      // graduates to review
    card = result.card
    print(card.state, card.due, scheduler.retrievability(of: card, at: card.due))
    card = scheduler.undo(result.review)                                  // back to learning

    // The review planner: sessions and AI analyses in, dated ReviewTasks out.
    let workspace = try LearnerWorkspace(jsonData: Data(contentsOf: URL(fileURLWithPath: "data/sample-workspace.json")))
    let plan = try ReviewPlanner().plan(PlannerInput(workspace: workspace), now: now).plan
    for task in plan.today + plan.tomorrow {
        print(task.task.scheduledAt, task.task.reviewType, task.explanation.lessonTitle ?? "", task.explanation.reason)
    }
}
// README-END

@Suite("README")
struct ReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the README's embedding example is this file's code, and it runs")
    func exampleIsCurrentAndRuns() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let example = try #require(source.components(separatedBy: "// README-BEGIN\n").last?.components(separatedBy: "// README-END").first)
        let section = try #require(readme.components(separatedBy: "## Embed the scheduler").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(block == "import Foundation\n" + example, "update the README's code block from Tests/ZhiXiSchedulerTests/ReadmeExampleTests.swift")
        let previous = FileManager.default.currentDirectoryPath
        #expect(FileManager.default.changeCurrentDirectoryPath(Self.root.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        try embedTheScheduler()
    }
}

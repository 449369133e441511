import Foundation
import Testing

// The code of docs/EMBEDDING.md's "Embed the scheduler" section, compiled and run here. The test
// below checks that docs/EMBEDDING.md shows exactly these lines, so docs/EMBEDDING.md cannot go stale.
// README-BEGIN
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiScheduler

func embedTheScheduler(now: Date = Date()) throws -> (card: Card, restored: Card, plan: ReviewPlan) {
    // A card scheduler for one learner: study days from 04:00 in Shanghai, load balancing.
    let calendar = try StudyCalendar(timeZoneIdentifier: "Asia/Shanghai", dayStartHour: 4)
    var configuration = SchedulerConfiguration.anki(calendar: calendar)
    configuration.desiredRetention = 0.9
    let scheduler = try CardScheduler(configuration)

    var card = Card(id: 42, due: now)
    card = scheduler.review(card, rating: .good, at: now).card           // learning step 1, due in 10 minutes
    let buttons = scheduler.preview(card, at: card.due)                   // what each answer would do
    print(buttons[.easy].card.due, buttons[.again].card.due)
    let result = scheduler.review(card, rating: .good, at: card.due)      // graduates to review
    card = result.card

    // Store the card, its review log and the configuration with plain Codable, and restore them.
    let storedCard = try JSONEncoder().encode(card)
    let storedLog = try JSONEncoder().encode([result.review])
    let storedSettings = try JSONEncoder().encode(configuration)
    let restored = try JSONDecoder().decode(Card.self, from: storedCard)  // equal to card
    let log = try JSONDecoder().decode([CardReview].self, from: storedLog)
    let restoredScheduler = try CardScheduler(JSONDecoder().decode(SchedulerConfiguration.self, from: storedSettings))
    print(restored == card, scheduler.undo(log[0]).state)                 // true, learning

    // What is due on a study day: overdue first, then learning, today's reviews, new cards.
    let due = restoredScheduler.dueCards([restored, Card(id: 43, due: now)], on: card.due, newCardLimit: 20)
    print(due.all.map(\.id))

    // The review planner: sessions and AI analyses in, dated ReviewTasks out.
    let lesson = Lesson(id: "lesson-4-2", knowledgeBaseID: "kb-ml", title: "反向传播", estimatedMinutes: 20)
    let session = LearningSession(id: "s1", userID: "u1", lessonID: lesson.id, startedAt: now.addingTimeInterval(-3 * 86_400),
                                  userInput: "链式法则把梯度一层层传回去……", masteryScore: 72, weakPoints: ["链式法则的应用"])
    let input = PlannerInput(userID: "u1", profile: UserLearningProfile(userID: "u1", timeZone: "Asia/Shanghai", dailyMinutes: 30),
                             lessons: [lesson], sessions: [session])
    let plan = try ReviewPlanner().plan(input, now: now).plan
    for task in plan.today + plan.tomorrow {
        print(task.task.scheduledAt, task.task.reviewType, task.explanation.reason)
    }
    return (card, restored, plan)
}
// README-END

@Suite("docs/EMBEDDING.md")
struct ReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("docs/EMBEDDING.md's embedding example is this file's code, and it runs")
    func exampleIsCurrentAndRuns() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("docs/EMBEDDING.md"), encoding: .utf8)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let example = try #require(source.components(separatedBy: "// README-BEGIN\n").last?.components(separatedBy: "// README-END").first)
        let section = try #require(readme.components(separatedBy: "## Embed the scheduler").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```swift\n").dropFirst()
            .first { $0.hasPrefix("import Foundation") }?.components(separatedBy: "```").first)
        #expect(block == "import Foundation\n" + example, "update the code block of docs/EMBEDDING.md from Tests/ZhiXiPlannerTests/ReadmeExampleTests.swift")
        // It needs no file: it runs from any directory.
        let previous = FileManager.default.currentDirectoryPath
        #expect(FileManager.default.changeCurrentDirectoryPath(NSTemporaryDirectory()))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let (card, restored, plan) = try embedTheScheduler()
        #expect(restored == card && card.state == .review)
        #expect(plan.today.count + plan.tomorrow.count + plan.thisWeek.count + plan.later.count == 2, "the lesson and its weak point")
    }
}

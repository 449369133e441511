import Foundation
import Testing
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiServices
import ZhiXiTestServer

// The services as this package's own targets use them (their `package` API), run here against
// the loopback server; an app reaches them through ZhiXiApp's container (docs/APP.md).
// README-BEGIN
func useTheServices(client: APIClient, outboxDirectory: URL) async throws {
    let knowledge = APIKnowledgeService(client: client)
    var lessons: [Lesson] = []
    for base in try await knowledge.knowledgeBases() {                          // GET knowledge-bases
        for path in try await knowledge.learningPaths(knowledgeBaseID: base.id) {
            lessons += try await knowledge.lessons(learningPathID: path.id)     // in study order
        }
    }
    let profile = try await APIProfileService(client: client).learningProfile()
    let learning = APILearningService(client: client)
    let history = try await learning.allSessions(since: nil)                    // every page of GET learning/sessions
    print(profile.dailyMinutes, history.count)

    guard let lesson = lessons.first else { return }
    let session = try await learning.recordSession(NewLearningSession(lessonID: lesson.id, startedAt: Date(), userInput: "动量守恒的条件是……"))
    let ai = APIAIService(client: client)
    let analysis = try await ai.analyze(AnalysisRequest(sessionID: session.id, lessonID: lesson.id, userInput: session.userInput))
    print(analysis.masteryScore ?? 0, analysis.weakPoints, analysis.suggestions)   // in Simplified Chinese unless asked otherwise
    let reply = try await ai.chat(ChatRequest(messages: [ChatMessage(role: .user, content: "为什么合外力要为零？")], lessonID: lesson.id))
    print(reply.message.content)
    _ = try await APIFeedbackService(client: client).submit(FeedbackRequest(category: .content, content: "例子有误", rating: 3))
    let summary = try await APIAnalyticsService(client: client).summary()
    print(summary.streakDays, summary.dueReviewCount)

    // Completions and skips go through the durable outbox: none is lost offline, none is sent twice in effect.
    let review = APIReviewService(client: client)
    let outbox = try ReviewTaskOutbox(directory: outboxDirectory)
    if let task = try await review.reviewTasks(ReviewTaskQuery(status: .pending)).first {
        try await outbox.enqueue(.complete(taskID: task.id, at: Date()))
    }
    let result = await outbox.sync(with: review)                                // now, or again when the network is back
    for refusal in result.refused { print(refusal) }                            // the task is gone: dropped, said once
    if result.remaining > 0 { print("\(result.remaining) waiting: \(result.stopReason!)") }
}
// README-END

@Suite("docs/APP.md's services example runs against the loopback server")
struct ServicesReadmeExampleTests {
    @Test("the example runs against the loopback server")
    func runs() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.api.server.stop() }
        try await useTheServices(client: fixture.client, outboxDirectory: ServiceFixture.temporaryDirectory())
        let learner = try #require(fixture.api.learner(userID: "u-1"))
        #expect(learner.sessions.count == 4 && learner.analyses.count == 3 && learner.feedback.count == 1)
        #expect(learner.reviewTasks.first { $0.id == "t1" }?.status == .completed)
    }
}

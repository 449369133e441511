import Foundation
import Testing
import ZhiXiCore
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiServices
import ZhiXiTestServer

@Suite("The services against the loopback server")
struct ServicesTests {
    @Test("knowledge: bases, a base's paths, a path's lessons in study order; an unknown id is 404")
    func knowledge() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.api.server.stop() }
        let service = APIKnowledgeService(client: fixture.client)
        #expect(try await service.knowledgeBases().map(\.description) == ["牛顿力学"])
        #expect(try await service.learningPaths(knowledgeBaseID: "kb").map(\.estimatedDays) == [3])
        #expect(try await service.lessons(learningPathID: "p1").map(\.id) == ["l2", "l1"])
        await #expect(throws: APIError.http(status: 404, code: "LEARNING_PATH_NOT_FOUND", message: "no learning path has the id 'p9'")) {
            try await service.lessons(learningPathID: "p9")
        }
    }

    @Test("learning: pages of sessions since a time, every page followed; a new session gets an id")
    func learning() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.api.server.stop() }
        fixture.api.setItemsPerPage(2)
        let service = APILearningService(client: fixture.client)
        let first = try await service.sessions(since: nil, cursor: nil)
        #expect(first.items.map(\.id) == ["s1", "s2"] && first.nextCursor != nil)
        #expect(try await service.allSessions(since: nil).map(\.id) == ["s1", "s2", "s3"])
        #expect(try await service.allSessions(since: ISO8601Timestamp.date(from: "2026-11-27T01:10:00Z")).map(\.id) == ["s2", "s3"],
                "since is inclusive")
        #expect(fixture.api.server.requestCount("GET", "/api/learning/sessions") == 1 + 2 + 1)
        let recorded = try await service.recordSession(NewLearningSession(lessonID: "l2", startedAt: ServiceFixture.now, userInput: "冲量"))
        #expect(recorded.userID == "u-1" && recorded.createdAt == ServiceFixture.now && !recorded.id.isEmpty)
    }

    @Test("AI: an analysis of the input (score, weak points, suggestions) updates its session; pages of analyses; chat")
    func ai() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.api.server.stop() }
        let learning = APILearningService(client: fixture.client)
        let ai = APIAIService(client: fixture.client)
        let session = try await learning.recordSession(NewLearningSession(lessonID: "l1", startedAt: ServiceFixture.now, userInput: "合外力为零时守恒"))
        let analysis = try await ai.analyze(AnalysisRequest(sessionID: session.id, lessonID: "l1", userInput: session.userInput))
        #expect(analysis.masteryScore == 65 && analysis.weakPoints == ["矢量方向"])
        #expect(analysis.suggestions == ["再讲一遍「矢量方向」，并举一个例子"], "Simplified Chinese by default")
        let stored = try #require(try await learning.allSessions(since: ServiceFixture.now).first { $0.id == session.id })
        #expect(stored.analysisID == analysis.id && stored.masteryScore == 65 && stored.reviewAt == ServiceFixture.now.addingTimeInterval(3 * 86_400))
        #expect(try await ai.allAnalyses(since: nil).map(\.id) == ["a1", "a2", analysis.id])
        let english = try await ai.analyze(AnalysisRequest(sessionID: session.id, lessonID: "l1", userInput: "矢量方向", language: .english))
        #expect(english.suggestions == ["Explain “合外力为零” again, with an example."])
        let reply = try await ai.chat(ChatRequest(messages: [ChatMessage(role: .user, content: "为什么？")], lessonID: "l1"))
        #expect(reply.message.role == .assistant && reply.message.content.contains("动量守恒"))
        await #expect(throws: APIError.http(status: 404, code: "SESSION_NOT_FOUND", message: "no session has the id 'nope'")) {
            try await ai.analyze(AnalysisRequest(sessionID: "nope", lessonID: "l1", userInput: "x"))
        }
    }

    @Test("profile: read, replace, onboarding completes the user")
    func profile() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.api.server.stop() }
        let service = APIProfileService(client: fixture.client)
        var profile = try await service.learningProfile()
        #expect(profile.timeZone == "Asia/Shanghai" && profile.dailyMinutes == 30)
        profile.dailyMinutes = 45
        #expect(try await service.updateLearningProfile(profile).dailyMinutes == 45)
        let user = try await service.completeOnboarding(OnboardingRequest(learningDirection: "物理", dailyMinutes: 20, timeZone: "UTC"))
        #expect(user.onboardingCompleted && user.preferredLanguage == "zh-Hans")
        #expect(try await service.learningProfile().timeZone == "UTC")
        await #expect(throws: APIError.self) {
            try await service.completeOnboarding(OnboardingRequest(learningDirection: "物理", dailyMinutes: 20, timeZone: "Mars/Base"))
        }
    }

    @Test("feedback: stored with an id, the learner's, and the server's time")
    func feedback() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.api.server.stop() }
        let stored = try await APIFeedbackService(client: fixture.client).submit(
            FeedbackRequest(category: .content, content: "第二课的例子有误", rating: 3, sessionID: "s2"))
        #expect(stored.id != nil && stored.userID == "u-1" && stored.category == .content && stored.createdAt == ServiceFixture.now)
        #expect(fixture.api.learner(userID: "u-1")?.feedback.count == 1)
    }

    @Test("analytics: totals, and minutes and sessions per day in the learner's time zone")
    func analytics() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.api.server.stop() }
        let service = APIAnalyticsService(client: fixture.client)
        let summary = try await service.summary()
        #expect(summary == LearningSummary(totalMinutes: 60, sessionCount: 3, lessonCount: 2, averageMastery: 70, streakDays: 0,
                                           dueReviewCount: 1))
        let trend = try await service.trend(days: 4)
        #expect(trend.map(\.date.description) == ["2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"])
        #expect(trend.map(\.minutes) == [20, 10, 30, 0] && trend.map(\.sessions) == [1, 1, 1, 0])
        #expect(try await service.heatmap(days: 1).count == 1)
    }

    @Test("review: tasks by status and days; complete and skip are idempotent; a gone task is refused")
    func review() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.api.server.stop() }
        let service = APIReviewService(client: fixture.client)
        #expect(try await service.reviewTasks(ReviewTaskQuery()).map(\.id) == ["t1", "t2"])
        let day = CivilDate(year: 2026, month: 11, day: 29)
        #expect(try await service.reviewTasks(ReviewTaskQuery(from: day, to: day)).map(\.id) == ["t1"], "t1 is 29 Nov in Shanghai")
        let done = ServiceFixture.now
        #expect(try await service.completeTask(id: "t1", at: done).completedAt == done)
        let again = try await service.completeTask(id: "t1", at: done.addingTimeInterval(60))
        #expect(again.completedAt == done, "completing twice keeps the first completedAt")
        #expect(fixture.api.completionCount == 1)
        #expect(try await service.reviewTasks(ReviewTaskQuery(status: .completed)).map(\.id) == ["t1"])
        #expect(try await service.skipTask(id: "t2").status == .skipped)
        #expect(try await service.skipTask(id: "t2").status == .skipped)
        await #expect(throws: APIError.http(status: 409, code: "TASK_COMPLETED", message: "the task is completed and cannot be skipped")) {
            try await service.skipTask(id: "t1")
        }
        await #expect(throws: APIError.http(status: 404, code: "TASK_NOT_FOUND", message: "no review task has the id 'gone'")) {
            try await service.completeTask(id: "gone", at: done)
        }
    }
}

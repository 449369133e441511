import Foundation
import Testing
import ZhiXiAppTestSupport
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiRepositories

/// The app's refresh: only what is newer, the knowledge only when it changed.
@Suite("The app's refresh: asks only for what is newer", .serialized)
@MainActor
struct WorkspaceRefreshTests {
    /// The routes of the requests received since `start`, as `METHOD route`, sorted.
    static func routes(_ fixture: AppFixture, since start: Int) -> [String] {
        fixture.api.server.receivedRequests.dropFirst(start).map { "\($0.method) \($0.route)" }.sorted()
    }

    @Test("nothing kept: everything, as the pull brings it; kept: the review tasks alone")
    func currentAsksForTheTasksOnly() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let refresh = WorkspaceRefresh(services: app.services)

        var start = fixture.api.server.totalRequestCount
        let first = try await refresh.current(kept: nil)
        let workspace = try #require(first.merged(into: nil))
        let pulled = try await WorkspacePull(services: app.services).fetch(newerThan: nil).merged(into: nil)
        #expect(workspace == pulled, "the same workspace as the pull of the command line")
        #expect(Set(Self.routes(fixture, since: start)).isSuperset(of: ["GET /api/users/me", "GET /api/review-tasks", "GET /api/knowledge-bases"]))

        start = fixture.api.server.totalRequestCount
        let second = try await refresh.current(kept: workspace)
        #expect(Self.routes(fixture, since: start) == ["GET /api/review-tasks"])
        #expect(second.reviewTasks?.count == workspace.reviewTasks.count && second.lessons.isEmpty && second.profile == nil)
        #expect(second.merged(into: workspace) == workspace)

        // A task of a lesson the device does not know: the knowledge comes too.
        var missing = workspace
        missing.lessons.removeAll { $0.id == workspace.reviewTasks.first { $0.status == .pending }?.lessonID }
        start = fixture.api.server.totalRequestCount
        let third = try await refresh.current(kept: missing)
        #expect(Self.routes(fixture, since: start).contains("GET /api/knowledge-bases"))
        #expect(third.merged(into: missing)?.lessons.count == workspace.lessons.count)
    }

    @Test("history: the settings, the sessions and analyses since the newest kept, a base's paths and lessons only when it changed")
    func historyAsksForWhatChanged() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let refresh = WorkspaceRefresh(services: app.services)
        let workspace = try #require(try await refresh.current(kept: nil).merged(into: nil))

        var start = fixture.api.server.totalRequestCount
        let unchanged = try await refresh.history(kept: workspace)
        #expect(Self.routes(fixture, since: start) == ["GET /api/ai/analyses", "GET /api/knowledge-bases", "GET /api/learning/sessions",
                                                       "GET /api/users/me/learning-profile"], "one request each, no path or lesson")
        #expect(unchanged.sessions.count <= 1 && unchanged.analyses.count <= 1, "from the newest on (inclusive)")
        #expect(unchanged.merged(into: workspace) == workspace)

        // The base changes on the server: a lesson added to a path, the base's updatedAt moved.
        let base = try #require(workspace.knowledgeBases.first)
        let path = try #require(workspace.learningPaths.first { $0.knowledgeBaseID == base.id })
        let added = Lesson(id: "lesson-new", pathID: path.id, title: "支持向量机", estimatedMinutes: 25)
        fixture.api.updateLearner(userID: fixture.user.id) { learner in
            learner.lessons.append(added)
            if let index = learner.learningPaths.firstIndex(where: { $0.id == path.id }) { learner.learningPaths[index].lessonIDs.append(added.id) }
            if let index = learner.knowledgeBases.firstIndex(where: { $0.id == base.id }) {
                learner.knowledgeBases[index].updatedAt = AppFixture.now
            }
        }
        start = fixture.api.server.totalRequestCount
        let changed = try await refresh.history(kept: workspace)
        let routes = Self.routes(fixture, since: start)
        #expect(routes.filter { $0 == "GET /api/knowledge-bases/{id}/learning-paths" }.count == 1)
        #expect(routes.filter { $0 == "GET /api/learning-paths/{id}/lessons" }.count == workspace.learningPaths.count)
        #expect(changed.merged(into: workspace)?.lessons.contains { $0.id == "lesson-new" } == true)
    }

    @Test("a failing request fails the step; the workspace kept is untouched by it")
    func failure() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let refresh = WorkspaceRefresh(services: app.services)
        let workspace = try #require(try await refresh.current(kept: nil).merged(into: nil))
        fixture.api.server.faults.inject(.respond(.error(503, code: "DOWN", message: "down")), method: "GET", path: "/api/learning/sessions",
                                         times: 2)
        await #expect(throws: APIError.self) { try await refresh.history(kept: workspace) }
        fixture.networkDown()
        await #expect(throws: APIError.self) { try await refresh.current(kept: workspace) }
    }
}

import Foundation
import Testing
import ZhiXiAppTestSupport
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiRepositories

@Suite("The pull, shared by the CLI and the repositories", .serialized)
@MainActor
struct WorkspacePullTests {
    @Test("a first pull brings everything; the next only what is newer, merged by id")
    func incremental() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch()
        let pull = WorkspacePull(services: app.services)
        let first = try await pull.fetch(newerThan: nil)
        let workspace = first.merged(into: nil)
        #expect(workspace.sessions.count == fixture.workspace.sessions.count && workspace.lessons.count == fixture.workspace.lessons.count)
        #expect(workspace.reviewTasks.count == fixture.api.learner(userID: fixture.user.id)?.reviewTasks.count)
        #expect(workspace.user?.id == fixture.user.id && workspace.schemaVersion == LearnerWorkspace.currentSchemaVersion)

        let second = try await pull.fetch(newerThan: workspace)
        #expect(second.sessions.count <= 1, "from the newest session on (the newest again, as since is inclusive)")
        #expect(second.merged(into: workspace).sessions.count == workspace.sessions.count)
    }
}

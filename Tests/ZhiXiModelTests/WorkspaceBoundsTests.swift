import Foundation
import Testing
@testable import ZhiXiModel

@Suite("WorkspaceBounds: every numeric and date field within its range")
struct WorkspaceBoundsModelTests {
    @Test("the sample workspace is within bounds")
    func sample() {
        #expect(WorkspaceBounds.firstViolation(in: ModelSamples.workspace) == nil)
    }

    @Test("a value out of range is named by its JSON path")
    func violations() {
        var workspace = ModelSamples.workspace
        workspace.lessons[0].estimatedMinutes = 10_000_000_000
        #expect(WorkspaceBounds.firstViolation(in: workspace)?.path == "lessons[0].estimatedMinutes")
        workspace = ModelSamples.workspace
        workspace.profile.firstWeekday = 8
        #expect(WorkspaceBounds.firstViolation(in: workspace)?.path == "profile.firstWeekday")
        workspace = ModelSamples.workspace
        workspace.schemaVersion = LearnerWorkspace.currentSchemaVersion + 1
        #expect(WorkspaceBounds.firstViolation(in: workspace) == nil, "the next version is read")
        workspace.schemaVersion = LearnerWorkspace.currentSchemaVersion + 2
        #expect(WorkspaceBounds.firstViolation(in: workspace)?.path == "schemaVersion")
        workspace = ModelSamples.workspace
        if !workspace.sessions.isEmpty {
            workspace.sessions[0].endedAt = workspace.sessions[0].startedAt.addingTimeInterval(-60)
            #expect(WorkspaceBounds.firstViolation(in: workspace)?.path == "sessions[0].endedAt")
            workspace.sessions[0].endedAt = nil
            workspace.sessions[0].startedAt = Date(timeIntervalSince1970: 8e9)
            #expect(WorkspaceBounds.firstViolation(in: workspace)?.path == "sessions[0].startedAt")
        }
    }
}

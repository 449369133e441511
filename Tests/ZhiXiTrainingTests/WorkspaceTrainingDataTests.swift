import Foundation
import Testing
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiTraining

@Suite("A workspace as training data")
struct WorkspaceTrainingDataTests {
    @Test("the sample's lessons and weak points are the dataset's cards, as the planner's histories lay them out")
    func sampleWorkspace() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let workspace = try LearnerWorkspace(jsonData: Data(contentsOf: root.appendingPathComponent("data/sample-workspace.json")))
        let now = try #require(ISO8601DateFormatter().date(from: "2026-11-29T12:00:00Z"))
        let data = try WorkspaceTrainingData(workspace: workspace, now: now)
        #expect(data.lessonCount > 0)
        #expect(data.weakPointCount > 0)
        #expect(data.dataset.cardCount == data.lessonCount + data.weakPointCount)
        let histories = try ReviewPlanner().reviewHistories(PlannerInput(workspace: workspace), now: now)
        #expect(data.dataset.reviewCount == TrainingDataset(plannerHistories: histories).reviewCount)
    }
}

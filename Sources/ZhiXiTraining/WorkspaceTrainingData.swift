import Foundation
import ZhiXiModel
import ZhiXiPlanner

/// A learner workspace as training data: its lessons and weak points as the cards of a
/// ``TrainingDataset``, with the reviews the planner replays as of a moment
/// (`TrainingDataset.init(plannerHistories:)`), and how many of each there are. What
/// `zhixi-review optimize WORKSPACE.json` and `evaluate WORKSPACE.json` fit and evaluate.
package struct WorkspaceTrainingData: Sendable {
    /// The dataset: one card per lesson history and per weak-point history.
    package let dataset: TrainingDataset
    /// The cards that are lessons (lessons with at least one review).
    package let lessonCount: Int
    /// The cards that are weak points (a weak point retired and named again counts twice).
    package let weakPointCount: Int

    /// The training data of `workspace` as the planner sees it at `now`; `timeZoneIdentifier`
    /// and `dayStartHour`, when given, override the profile's.
    /// - Throws: `PlannerError` for a workspace the planner cannot read (an unknown time
    ///   zone, a session of an unknown lesson, …).
    /// - Complexity: O(n log n) in sessions and analyses.
    package init(workspace: LearnerWorkspace, now: Date, timeZoneIdentifier: String? = nil,
                dayStartHour: Int? = nil) throws(PlannerError) {
        var configuration = PlannerConfiguration()
        configuration.timeZoneIdentifier = timeZoneIdentifier
        configuration.dayStartHour = dayStartHour
        let histories = try ReviewPlanner(configuration: configuration).reviewHistories(PlannerInput(workspace: workspace), now: now)
        dataset = TrainingDataset(plannerHistories: histories)
        lessonCount = histories.filter { $0.weakPoint == nil }.count
        weakPointCount = histories.count - lessonCount
    }
}

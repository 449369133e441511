import Foundation
import ZhiXiCore
import ZhiXiDomain
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiReviewFeature
import ZhiXiAppTestSupport

extension ReviewPlanUiState {
    /// The screen of a success, `nil` otherwise.
    var screen: ReviewPlanScreen? {
        if case .success(let screen) = self { return screen }
        return nil
    }

    /// The state's case, for comparing sequences of states.
    var kind: String {
        switch self {
        case .loading: "loading"
        case .success: "success"
        case .loggedOut: "loggedOut"
        case .error: "error"
        }
    }
}

extension ReviewPlanScreen {
    /// The task ids of each group, in order.
    var ids: [[String]] { groups.map { $0.rows.map(\.id) } }
    /// Every row.
    var rows: [ReviewTaskRow] { groups.flatMap(\.rows) }
    /// The open rows' ids.
    var openIDs: [String] { rows.filter { !$0.isDone }.map(\.id) }
}

/// The plan the package's planner makes of the seeded workspace as of the fixture's now:
/// what the server seeded as the learner's tasks.
func plannedGroups(_ fixture: AppFixture) throws -> [[String]] {
    var configuration = PlannerConfiguration()
    configuration.language = .simplifiedChinese
    let plan = try ReviewPlanner(configuration: configuration).plan(PlannerInput(workspace: fixture.workspace), now: AppFixture.now).plan
    return [plan.today, plan.tomorrow, plan.thisWeek].map { $0.map(\.id) }
}

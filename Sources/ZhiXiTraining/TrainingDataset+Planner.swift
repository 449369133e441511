import Foundation
import ZhiXiPlanner

extension TrainingDataset {
    /// The training items of a learner's planner histories
    /// (`ReviewPlanner.reviewHistories(_:now:)`): each lesson and each weak
    /// point is a card, with the reviews the planner replays and their study days.
    ///
    /// Card ids: the lesson's id, or `"lesson id / weak point"` for a weak point; a weak point
    /// that was retired and named again (a new history) gets ` #2`, ` #3`, … after its
    /// second appearance. Cards keep the order of the histories.
    /// - Complexity: O(n log n) for n reviews.
    package init(plannerHistories histories: [PlannerReviewHistory]) {
        var timelines = ReviewTimelines()
        var seen: [String: Int] = [:]
        for history in histories {
            var id = history.lessonID + (history.weakPoint.map { " / " + $0 } ?? "")
            seen[id, default: 0] += 1
            if let count = seen[id], count > 1 { id += " #\(count)" }
            timelines.appendCard(id: id, reviews: history.reviews)
        }
        self.init(timelines)
    }

    /// The training items of a learner as the planner sees them at `now`: the planner's
    /// histories of `input` under `configuration` (its time zone and day-start hour override
    /// the profile's, its rating scale turns scores into ratings), as
    /// `init(plannerHistories:)` lays them out. What `zhixi-review optimize WORKSPACE.json`
    /// fits.
    /// - Throws: `PlannerError` for an input the planner cannot read (an unknown
    ///   time zone, a session of an unknown lesson, …).
    /// - Complexity: O(n log n) in sessions and analyses.
    public init(learner input: PlannerInput, now: Date,
                configuration: PlannerConfiguration = PlannerConfiguration()) throws(PlannerError) {
        self.init(plannerHistories: try ReviewPlanner(configuration: configuration).reviewHistories(input, now: now))
    }
}

import ZhiXiCore
import ZhiXiModel

/// Which review tasks `GET review-tasks` answers: in one status, scheduled within a range of
/// days (the learner's days, `YYYY-MM-DD`, both ends included). Every part is optional.
package struct ReviewTaskQuery: Sendable, Hashable {
    /// Only tasks in this status; `nil` for all.
    package var status: ReviewTaskStatus?
    /// Only tasks scheduled on or after this day.
    package var from: CivilDate?
    /// Only tasks scheduled on or before this day.
    package var to: CivilDate?

    /// Creates a query; without arguments, every task.
    package init(status: ReviewTaskStatus? = nil, from: CivilDate? = nil, to: CivilDate? = nil) {
        self.status = status
        self.from = from
        self.to = to
    }
}

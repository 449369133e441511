import Foundation

/// A change the learner made to the review plan on one page (kept on the device before it is
/// told), for the other pages that show the plan, so they draw it without loading again.
package enum ReviewPlanChange: Sendable, Hashable {
    /// `item` was marked done at `completedAt`.
    case completed(ReviewItem, at: Date)
    /// The task was skipped: it leaves the plan.
    case skipped(taskID: String)
    /// The server refused an action on the task for good (the task is gone): it leaves the plan.
    case gone(taskID: String)
}

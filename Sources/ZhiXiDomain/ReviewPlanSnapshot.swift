import Foundation
import ZhiXiCore

/// The learner's review plan as a repository gives it to the pages: the tasks of today
/// (with anything overdue, and what was done today), tomorrow and the rest of the week, and
/// where they came from.
package struct ReviewPlanSnapshot: Sendable, Hashable {
    /// Today's tasks (今天): open ones in the order to do them, then those done today.
    package var today: [ReviewItem]
    /// Tomorrow's tasks (明天).
    package var tomorrow: [ReviewItem]
    /// The rest of this week's tasks (本周), after tomorrow.
    package var thisWeek: [ReviewItem]
    /// The learner's current study day.
    package var todayDate: CivilDate
    /// Today's study budget in minutes (0: a day without study), `nil` without a limit.
    package var todayBudgetMinutes: Int?
    /// `true` when the server did not answer and the plan was made on the device, from the
    /// learner's data kept there (the same planner as the server's).
    package var isOffline: Bool
    /// Why the plan was made on the device: `nil` online (and for an offline plan whose cause
    /// is not known, which pages show as the server not reached).
    package var offlineCause: OfflineCause?
    /// Completions and skips done on the device that wait to be sent to the server.
    package var waitingActions: Int
    /// Completions and skips the server refused for good while this plan was made (the task
    /// is gone): each is reported once, here, and was dropped.
    package var refusals: [ReviewRefusal]
    /// When the plan was made.
    package var generatedAt: Date
    /// `true` for the plan the device kept from its last refresh, shown while the server is
    /// asked (``ReviewRepository/cachedReviewPlan(now:)``): neither the server's word now
    /// (it confirms no session) nor a plan made offline.
    package var isCached: Bool

    /// Creates a snapshot.
    package init(today: [ReviewItem], tomorrow: [ReviewItem], thisWeek: [ReviewItem], todayDate: CivilDate,
                todayBudgetMinutes: Int?, isOffline: Bool, offlineCause: OfflineCause? = nil, waitingActions: Int = 0,
                refusals: [ReviewRefusal] = [], generatedAt: Date, isCached: Bool = false) {
        self.today = today
        self.tomorrow = tomorrow
        self.thisWeek = thisWeek
        self.todayDate = todayDate
        self.todayBudgetMinutes = todayBudgetMinutes
        self.isOffline = isOffline
        self.offlineCause = offlineCause
        self.waitingActions = waitingActions
        self.refusals = refusals
        self.generatedAt = generatedAt
        self.isCached = isCached
    }

    /// Every item: today's, tomorrow's, then this week's.
    package var allItems: [ReviewItem] { today + tomorrow + thisWeek }

    /// Draws in a change the learner made since the plan was made, as a plan made after it
    /// would have it: a completed task leaves its group and joins today's done tasks; a
    /// skipped or gone task leaves the plan. A change the plan already has changes nothing.
    /// O(items).
    package mutating func apply(_ change: ReviewPlanChange) {
        switch change {
        case .completed(let item, let completedAt):
            guard !allItems.contains(where: { $0.id == item.id && $0.isDone }) else { return }
            remove(taskID: item.id)
            var done = item
            done.isDone = true
            done.day = todayDate
            done.reason = nil
            done.weakPoint = nil
            done.task.status = .completed
            done.task.completedAt = completedAt
            // Today's done tasks end the list, in the order they were done (then by id).
            let position = today.firstIndex { other in
                other.isDone && ((other.task.completedAt ?? .distantPast), other.id) > (completedAt, done.id)
            } ?? today.endIndex
            today.insert(done, at: position)
        case .skipped(let taskID), .gone(let taskID):
            remove(taskID: taskID)
        }
    }

    private mutating func remove(taskID: String) {
        today.removeAll { $0.id == taskID }
        tomorrow.removeAll { $0.id == taskID }
        thisWeek.removeAll { $0.id == taskID }
    }
}

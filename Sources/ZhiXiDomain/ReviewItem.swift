import ZhiXiCore
import ZhiXiModel

/// One review task as the review pages show it: the task, the lesson's title, how long it
/// takes, why it was planned, the learner's day it falls on, and whether it is done.
package struct ReviewItem: Sendable, Hashable, Identifiable {
    /// The task (its id, lesson, type, schedule and status).
    package var task: ReviewTask
    /// The lesson's title, `nil` when the lesson is not known on the device.
    package var lessonTitle: String?
    /// How long the review should take, in minutes (at least 1).
    package var estimatedMinutes: Int
    /// Why the planner scheduled it, in the app's language; `nil` for a task the planner on
    /// the device does not know (the server made it from data the device has not seen).
    package var reason: String?
    /// The weak point practised, for weak-point reviews.
    package var weakPoint: String?
    /// The learner's study day the task is for: the day it is scheduled on (today for an
    /// overdue task), or the day it was done on for a done task.
    package var day: CivilDate
    /// `true` when the learner has done it (on the server, or on the device waiting to be sent).
    package var isDone: Bool

    /// The task's id.
    package var id: String { task.id }

    /// Creates an item.
    package init(task: ReviewTask, lessonTitle: String?, estimatedMinutes: Int, reason: String?, weakPoint: String? = nil,
                day: CivilDate, isDone: Bool) {
        self.task = task
        self.lessonTitle = lessonTitle
        self.estimatedMinutes = estimatedMinutes
        self.reason = reason
        self.weakPoint = weakPoint
        self.day = day
        self.isDone = isDone
    }
}

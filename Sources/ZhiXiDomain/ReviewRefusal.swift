/// A completion or skip the server refused for good (the task is gone, or cannot take it):
/// it was dropped from the device's outbox and is told to the learner once.
package struct ReviewRefusal: Sendable, Hashable {
    /// The task.
    package var taskID: String
    /// Completion or skip.
    package var kind: ReviewActionKind
    /// The lesson's title, when the device knows it.
    package var lessonTitle: String?

    /// Creates a refusal.
    package init(taskID: String, kind: ReviewActionKind, lessonTitle: String?) {
        self.taskID = taskID
        self.kind = kind
        self.lessonTitle = lessonTitle
    }
}

import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// The review tasks of the signed-in learner on the server: list them, complete one, skip
/// one. ``APIReviewService`` makes the calls with an `APIClient`; ``ReviewTaskOutbox`` keeps
/// completions and skips that could not be sent yet.
package protocol ReviewService: Sendable {
    /// `GET review-tasks?status=S&from=D&to=D`: the learner's tasks that match `query`.
    func reviewTasks(_ query: ReviewTaskQuery) async throws(APIError) -> [ReviewTask]

    /// `POST review-tasks/{id}/complete` with `{"completedAt"}`: the task, completed.
    /// Idempotent: completing a completed task again answers it as it is.
    func completeTask(id: String, at completedAt: Date) async throws(APIError) -> ReviewTask

    /// `POST review-tasks/{id}/skip`: the task, skipped. Idempotent.
    func skipTask(id: String) async throws(APIError) -> ReviewTask
}

import ZhiXiModel
import ZhiXiNetwork
import Foundation

/// A completion or a skip of a review task, as the learner did it: what ``ReviewTaskOutbox``
/// keeps until the server has it. JSON `{"taskId", "kind": "complete"|"skip",
/// "completedAt", "recordedAt"}`.
///
/// The task id and the kind are its identity (``key``): the server's endpoints are idempotent
/// for them, so sending an action again after a crash changes nothing on the server.
package struct ReviewTaskAction: Sendable, Codable, Hashable {
    /// Which endpoint the action goes to.
    package enum Kind: String, Sendable, Codable, Hashable {
        /// `POST review-tasks/{id}/complete`.
        case complete
        /// `POST review-tasks/{id}/skip`.
        case skip
    }

    /// The task.
    package var taskID: String
    /// Complete or skip.
    package var kind: Kind
    /// When the learner did the review (completions only).
    package var completedAt: Date?
    /// When the action was put in the outbox; actions are sent in this order.
    package var recordedAt: Date

    /// A completion of `taskID` done at `completedAt`.
    package static func complete(taskID: String, at completedAt: Date, recordedAt: Date = Date()) -> ReviewTaskAction {
        ReviewTaskAction(taskID: taskID, kind: .complete, completedAt: completedAt, recordedAt: recordedAt)
    }

    /// A skip of `taskID`.
    package static func skip(taskID: String, recordedAt: Date = Date()) -> ReviewTaskAction {
        ReviewTaskAction(taskID: taskID, kind: .skip, completedAt: nil, recordedAt: recordedAt)
    }

    /// Creates an action.
    package init(taskID: String, kind: Kind, completedAt: Date?, recordedAt: Date) {
        self.taskID = taskID
        self.kind = kind
        self.completedAt = completedAt
        self.recordedAt = recordedAt
    }

    /// `complete TASK` or `skip TASK`: the action's identity.
    package var key: String { "\(kind.rawValue) \(taskID)" }

    /// Sends the action with `service` and returns the task as the server answered it.
    package func send(with service: any ReviewService) async throws(APIError) -> ReviewTask {
        switch kind {
        case .complete: try await service.completeTask(id: taskID, at: completedAt ?? recordedAt)
        case .skip: try await service.skipTask(id: taskID)
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case taskID = "taskId"
        case kind, completedAt, recordedAt
    }
}

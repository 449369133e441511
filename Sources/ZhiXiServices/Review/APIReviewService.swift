import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// ``ReviewService`` on an `APIClient`: bearer token, one refresh on a 401, retries of the
/// idempotent calls (all three are) on timeouts and 5xx answers.
package struct APIReviewService: ReviewService {
    /// The client that sends the calls.
    package let client: APIClient

    /// Creates the service on `client`.
    package init(client: APIClient) {
        self.client = client
    }

    /// `GET review-tasks`.
    package func reviewTasks(_ query: ReviewTaskQuery) async throws(APIError) -> [ReviewTask] {
        try await client.request(.reviewTasks(query), as: [ReviewTask].self)
    }

    /// `POST review-tasks/{id}/complete`.
    package func completeTask(id: String, at completedAt: Date) async throws(APIError) -> ReviewTask {
        try await client.request(.completeReviewTask(id: id, CompleteReviewTaskRequest(completedAt: completedAt)), as: ReviewTask.self)
    }

    /// `POST review-tasks/{id}/skip`.
    package func skipTask(id: String) async throws(APIError) -> ReviewTask {
        try await client.request(.skipReviewTask(id: id), as: ReviewTask.self)
    }
}

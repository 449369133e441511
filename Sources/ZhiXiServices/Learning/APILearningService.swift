import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// ``LearningService`` on an `APIClient`: bearer token, one refresh on a 401; the pages (a
/// `GET`) are retried on timeouts and 5xx answers, a new session is not.
package struct APILearningService: LearningService {
    /// The client that sends the calls.
    package let client: APIClient

    /// Creates the service on `client`.
    package init(client: APIClient) {
        self.client = client
    }

    /// `GET learning/sessions`.
    package func sessions(since: Date?, cursor: String?) async throws(APIError) -> APIPage<LearningSession> {
        try await client.request(.learningSessions(since: since, cursor: cursor), as: APIPage<LearningSession>.self)
    }

    /// `POST learning/sessions`.
    package func recordSession(_ session: NewLearningSession) async throws(APIError) -> LearningSession {
        try await client.request(.recordLearningSession(session), as: LearningSession.self)
    }

    /// `POST learning/sessions` with `Idempotency-Key: idempotencyKey`.
    package func recordSession(_ session: NewLearningSession, idempotencyKey: String) async throws(APIError) -> LearningSession {
        try await client.request(.recordLearningSession(session, idempotencyKey: idempotencyKey), as: LearningSession.self)
    }
}

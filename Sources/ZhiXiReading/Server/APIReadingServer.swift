import ZhiXiModel
import ZhiXiNetwork

/// The reading calls made with an `APIClient` (bearer token, refresh on a 401, timeouts,
/// request log). The upload is never retried by the client: the upload queue has its own
/// retry policy.
package struct APIReadingServer: ReadingServerAPI {
    /// The client that sends the calls.
    package let client: APIClient
    /// `false` to fail at once on a 401 instead of refreshing the session (for a bare
    /// access token without a refresh token, such as `events flush --token-file`).
    package let refreshesOnUnauthorized: Bool

    /// Creates the calls on `client`.
    package init(client: APIClient, refreshesOnUnauthorized: Bool = true) {
        self.client = client
        self.refreshesOnUnauthorized = refreshesOnUnauthorized
    }

    /// `POST learning/reading-events/batch`.
    package func uploadReadingEvents(_ batch: ReadingEventBatchRequest) async throws(APIError) -> ReadingEventBatchResponse {
        try await client.request(configured(.uploadReadingEvents(batch)), as: ReadingEventBatchResponse.self)
    }

    /// `GET learning/continue`.
    package func continueLearning() async throws(APIError) -> ContinueLearningItem {
        try await client.request(configured(.continueLearning), as: ContinueLearningItem.self)
    }

    /// `GET materials/{id}/reading-progress?targetType=T`.
    package func readingProgress(materialID: String, targetType: ReadingTargetType) async throws(APIError) -> ReadingProgress {
        try await client.request(configured(.readingProgress(materialID: materialID, targetType: targetType)), as: ReadingProgress.self)
    }

    private func configured(_ endpoint: APIEndpoint) -> APIEndpoint {
        var endpoint = endpoint
        endpoint.refreshesOnUnauthorized = endpoint.refreshesOnUnauthorized && refreshesOnUnauthorized
        return endpoint
    }
}

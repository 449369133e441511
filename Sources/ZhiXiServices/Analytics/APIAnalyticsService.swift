import ZhiXiModel
import ZhiXiNetwork

/// ``AnalyticsService`` on an `APIClient`: bearer token, one refresh on a 401, retries on
/// timeouts and 5xx answers (every call is a `GET`).
package struct APIAnalyticsService: AnalyticsService {
    /// The client that sends the calls.
    package let client: APIClient

    /// Creates the service on `client`.
    package init(client: APIClient) {
        self.client = client
    }

    /// `GET learning/summary`.
    package func summary() async throws(APIError) -> LearningSummary {
        try await client.request(.learningSummary, as: LearningSummary.self)
    }

    /// `GET learning/trend?days=N`.
    package func trend(days: Int) async throws(APIError) -> [DailyActivity] {
        try await client.request(.learningTrend(days: days), as: [DailyActivity].self)
    }

    /// `GET activity/heatmap?days=N`.
    package func heatmap(days: Int) async throws(APIError) -> [DailyActivity] {
        try await client.request(.activityHeatmap(days: days), as: [DailyActivity].self)
    }
}

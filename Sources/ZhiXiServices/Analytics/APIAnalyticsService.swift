import ZhiXiModel
import ZhiXiNetwork

/// ``AnalyticsService`` on an `APIClient`: bearer token, one refresh on a 401, retries on
/// timeouts and 5xx answers (every call is a `GET`).
public struct APIAnalyticsService: AnalyticsService {
    /// The client that sends the calls.
    public let client: APIClient

    /// Creates the service on `client`.
    public init(client: APIClient) {
        self.client = client
    }

    /// `GET learning/summary`.
    public func summary() async throws(APIError) -> LearningSummary {
        try await client.request(.learningSummary, as: LearningSummary.self)
    }

    /// `GET learning/trend?days=N`.
    public func trend(days: Int) async throws(APIError) -> [DailyActivity] {
        try await client.request(.learningTrend(days: days), as: [DailyActivity].self)
    }

    /// `GET activity/heatmap?days=N`.
    public func heatmap(days: Int) async throws(APIError) -> [DailyActivity] {
        try await client.request(.activityHeatmap(days: days), as: [DailyActivity].self)
    }
}

import ZhiXiModel
import ZhiXiNetwork

/// The learner's figures for the analysis page: totals, a trend per day, an activity
/// heat map. ``APIAnalyticsService`` makes the calls with an `APIClient`.
package protocol AnalyticsService: Sendable {
    /// `GET learning/summary`: the learner's totals.
    func summary() async throws(APIError) -> LearningSummary

    /// `GET learning/trend?days=N`: minutes and sessions per day over the last `days` days,
    /// oldest first.
    func trend(days: Int) async throws(APIError) -> [DailyActivity]

    /// `GET activity/heatmap?days=N`: minutes and sessions per day over the last `days` days,
    /// oldest first (for a heat map of a year: 365).
    func heatmap(days: Int) async throws(APIError) -> [DailyActivity]
}

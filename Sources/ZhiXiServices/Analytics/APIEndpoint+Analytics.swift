import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// The analytics endpoints of the app's API, relative to a base URL ending in `/api`.
extension APIEndpoint {
    /// `GET learning/summary`: answers a `LearningSummary`.
    package static var learningSummary: APIEndpoint { APIEndpoint(method: .get, path: "learning/summary") }

    /// `GET learning/trend?days=N`: answers `[DailyActivity]`.
    package static func learningTrend(days: Int) -> APIEndpoint {
        APIEndpoint(method: .get, path: "learning/trend", queryItems: [URLQueryItem(name: "days", value: String(days))])
    }

    /// `GET activity/heatmap?days=N`: answers `[DailyActivity]`.
    package static func activityHeatmap(days: Int) -> APIEndpoint {
        APIEndpoint(method: .get, path: "activity/heatmap", queryItems: [URLQueryItem(name: "days", value: String(days))])
    }
}

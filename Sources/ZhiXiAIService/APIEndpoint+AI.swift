import Foundation
import ZhiXiNetwork

/// The AI endpoints of the app's API, relative to a base URL ending in `/api`.
extension APIEndpoint {
    /// `POST ai/analyze-learning-input` with an ``AnalysisRequest``: answers the `AIAnalysis`.
    /// Not retried: every call costs a model run.
    public static func analyzeLearningInput(_ request: AnalysisRequest) -> APIEndpoint {
        APIEndpoint(method: .post, path: "ai/analyze-learning-input", body: request)
    }

    /// `GET ai/analyses?since=ISO&cursor=C`: answers a page of `AIAnalysis`es.
    public static func analyses(since: Date?, cursor: String?) -> APIEndpoint {
        APIEndpoint(method: .get, path: "ai/analyses", queryItems: pageQueryItems(since: since, cursor: cursor))
    }

    /// `POST ai/chat` with a ``ChatRequest``: answers a ``ChatReply``. Not retried.
    public static func chat(_ request: ChatRequest) -> APIEndpoint {
        APIEndpoint(method: .post, path: "ai/chat", body: request)
    }
}

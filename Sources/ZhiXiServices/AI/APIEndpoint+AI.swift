import Foundation
import ZhiXiNetwork

/// The AI endpoints of the app's API, relative to a base URL ending in `/api`.
extension APIEndpoint {
    /// `POST ai/analyze-learning-input` with an ``AnalysisRequest``: answers the `AIAnalysis`.
    /// Without a key not retried: every call costs a model run. With `idempotencyKey` (sent
    /// as `Idempotency-Key`), the server answers a key it has seen with the analysis it made
    /// then, so the call is retried, and sent again by a later run, without a second model run.
    package static func analyzeLearningInput(_ request: AnalysisRequest, idempotencyKey: String? = nil) -> APIEndpoint {
        APIEndpoint(method: .post, path: "ai/analyze-learning-input", body: request, idempotencyKey: idempotencyKey)
    }

    /// `GET ai/analyses?since=ISO&cursor=C`: answers a page of `AIAnalysis`es.
    package static func analyses(since: Date?, cursor: String?) -> APIEndpoint {
        APIEndpoint(method: .get, path: "ai/analyses", queryItems: pageQueryItems(since: since, cursor: cursor))
    }

    /// `POST ai/chat` with a ``ChatRequest``: answers a ``ChatReply``. Not retried.
    package static func chat(_ request: ChatRequest) -> APIEndpoint {
        APIEndpoint(method: .post, path: "ai/chat", body: request)
    }
}

import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// ``AIService`` on an `APIClient`: bearer token, one refresh on a 401; the pages of
/// analyses (a `GET`) are retried on timeouts and 5xx answers, the model runs are not.
package struct APIAIService: AIService {
    /// The client that sends the calls.
    package let client: APIClient

    /// Creates the service on `client`.
    package init(client: APIClient) {
        self.client = client
    }

    /// `POST ai/analyze-learning-input`.
    package func analyze(_ request: AnalysisRequest) async throws(APIError) -> AIAnalysis {
        try await client.request(.analyzeLearningInput(request), as: AIAnalysis.self)
    }

    /// `POST ai/analyze-learning-input` with `Idempotency-Key: idempotencyKey`.
    package func analyze(_ request: AnalysisRequest, idempotencyKey: String) async throws(APIError) -> AIAnalysis {
        try await client.request(.analyzeLearningInput(request, idempotencyKey: idempotencyKey), as: AIAnalysis.self)
    }

    /// `GET ai/analyses`.
    package func analyses(since: Date?, cursor: String?) async throws(APIError) -> APIPage<AIAnalysis> {
        try await client.request(.analyses(since: since, cursor: cursor), as: APIPage<AIAnalysis>.self)
    }

    /// `POST ai/chat`.
    package func chat(_ request: ChatRequest) async throws(APIError) -> ChatReply {
        try await client.request(.chat(request), as: ChatReply.self)
    }
}

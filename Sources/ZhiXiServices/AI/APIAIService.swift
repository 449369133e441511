import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// ``AIService`` on an `APIClient`: bearer token, one refresh on a 401; the pages of
/// analyses (a `GET`) are retried on timeouts and 5xx answers, the model runs are not.
public struct APIAIService: AIService {
    /// The client that sends the calls.
    public let client: APIClient

    /// Creates the service on `client`.
    public init(client: APIClient) {
        self.client = client
    }

    /// `POST ai/analyze-learning-input`.
    public func analyze(_ request: AnalysisRequest) async throws(APIError) -> AIAnalysis {
        try await client.request(.analyzeLearningInput(request), as: AIAnalysis.self)
    }

    /// `POST ai/analyze-learning-input` with `Idempotency-Key: idempotencyKey`.
    public func analyze(_ request: AnalysisRequest, idempotencyKey: String) async throws(APIError) -> AIAnalysis {
        try await client.request(.analyzeLearningInput(request, idempotencyKey: idempotencyKey), as: AIAnalysis.self)
    }

    /// `GET ai/analyses`.
    public func analyses(since: Date?, cursor: String?) async throws(APIError) -> APIPage<AIAnalysis> {
        try await client.request(.analyses(since: since, cursor: cursor), as: APIPage<AIAnalysis>.self)
    }

    /// `POST ai/chat`.
    public func chat(_ request: ChatRequest) async throws(APIError) -> ChatReply {
        try await client.request(.chat(request), as: ChatReply.self)
    }
}

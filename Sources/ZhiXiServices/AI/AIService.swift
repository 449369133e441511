import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// The AI of the app's API: analyse what a learner wrote, read the analyses made, chat with
/// the tutor. ``APIAIService`` makes the calls with an `APIClient`.
package protocol AIService: Sendable {
    /// `POST ai/analyze-learning-input`: the AI's analysis of a session's input (mastery
    /// score, weak points, suggestions), stored by the server.
    func analyze(_ request: AnalysisRequest) async throws(APIError) -> AIAnalysis

    /// `POST ai/analyze-learning-input` with `Idempotency-Key: idempotencyKey`: a second call
    /// with the same key and request answers the analysis of the first, and runs no model
    /// (see docs/APP.md). A service without keys analyses anew.
    func analyze(_ request: AnalysisRequest, idempotencyKey: String) async throws(APIError) -> AIAnalysis

    /// `GET ai/analyses?since=ISO&cursor=C`: one page of the analyses made at or after
    /// `since` (all when `nil`), oldest first.
    func analyses(since: Date?, cursor: String?) async throws(APIError) -> APIPage<AIAnalysis>

    /// `POST ai/chat`: the tutor's answer to a conversation.
    func chat(_ request: ChatRequest) async throws(APIError) -> ChatReply
}

extension AIService {
    /// Analyses anew, ignoring the key (for services that keep no keys).
    package func analyze(_ request: AnalysisRequest, idempotencyKey: String) async throws(APIError) -> AIAnalysis {
        try await analyze(request)
    }

    /// Every analysis made at or after `since`, all pages followed (see
    /// `APIPage.collect(maximumPages:_:)`). O(analyses).
    package func allAnalyses(since: Date?) async throws(APIError) -> [AIAnalysis] {
        try await APIPage.collect { (cursor) async throws(APIError) -> APIPage<AIAnalysis> in
            try await analyses(since: since, cursor: cursor)
        }
    }
}

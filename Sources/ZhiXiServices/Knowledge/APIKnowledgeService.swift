import ZhiXiModel
import ZhiXiNetwork

/// ``KnowledgeService`` on an `APIClient`: bearer token, one refresh on a 401, retries on
/// timeouts and 5xx answers (every call is a `GET`).
package struct APIKnowledgeService: KnowledgeService {
    /// The client that sends the calls.
    package let client: APIClient

    /// Creates the service on `client`.
    package init(client: APIClient) {
        self.client = client
    }

    /// `GET knowledge-bases`.
    package func knowledgeBases() async throws(APIError) -> [KnowledgeBase] {
        try await client.request(.knowledgeBases, as: [KnowledgeBase].self)
    }

    /// `GET knowledge-bases/{id}/learning-paths`.
    package func learningPaths(knowledgeBaseID: String) async throws(APIError) -> [LearningPath] {
        try await client.request(.learningPaths(knowledgeBaseID: knowledgeBaseID), as: [LearningPath].self)
    }

    /// `GET learning-paths/{id}/lessons`.
    package func lessons(learningPathID: String) async throws(APIError) -> [Lesson] {
        try await client.request(.lessons(learningPathID: learningPathID), as: [Lesson].self)
    }
}

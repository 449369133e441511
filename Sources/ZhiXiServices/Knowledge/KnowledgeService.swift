import ZhiXiModel
import ZhiXiNetwork

/// The knowledge the learner studies, from the server: knowledge bases, their learning
/// paths, and the paths' lessons. ``APIKnowledgeService`` makes the calls with an `APIClient`.
package protocol KnowledgeService: Sendable {
    /// `GET knowledge-bases`: the learner's knowledge bases.
    func knowledgeBases() async throws(APIError) -> [KnowledgeBase]

    /// `GET knowledge-bases/{id}/learning-paths`: the paths of one knowledge base.
    func learningPaths(knowledgeBaseID: String) async throws(APIError) -> [LearningPath]

    /// `GET learning-paths/{id}/lessons`: the lessons of one path, in study order.
    func lessons(learningPathID: String) async throws(APIError) -> [Lesson]
}

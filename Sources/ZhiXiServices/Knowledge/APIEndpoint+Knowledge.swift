import ZhiXiNetwork

/// The knowledge endpoints of the app's API, relative to a base URL ending in `/api`.
extension APIEndpoint {
    /// `GET knowledge-bases`: answers `[KnowledgeBase]`.
    package static var knowledgeBases: APIEndpoint { APIEndpoint(method: .get, path: "knowledge-bases") }

    /// `GET knowledge-bases/{id}/learning-paths`: answers `[LearningPath]`.
    package static func learningPaths(knowledgeBaseID: String) -> APIEndpoint {
        APIEndpoint(method: .get, path: "knowledge-bases/\(pathSegment(knowledgeBaseID))/learning-paths")
    }

    /// `GET learning-paths/{id}/lessons`: answers `[Lesson]`.
    package static func lessons(learningPathID: String) -> APIEndpoint {
        APIEndpoint(method: .get, path: "learning-paths/\(pathSegment(learningPathID))/lessons")
    }
}

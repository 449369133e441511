import ZhiXiModel

extension FakeZhiXiAPI {
    /// `GET knowledge-bases`, `GET knowledge-bases/{id}/learning-paths`,
    /// `GET learning-paths/{id}/lessons`.
    func registerKnowledgeRoutes() {
        server.route("GET", "/api/knowledge-bases") { [self] request in
            withLearner(request) { _, learner, _ in .json(learner.knowledgeBases) }
        }
        server.route("GET", "/api/knowledge-bases/{id}/learning-paths") { [self] request in
            withLearner(request) { _, learner, _ in
                let id = request.pathParameters["id"] ?? ""
                guard learner.knowledgeBases.contains(where: { $0.id == id }) else {
                    return .error(404, code: "KNOWLEDGE_BASE_NOT_FOUND", message: "no knowledge base has the id '\(id)'")
                }
                return .json(learner.learningPaths.filter { $0.knowledgeBaseID == id }.sorted { ($0.order, $0.id) < ($1.order, $1.id) })
            }
        }
        server.route("GET", "/api/learning-paths/{id}/lessons") { [self] request in
            withLearner(request) { _, learner, _ in
                let id = request.pathParameters["id"] ?? ""
                guard let path = learner.learningPaths.first(where: { $0.id == id }) else {
                    return .error(404, code: "LEARNING_PATH_NOT_FOUND", message: "no learning path has the id '\(id)'")
                }
                let position = Dictionary(path.lessonIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                let lessons = learner.lessons.filter { $0.pathID == id || position[$0.id] != nil }
                return .json(lessons.sorted { (position[$0.id] ?? Int.max, $0.order, $0.id) < (position[$1.id] ?? Int.max, $1.order, $1.id) })
            }
        }
    }
}

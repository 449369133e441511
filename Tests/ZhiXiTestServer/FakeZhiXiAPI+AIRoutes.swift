import Foundation
import ZhiXiModel
import ZhiXiServices

extension FakeZhiXiAPI {
    /// `POST ai/analyze-learning-input` (an `Idempotency-Key` honoured; the analysis is stored,
    /// and its session updated with
    /// the score, weak points, suggestion and `reviewAt`), `GET ai/analyses?since=ISO&cursor=C`
    /// (paged, oldest first), `POST ai/chat` (streamed as `text/event-stream` when asked: see
    /// `FakeZhiXiAPI+ChatStream.swift`).
    func registerAIRoutes() {
        server.route("POST", "/api/ai/analyze-learning-input") { [self] request in
            withLearner(request) { user, learner, now in idempotent(request, route: "ai/analyze-learning-input", userID: user.id) {
                guard let body = request.decodeBody(AnalysisRequest.self) else {
                    return .error(400, code: "INVALID_REQUEST", message: "the body must be an AnalysisRequest")
                }
                guard let sessionIndex = learner.sessions.firstIndex(where: { $0.id == body.sessionID }) else {
                    return .error(404, code: "SESSION_NOT_FOUND", message: "no session has the id '\(body.sessionID)'")
                }
                guard learner.sessions[sessionIndex].lessonID == body.lessonID,
                      let lesson = learner.lessons.first(where: { $0.id == body.lessonID }) else {
                    return .error(400, code: "INVALID_REQUEST", message: "lessonId is not the session's lesson")
                }
                let verdict = FakeAnalysisModel.verdict(on: body.userInput, lesson: lesson, language: body.language)
                let output = (try? Self.encoder.encode(["masteryScore": String(verdict.masteryScore)]))
                    .map { String(decoding: $0, as: UTF8.self) }
                let analysis = AIAnalysis(id: makeID("analysis"), sessionID: body.sessionID, userID: user.id, lessonID: body.lessonID,
                                          inputText: body.userInput, outputJSON: output, masteryScore: verdict.masteryScore,
                                          weakPoints: verdict.weakPoints, suggestions: verdict.suggestions, modelName: "fake-model",
                                          createdAt: now, costEstimate: 0.001)
                learner.analyses.append(analysis)
                learner.sessions[sessionIndex].analysisID = analysis.id
                learner.sessions[sessionIndex].masteryScore = verdict.masteryScore
                learner.sessions[sessionIndex].weakPoints = verdict.weakPoints
                learner.sessions[sessionIndex].nextSuggestion = verdict.suggestions.first
                learner.sessions[sessionIndex].aiAnalysis = body.language == .english
                    ? "Mastery \(verdict.masteryScore)." : "掌握度 \(verdict.masteryScore)。"
                learner.sessions[sessionIndex].reviewAt = now.addingTimeInterval(Double(verdict.reviewInDays) * 86_400)
                return .json(analysis, status: 201)
            } }
        }
        server.route("GET", "/api/ai/analyses") { [self] request in
            withLearner(request) { _, learner, _ in
                switch Self.since(request) {
                case .failure(let refusal): return refusal.response
                case .success(let since):
                    let analyses = learner.analyses
                        .filter { since == nil || $0.createdAt >= since! }
                        .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
                    return page(analyses, request: request)
                }
            }
        }
        server.route("POST", "/api/ai/chat") { [self] request in
            withLearner(request) { _, learner, _ in
                guard let body = request.decodeBody(ChatRequest.self), let last = body.messages.last, !last.content.isEmpty else {
                    return .error(400, code: "INVALID_REQUEST", message: "the body must be a ChatRequest with at least one message")
                }
                let title = body.lessonID.flatMap { id in learner.lessons.first { $0.id == id }?.title }
                let content = body.language == .english
                    ? "About \(title ?? "your question"): you asked “\(last.content)”. Start from what you remember."
                    : "关于\(title ?? "你的问题")：你问的是「\(last.content)」。先从你记得的部分说起。"
                return chatAnswer(ChatReply(message: ChatMessage(role: .assistant, content: content)), to: request)
            }
        }
    }
}

import Foundation
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiServices

extension PreviewAPI: AIService, ChatStreamingService {
    /// The characters of one piece of a streamed reply: 8.
    package static let chatPieceLength = 8

    /// An analysis of the session's input: the learner's latest analysis of the lesson replayed
    /// (its score, weak points and suggestions), none of them for a lesson never analysed; kept,
    /// and its session updated, as the server does.
    package func analyze(_ request: AnalysisRequest) async throws(APIError) -> AIAnalysis {
        try await answer()
        let now = now()
        return try state.withLock { (state: inout State) throws(APIError) -> AIAnalysis in
            guard let index = state.workspace.sessions.firstIndex(where: { $0.id == request.sessionID }) else {
                throw .http(status: 404, code: "SESSION_NOT_FOUND", message: "no session has this id")
            }
            let earlier = state.workspace.analyses.filter { $0.lessonID == request.lessonID }.max { $0.createdAt < $1.createdAt }
            let analysis = AIAnalysis(id: state.makeID("analysis"), sessionID: request.sessionID, userID: state.user.id,
                                      lessonID: request.lessonID, inputText: request.userInput, masteryScore: earlier?.masteryScore,
                                      weakPoints: earlier?.weakPoints ?? [], suggestions: earlier?.suggestions ?? [],
                                      modelName: "preview", createdAt: now)
            state.workspace.analyses.append(analysis)
            state.workspace.sessions[index].analysisID = analysis.id
            state.workspace.sessions[index].masteryScore = analysis.masteryScore
            state.workspace.sessions[index].weakPoints = analysis.weakPoints
            return analysis
        }
    }

    /// Every analysis made at or after `since`, oldest first, in one page.
    package func analyses(since: Date?, cursor: String?) async throws(APIError) -> APIPage<AIAnalysis> {
        try await answer()
        let analyses = workspace.analyses.filter { analysis in since.map { analysis.createdAt >= $0 } ?? true }
        return APIPage(items: analyses.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }, nextCursor: nil)
    }

    /// The tutor's whole reply.
    package func chat(_ request: ChatRequest) async throws(APIError) -> ChatReply {
        try await answer()
        return try reply(to: request)
    }

    /// The tutor's reply in pieces of ``chatPieceLength`` characters, then whole; ended early
    /// as ``setChatEnding(_:)`` says.
    package func chatStream(_ request: ChatRequest) -> AsyncStream<ChatStreamEvent> {
        AsyncStream { continuation in
            let task = Task {
                do throws(APIError) {
                    try await answer()
                    let reply = try reply(to: request)
                    let ending = state.withLock { $0.chatEnding }
                    var rest = Substring(reply.message.content)
                    var sent = 0
                    while !rest.isEmpty, !Task.isCancelled {
                        switch ending {
                        case .hold(let after) where sent == after:
                            while !Task.isCancelled { try? await Task.sleep(nanoseconds: 3_600_000_000_000) }
                            return continuation.finish()
                        case .cut(let after) where sent == after:
                            continuation.yield(.failure(.interrupted(reason: "the preview cut the stream")))
                            return continuation.finish()
                        default: break
                        }
                        continuation.yield(.delta(String(rest.prefix(Self.chatPieceLength))))
                        rest = rest.dropFirst(Self.chatPieceLength)
                        sent += 1
                        await Task.yield()
                    }
                    continuation.yield(.reply(reply))
                } catch {
                    continuation.yield(.failure(.request(error)))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The tutor's answer to the conversation's last message, about its lesson, in its language.
    private func reply(to request: ChatRequest) throws(APIError) -> ChatReply {
        guard let question = request.messages.last?.content, !question.isEmpty else {
            throw .http(status: 400, code: "INVALID_REQUEST", message: "the body must be a ChatRequest with at least one message")
        }
        let title = request.lessonID.flatMap { id in workspace.lessons.first { $0.id == id }?.title }
        let content = request.language == .english
            ? "About \(title ?? "your question"): you asked “\(question)”. Start from what you remember, then check it against the lesson's key points."
            : "关于\(title ?? "你的问题")：你问的是「\(question)」。先说说你记得的部分，再对照课程的要点看看哪里还没想清楚。"
        return ChatReply(message: ChatMessage(role: .assistant, content: content))
    }
}

import Foundation
import ZhiXiDomain
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiServices

/// `ChatRepository` on the streaming chat service (`POST ai/chat`, `text/event-stream` when
/// the server streams) and the conversations kept on the device (`ChatHistoryStore`, in each
/// learner's own directory of ``LearnerStorage``).
///
/// - A message is kept on the device before it is sent (`ChatReplyEvent.accepted(_:)`), and
///   the conversation's latest `ChatConversation.contextTurns` messages go with it.
/// - The reply is handed over piece by piece as the server streams it, then kept whole (the
///   server's `done` event, or the whole answer of a server that does not stream).
/// - A reply cut off mid-way keeps nothing of it: the learner's message stays unanswered
///   (`ChatConversation.awaitsReply`) and ``reply(lessonID:language:)`` asks again.
/// - Signed out (no learner, or a session the server refuses) is `RepositoryFailure.signedOut`.
package struct TutorChatRepository: ChatRepository {
    /// The tutor.
    package let chat: any ChatStreamingService
    /// Where each learner's conversations are kept.
    package let storage: LearnerStorage
    private let userID: @Sendable () async -> String?
    private let now: @Sendable () -> Date

    /// Creates the repository.
    /// - Parameters:
    ///   - chat: the tutor's streaming chat.
    ///   - storage: the learners' files.
    ///   - userID: the signed-in learner's id, `nil` when signed out.
    ///   - now: the clock that dates the tutor's replies.
    package init(chat: any ChatStreamingService, storage: LearnerStorage, userID: @escaping @Sendable () async -> String?,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.chat = chat
        self.storage = storage
        self.userID = userID
        self.now = now
    }

    /// The repository on the API's chat (`APIChatStreamService` on `client`).
    package init(client: APIClient, storage: LearnerStorage, userID: @escaping @Sendable () async -> String?,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(chat: APIChatStreamService(client: client), storage: storage, userID: userID, now: now)
    }

    /// The conversation kept, with the lesson's title from the learner's workspace kept.
    package func conversation(lessonID: String?) async throws(RepositoryFailure) -> ChatConversation {
        let place = try await place()
        let turns = try ChatHistoryStore(learnerDirectory: place.directory).turns(lessonID: lessonID)
        var title: String?
        if let lessonID { title = try await place.cache.read()?.lessons.first { $0.id == lessonID }?.title }
        return ChatConversation(lessonID: lessonID, lessonTitle: title, turns: turns)
    }

    /// Keeps the message, then streams the reply.
    package func send(_ text: String, lessonID: String?, language: AppLanguage, sentAt: Date) -> AsyncStream<ChatReplyEvent> {
        events { [self] yield in
            let place: LearnerPlace
            do throws(RepositoryFailure) {
                place = try await self.place()
            } catch {
                return yield(.failed(error))
            }
            let store = ChatHistoryStore(learnerDirectory: place.directory)
            let turn = ChatTurn(id: UUID().uuidString.lowercased(), speaker: .learner, text: text, sentAt: sentAt)
            let turns: [ChatTurn]
            do throws(RepositoryFailure) {
                turns = try store.update(lessonID: lessonID) { $0 + [turn] }
            } catch {
                return yield(.failed(error))
            }
            yield(.accepted(turn))
            await answer(turns, lessonID: lessonID, language: language, store: store, yield)
        }
    }

    /// Streams a reply to the conversation as kept.
    package func reply(lessonID: String?, language: AppLanguage) -> AsyncStream<ChatReplyEvent> {
        events { [self] yield in
            let store: ChatHistoryStore
            let turns: [ChatTurn]
            do throws(RepositoryFailure) {
                store = ChatHistoryStore(learnerDirectory: try await place().directory)
                turns = try store.turns(lessonID: lessonID)
            } catch {
                return yield(.failed(error))
            }
            guard let last = turns.last else { return yield(.failed(.notFound(id: "the conversation has no message to answer"))) }
            guard last.speaker == .learner else { return yield(.finished(last)) }
            await answer(turns, lessonID: lessonID, language: language, store: store, yield)
        }
    }

    /// Removes the conversation's file.
    package func clear(lessonID: String?) async throws(RepositoryFailure) {
        try ChatHistoryStore(learnerDirectory: try await place().directory).remove(lessonID: lessonID)
    }

    // MARK: - Steps

    private func place() async throws(RepositoryFailure) -> LearnerPlace {
        guard let user = await userID() else { throw .signedOut }
        return try storage.place(forUser: user)
    }

    /// A stream whose events `body` yields; stopping its reader cancels `body`.
    private func events(_ body: @escaping @Sendable (_ yield: @escaping @Sendable (ChatReplyEvent) -> Void) async -> Void)
        -> AsyncStream<ChatReplyEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: ChatReplyEvent.self, bufferingPolicy: .unbounded)
        let task = Task {
            await body { continuation.yield($0) }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Asks the tutor to answer `turns` (their latest messages) and hands over the reply; the
    /// whole reply is kept in `store`.
    private func answer(_ turns: [ChatTurn], lessonID: String?, language: AppLanguage, store: ChatHistoryStore,
                        _ yield: @Sendable (ChatReplyEvent) -> Void) async {
        let messages = turns.suffix(ChatConversation.contextTurns).map { turn in
            ChatMessage(role: turn.speaker == .learner ? .user : .assistant, content: turn.text)
        }
        for await event in chat.chatStream(ChatRequest(messages: Array(messages), lessonID: lessonID, language: language)) {
            guard !Task.isCancelled else { return }
            switch event {
            case .delta(let piece):
                yield(.text(piece))
            case .reply(let reply):
                let turn = ChatTurn(id: UUID().uuidString.lowercased(), speaker: .tutor, text: reply.message.content, sentAt: now())
                // Shown even when the device cannot keep it; the conversation then awaits a reply again.
                _ = try? store.update(lessonID: lessonID) { $0 + [turn] }
                return yield(.finished(turn))
            case .failure(.request(let error)):
                let failure = RepositoryFailure(error)
                if failure != .cancelled { yield(.failed(failure)) }
                return
            case .failure(.interrupted(let reason)):
                return yield(.interrupted(reason: reason))
            }
        }
    }
}

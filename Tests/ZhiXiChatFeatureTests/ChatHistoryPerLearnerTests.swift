import Foundation
import Testing
import ZhiXiDomain
import ZhiXiModel
import ZhiXiRepositories
import ZhiXiServices

/// A tutor that answers every question with `好的。` in two pieces.
private struct EchoTutor: ChatStreamingService {
    func chatStream(_ request: ChatRequest) -> AsyncStream<ChatStreamEvent> {
        AsyncStream { continuation in
            continuation.yield(.delta("好"))
            continuation.yield(.delta("的。"))
            continuation.yield(.reply(ChatReply(message: ChatMessage(role: .assistant, content: "好的。"))))
            continuation.finish()
        }
    }
}

/// The conversations on the device belong to one learner each.
@Suite("TutorChatRepository: each learner's own conversations")
struct ChatHistoryPerLearnerTests {
    @Test("learner A's conversation, kept on the device, is not the next learner's; without a learner, nothing is read")
    func perLearner() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("zhixi-chat-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let storage = LearnerStorage(root: root)
        let learnerA = TutorChatRepository(chat: EchoTutor(), storage: storage, userID: { "learner-a" })
        var events: [ChatReplyEvent] = []
        for await event in learnerA.send("什么是特征值？", lessonID: "lesson-1", language: .default, sentAt: Date(timeIntervalSince1970: 0)) {
            events.append(event)
        }
        #expect(events.dropFirst().first == .text("好") && events.count == 4)
        #expect(try await learnerA.conversation(lessonID: "lesson-1").turns.map(\.text) == ["什么是特征值？", "好的。"])

        let learnerB = TutorChatRepository(chat: EchoTutor(), storage: storage, userID: { "learner-b" })
        #expect(try await learnerB.conversation(lessonID: "lesson-1").turns.isEmpty)
        #expect(try await learnerB.conversation(lessonID: nil).turns.isEmpty)

        let nobody = TutorChatRepository(chat: EchoTutor(), storage: storage, userID: { nil })
        await #expect(throws: RepositoryFailure.signedOut) { _ = try await nobody.conversation(lessonID: "lesson-1") }
    }
}

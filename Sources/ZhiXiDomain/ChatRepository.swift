import Foundation
import ZhiXiModel

/// The learner's conversations with the AI tutor: kept on the device, per learner and per
/// lesson, and answered by the server's tutor (`POST ai/chat`), streamed when the server
/// streams.
package protocol ChatRepository: Sendable {
    /// The conversation about `lessonID` (`nil`: about anything) as the device keeps it.
    /// - Throws: ``RepositoryFailure/signedOut``, `.storage` when the device's file cannot be read.
    func conversation(lessonID: String?) async throws(RepositoryFailure) -> ChatConversation

    /// Keeps the learner's `text` (written at `sentAt`) in the conversation, then asks the
    /// tutor for a reply in `language` to the conversation's latest messages. Stopping the
    /// stream's reader stops the reply.
    func send(_ text: String, lessonID: String?, language: AppLanguage, sentAt: Date) -> AsyncStream<ChatReplyEvent>

    /// Asks the tutor again for a reply to the conversation as kept (whose last message is the
    /// learner's, unanswered): after ``ChatReplyEvent/interrupted(reason:)`` or
    /// ``ChatReplyEvent/failed(_:)``.
    func reply(lessonID: String?, language: AppLanguage) -> AsyncStream<ChatReplyEvent>

    /// Forgets the conversation about `lessonID` on the device (a new conversation).
    /// - Throws: ``RepositoryFailure/signedOut``, `.storage`.
    func clear(lessonID: String?) async throws(RepositoryFailure)
}

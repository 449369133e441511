/// What happens to a message sent to the AI tutor, in order: the learner's message kept on the
/// device, the reply as it arrives (when the server streams it), then the whole reply, or the
/// reason there is none. The last event is ``finished(_:)``, ``interrupted(reason:)`` or
/// ``failed(_:)``.
package enum ChatReplyEvent: Sendable, Hashable {
    /// The learner's message, kept on the device (only when a new message was sent).
    case accepted(ChatTurn)
    /// The next piece of the reply, when the server streams it (`text/event-stream`).
    case text(String)
    /// The whole reply, kept on the device: the end.
    case finished(ChatTurn)
    /// The reply began and stopped before it was complete (the connection was cut, or the
    /// server said it could not finish, `reason` in English for logs): what arrived stands,
    /// nothing of it is kept, and the learner's message awaits a reply. The end.
    case interrupted(reason: String)
    /// No reply began: the server was not reached, refused, failed or answered something
    /// unreadable; or the learner's message could not be kept (`.storage`), or no learner is
    /// signed in (`.signedOut`). The end.
    case failed(RepositoryFailure)
}

/// What a streamed `POST ai/chat` hands over, in order: pieces of the tutor's reply as the
/// server writes them, then the whole reply, or why there is none. ``reply(_:)`` and
/// ``failure(_:)`` are the last.
package enum ChatStreamEvent: Sendable, Hashable {
    /// The next piece of the reply (a `delta` event's `content`).
    case delta(String)
    /// The whole reply: the `done` event's, or the answer of a server that does not stream.
    case reply(ChatReply)
    /// No reply, or the reply stopped before it was complete.
    case failure(ChatStreamFailure)
}

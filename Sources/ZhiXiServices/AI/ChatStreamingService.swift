/// The AI tutor's chat, its reply handed over as the server writes it. ``APIChatStreamService``
/// makes the call with an `APIClient`.
package protocol ChatStreamingService: Sendable {
    /// `POST ai/chat` asking for `text/event-stream`: the reply's pieces as they arrive, then
    /// the whole reply; from a server that does not stream, the whole reply at once. Stopping
    /// the iteration stops the call.
    func chatStream(_ request: ChatRequest) -> AsyncStream<ChatStreamEvent>
}

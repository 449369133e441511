/// How the fake API answers `POST ai/chat` when the request accepts `text/event-stream`: streamed
/// (the default) or whole, and how the next streamed replies end.
package struct FakeChatStreamPlan: Sendable {
    /// How one streamed reply ends.
    package enum Ending: Sendable {
        /// After `afterPieces` delta events, wait at the gate, then go on to the end.
        case hold(afterPieces: Int, gate: TestServerGate)
        /// After `afterPieces` delta events, close the connection: a stream cut mid-way.
        case cut(afterPieces: Int)
        /// After `afterPieces` delta events, send an `error` event and end the stream.
        case error(afterPieces: Int, code: String, message: String)
    }

    /// `true`: a request accepting `text/event-stream` gets its reply streamed; `false`: every
    /// request gets the whole reply as JSON (a server that does not stream).
    package var streams = true
    /// The endings of the next streamed replies, one per reply, in order (then normal ends).
    package var endings: [Ending] = []

    /// A plan that streams, every reply to its end.
    package init() {}
}

import Foundation

/// What ``APIClient/eventStream(_:)`` hands over, in order: ``opened(status:contentType:)``
/// once a 2xx answer's head arrived, then its ``event(_:)``s (a `text/event-stream` answer)
/// or its whole ``body(_:)`` (any other), then ``ended``; or, at any point, ``failed(_:)``.
/// ``ended`` and ``failed(_:)`` are the last.
package enum APIStreamPart: Sendable, Hashable {
    /// A 2xx answer's head arrived: its status and `Content-Type`; its body follows.
    case opened(status: Int, contentType: String?)
    /// The next event of a `text/event-stream` answer.
    case event(ServerSentEvent)
    /// The whole body of a 2xx answer that is not an event stream (a server that answers
    /// the call at once, as JSON).
    case body(Data)
    /// The answer is complete.
    case ended
    /// The call failed: before a 2xx answer (`.network`, `.unauthorized`, `.http` for another
    /// status, `.invalidRequest`) or after its head (`.network(.connectionLost)` for a cut,
    /// `.network(.timedOut)`, `.decoding` for an answer too large or a line too long).
    case failed(APIError)
}

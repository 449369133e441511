import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiNetwork

/// ``ChatStreamingService`` on an `APIClient` (`APIClient.eventStream(_:)`): bearer token, one
/// refresh on a 401, never retried (every call costs a model run).
///
/// The stream, as the contract writes it (`Content-Type: text/event-stream`): `event: delta`
/// events whose data is `{"content": "…"}`, the next piece of the reply, then one `event: done`
/// whose data is the whole ``ChatReply`` (`{"message": {"role": "assistant", "content"}}`), which
/// is the reply kept; `event: error` with `{"code", "message"}` when the server cannot finish.
/// Events of other types are ignored. A server that answers `application/json` answers the
/// ``ChatReply`` whole.
package struct APIChatStreamService: ChatStreamingService {
    /// The client that sends the calls.
    package let client: APIClient

    /// Creates the service on `client`.
    package init(client: APIClient) {
        self.client = client
    }

    /// `POST ai/chat`, streamed.
    package func chatStream(_ request: ChatRequest) -> AsyncStream<ChatStreamEvent> {
        let parts = client.eventStream(.chat(request))
        let (stream, continuation) = AsyncStream.makeStream(of: ChatStreamEvent.self, bufferingPolicy: .unbounded)
        let task = Task {
            for await event in Self.events(of: parts) {
                continuation.yield(event)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The chat events of a streamed answer; at most one ``ChatStreamEvent/reply(_:)`` or
    /// ``ChatStreamEvent/failure(_:)``, last.
    static func events(of parts: AsyncStream<APIStreamPart>) -> AsyncStream<ChatStreamEvent> {
        AsyncStream { continuation in
            let task = Task {
                var opened = false
                var ended = false
                for await part in parts where !ended {
                    let event = Self.event(for: part, opened: &opened)
                    if let event {
                        continuation.yield(event)
                        if case .delta = event {} else { ended = true }
                    }
                }
                if !ended { continuation.yield(.failure(opened ? .interrupted(reason: "the stream ended without its done event") : .request(.cancelled))) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private struct Delta: Decodable {
        var content: String
    }

    private struct ServerError: Decodable {
        var code: String?
        var message: String?
    }

    /// The chat event `part` makes, if any.
    private static func event(for part: APIStreamPart, opened: inout Bool) -> ChatStreamEvent? {
        switch part {
        case .opened:
            opened = true
            return nil
        case .event(let event):
            let data = Data(event.data.utf8)
            switch event.event {
            case "delta":
                guard let delta = try? ZhiXiJSON.makeDecoder().decode(Delta.self, from: data) else {
                    return .failure(.interrupted(reason: "a delta event's data is not {\"content\": …}"))
                }
                return .delta(delta.content)
            case "done":
                guard let reply = try? ZhiXiJSON.makeDecoder().decode(ChatReply.self, from: data) else {
                    return .failure(.interrupted(reason: "the done event's data is not a ChatReply"))
                }
                return .reply(reply)
            case "error":
                let error = try? ZhiXiJSON.makeDecoder().decode(ServerError.self, from: data)
                let said = [error?.code, error?.message].compactMap { $0?.escapingControlCharacters() }.joined(separator: ": ")
                return .failure(.interrupted(reason: "the server stopped the reply" + (said.isEmpty ? "" : " (\(said))")))
            default:
                return nil
            }
        case .body(let data):
            do {
                return .reply(try ZhiXiJSON.makeDecoder().decode(ChatReply.self, from: data))
            } catch {
                return .failure(.request(.decoding(path: "", reason: "the answer is not a ChatReply")))
            }
        case .ended:
            return opened ? nil : .failure(.request(.network(.connectionLost)))
        case .failed(let error):
            return .failure(opened ? .interrupted(reason: "\(error)") : .request(error))
        }
    }
}

import Foundation
import ZhiXiModel
import ZhiXiServices

extension FakeZhiXiAPI {
    /// The characters of one `delta` event of a streamed reply: 8.
    package static let chatPieceLength = 8

    /// The pieces a reply is streamed in: `content` cut every ``chatPieceLength`` characters.
    package static func chatPieces(of content: String) -> [String] {
        var pieces: [String] = []
        var rest = Substring(content)
        while !rest.isEmpty {
            pieces.append(String(rest.prefix(chatPieceLength)))
            rest = rest.dropFirst(chatPieceLength)
        }
        return pieces
    }

    /// Streams replies (the default) or answers them whole as JSON.
    package func setChatStreaming(_ streams: Bool) {
        lock.withLock { chatStreamPlan.streams = streams }
    }

    /// The next streamed reply ends as `ending` (after those already planned).
    package func planNextChatStream(_ ending: FakeChatStreamPlan.Ending) {
        lock.withLock { chatStreamPlan.endings.append(ending) }
    }

    /// The answer of `POST ai/chat` with `reply`: streamed when the request accepts
    /// `text/event-stream` and the plan streams — a comment and a `retry` line, one `delta`
    /// event per piece (``chatPieces(of:)``), then `done` with the whole reply, unless the plan
    /// ends this reply otherwise — else the reply as JSON. Call under the lock.
    func chatAnswer(_ reply: ChatReply, to request: TestHTTPRequest) -> TestHTTPResponse {
        let accepts = request.header("accept")?.lowercased().contains("text/event-stream") ?? false
        guard accepts, chatStreamPlan.streams else { return .json(reply) }
        let ending = chatStreamPlan.endings.isEmpty ? nil : chatStreamPlan.endings.removeFirst()
        var steps: [TestHTTPStream.Step] = [.send(Data(": ZhiXi tutor\nretry: 3000\n\n".utf8))]
        for (index, piece) in Self.chatPieces(of: reply.message.content).enumerated() {
            switch ending {
            case .hold(let after, let gate)? where index == after: steps.append(.hold(gate))
            case .cut(let after)? where index == after: return Self.eventStream(steps + [.cut])
            case .error(let after, let code, let message)? where index == after:
                return Self.eventStream(steps + [Self.event("error", ["code": code, "message": message])])
            default: break
            }
            steps.append(Self.event("delta", ["content": piece]))
        }
        switch ending {
        case .hold(_, let gate)?: if !steps.contains(where: { if case .hold = $0 { true } else { false } }) { steps.append(.hold(gate)) }
        case .cut?: return Self.eventStream(steps + [.cut])
        case .error(_, let code, let message)?: return Self.eventStream(steps + [Self.event("error", ["code": code, "message": message])])
        case nil: break
        }
        return Self.eventStream(steps + [Self.event("done", reply)])
    }

    private static func eventStream(_ steps: [TestHTTPStream.Step]) -> TestHTTPResponse {
        TestHTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache"],
                         stream: TestHTTPStream(steps: steps))
    }

    /// One event: `event: NAME`, the value as JSON in `data:` lines, a blank line.
    private static func event(_ name: String, _ value: some Encodable) -> TestHTTPStream.Step {
        let json = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let data = json.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined()
        return .send(Data("event: \(name)\n\(data)\n".utf8))
    }
}

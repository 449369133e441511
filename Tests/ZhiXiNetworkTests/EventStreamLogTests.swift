import Foundation
import Testing
import ZhiXiNetwork
import ZhiXiTestServer

/// Streamed calls (`APIClient.eventStream(_:)`, the tutor's `POST ai/chat`) in the client's
/// request log, as every other call is: method, path, status, milliseconds, bytes.
@Suite("APIClient: streamed calls in the request log")
struct EventStreamLogTests {
    /// A `ChatRequest` as the contract spells it (ZhiXiServices has the type).
    struct ChatBody: Encodable, Sendable {
        var messages = [["role": "user", "content": "为什么矩阵乘法不满足交换律？"]]
        var language = "zh-Hans"
    }

    static let chat = APIEndpoint(method: .post, path: "ai/chat", body: ChatBody())

    /// Every part of one streamed call, and the bytes of the body parts.
    static func parts(of client: APIClient) async -> (parts: [APIStreamPart], bodyBytes: Int) {
        var parts: [APIStreamPart] = []
        var bodyBytes = 0
        for await part in client.eventStream(chat) {
            parts.append(part)
            if case .body(let data) = part { bodyBytes += data.count }
        }
        return (parts, bodyBytes)
    }

    @Test("a reply streamed to its end: one record, 200, the stream's bytes, after the sign-in's")
    func streamedToItsEnd() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        let (parts, _) = await Self.parts(of: fixture.client)
        let events = parts.filter { if case .event = $0 { true } else { false } }
        #expect(events.count > 2, "streamed: deltas and done")
        let records = fixture.log.all
        #expect(records.count == 2)
        let record = try #require(records.last)
        #expect(record.method == .post && record.path == "ai/chat" && record.status == 200 && record.failure == nil)
        #expect(record.sentAccessToken && record.retry == 0 && record.durationMilliseconds >= 0)
        // Every event's `data:` lines hold at least its JSON: the stream is larger than their sum.
        let dataBytes = events.reduce(0) { sum, part in
            guard case .event(let event) = part else { return sum }
            return sum + event.data.utf8.count
        }
        #expect(record.answerBytes > dataBytes)
        #expect(record.description.hasPrefix("POST ai/chat 200 ") && record.description.hasSuffix(" \(record.answerBytes) B (bearer <redacted>)"))
        #expect(fixture.logLinesWithoutSecrets().leaks.isEmpty)
    }

    @Test("a server that does not stream: the whole body's bytes")
    func wholeAnswer() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        fixture.api.setChatStreaming(false)
        let (_, bodyBytes) = await Self.parts(of: fixture.client)
        let record = try #require(fixture.log.all.last)
        #expect(bodyBytes > 0 && record.answerBytes == bodyBytes && record.status == 200 && record.failure == nil)
    }

    @Test("a stream cut mid-way: its status, what arrived, and why it stopped")
    func cutMidWay() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        fixture.api.planNextChatStream(.cut(afterPieces: 2))
        let (parts, _) = await Self.parts(of: fixture.client)
        #expect(parts.contains { if case .failed(.network(.connectionLost)) = $0 { true } else { false } })
        let record = try #require(fixture.log.all.last)
        #expect(record.path == "ai/chat" && record.status == 200 && record.failure == .connectionLost && record.answerBytes > 0)
        #expect(record.description.contains(" B, then connection lost"))
    }

    @Test("a 401 on the stream: the refused exchange, the refresh and the stream sent again, each logged")
    func refusedThenRenewed() async throws {
        let fixture = try NetworkFixture()
        defer { fixture.api.server.stop() }
        try await fixture.signIn()
        fixture.api.expireAccessTokens()
        _ = await Self.parts(of: fixture.client)
        let summary = fixture.log.all.map { "\($0.method.rawValue) \($0.path) \($0.status.map(String.init) ?? "-")" }
        #expect(summary == ["POST auth/apple 200", "POST ai/chat 401", "POST auth/refresh 200", "POST ai/chat 200"])
    }
}

import Testing
import ZhiXiNetwork

/// The `text/event-stream` reader against the HTML standard's rules, fed whole and byte by byte.
@Suite("ServerSentEventParser: the HTML standard's event stream")
struct ServerSentEventParserTests {
    static func parse(_ text: String, pieceBytes: Int? = nil) throws -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        let bytes = Array(text.utf8)
        guard let size = pieceBytes else { return try parser.feed(bytes) }
        var events: [ServerSentEvent] = []
        var start = 0
        while start < bytes.count {
            events += try parser.feed(bytes[start ..< min(bytes.count, start + size)])
            start += size
        }
        return events
    }

    @Test("events, data lines joined, comments, CR / LF / CR LF, a BOM, ids kept, unknown fields ignored, in any piece size",
          arguments: [nil, 1, 2, 5])
    func standardRules(_ pieceBytes: Int?) throws {
        let body = "\u{FEFF}: a comment\nretry: 3000\n\nevent: delta\ndata: {\"content\": \"矩阵\"}\r\n\r\n"
            + "data:first\rdata: second\r\rid: 7\nevent: done\nfoo: bar\ndata\n\n"
            + "event: lost\n\n" + "data: unfinished"
        let events = try Self.parse(body, pieceBytes: pieceBytes)
        #expect(events == [
            ServerSentEvent(event: "delta", data: "{\"content\": \"矩阵\"}"),
            ServerSentEvent(event: "message", data: "first\nsecond"),
            ServerSentEvent(event: "done", data: "", id: "7"),
        ], "an event without data is not dispatched, nor one the body ends before its blank line")
    }

    @Test("a line longer than the limit is refused, split or not")
    func lineTooLong() throws {
        var parser = ServerSentEventParser(maximumLineBytes: 8)
        #expect(try parser.feed(Array("data: 12\n\n".utf8)) == [ServerSentEvent(data: "12")])
        #expect(throws: ServerSentEventParser.LineTooLong.self) {
            _ = try parser.feed(Array("data: ".utf8))
            _ = try parser.feed(Array("123456".utf8))
        }
    }
}

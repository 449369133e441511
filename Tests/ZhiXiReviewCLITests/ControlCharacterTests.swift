import Foundation
import Testing
import ZhiXiTestServer

/// Issue 16, class 14: text from a workspace or a server cannot drive the terminal: control
/// characters are made visible in text output and on standard error; an iCalendar file is
/// escaped and folded as RFC 5545 asks.
@Suite("Control characters: escaped for terminals, RFC 5545 for calendars", .serialized)
struct ControlCharacterTests {
    static let hostileTitle = "Title\u{1B}[2J\u{0}\r\nFORGED LINE\u{7}"

    static func workspace() throws -> String {
        var object = try sampleWorkspaceObject()
        var lessons = object["lessons"] as! [[String: Any]]
        for index in lessons.indices { lessons[index]["title"] = hostileTitle + " \(index)" }
        object["lessons"] = lessons
        return try jsonText(object)
    }

    @Test("plan's text output shows the escapes, never ESC, NUL, CR or a forged line")
    func planText() async throws {
        let path = try temporaryFile("w.json", try Self.workspace())
        let result = await run("plan", path, "--now", "2026-11-29T09:00:00+08:00", "--days", "30")
        #expect(result.status == 0, "\(result.error)")
        #expect(!result.output.contains("\u{1B}") && !result.output.contains("\u{0}") && !result.output.contains("\r"))
        #expect(!result.output.split(separator: "\n").contains { $0.hasPrefix("FORGED") })
        #expect(result.output.contains("\\u{1B}[2J"))
    }

    @Test("the iCalendar file shows control characters as escapes in SUMMARY, folds at 75 octets and ends lines with CRLF")
    func iCalendar() async throws {
        let path = try temporaryFile("w.json", try Self.workspace())
        let result = await run("plan", path, "--now", "2026-11-29T09:00:00+08:00", "--format", "ics", "--days", "30")
        #expect(result.status == 0, "\(result.error)")
        let bytes = Array(result.output.utf8)
        #expect(!bytes.contains(0) && !bytes.contains(0x1B) && !bytes.contains(0x07))
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0D { #expect(index + 1 < bytes.count && bytes[index + 1] == 0x0A, "a bare CR at \(index)") }
            if byte == 0x0A { #expect(index > 0 && bytes[index - 1] == 0x0D, "a bare LF at \(index)") }
        }
        let lines = result.output.components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        let unfolded = result.output.replacingOccurrences(of: "\r\n ", with: "")
        // The package's one rule first (control characters and line breaks made visible), then
        // RFC 5545's escaping of its backslashes: the calendar shows `Title\u{1B}[2J\0\r\n…`.
        #expect(unfolded.contains("SUMMARY:") && unfolded.contains(#"Title\\u{1B}[2J\\0\\r\\nFORGED LINE\\u{7}"#))
    }

    @Test("a server message with ESC and a line break is shown escaped on standard error")
    func serverMessage() async throws {
        let api = try FakeZhiXiAPI()
        defer { api.server.stop() }
        api.server.faults.inject(.respond(.error(403, code: "NOPE\u{1B}[31m", message: "refused\u{1B}[2J\nzhixi-review: all is well")),
                                 method: "POST", path: "/api/auth/apple")
        let store = try temporaryFolder().appendingPathComponent("store").path
        let result = await run("auth", "sign-in", "--server", api.apiBaseURL.absoluteString, "--store", store, "--identity-token", "t",
                               "--authorization-code", "c", "--user-identifier", "apple-5")
        #expect(result.status == 77, "\(result.error)")
        #expect(!result.error.contains("\u{1B}"))
        #expect(!result.error.split(separator: "\n").contains { $0.hasPrefix("zhixi-review: all is well") })
    }
}

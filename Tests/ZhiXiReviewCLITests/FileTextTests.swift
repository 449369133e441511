import Foundation
import Testing
import ZhiXiCore
@testable import ZhiXiReviewCLI

/// Issue 28, class 2: text from a file or an argument — titles, weak points, card ids, material
/// ids, paths, unknown options — reaches standard output and error, CSV and calendars with the
/// package's one rule applied, in every format of every command that prints it.
@Suite("File and argument text: made visible on every path, every format")
struct FileTextTests {
    /// The sample workspace with ``hostileText`` in every title, weak point and the learner's name.
    static func workspace() throws -> String {
        var object = try sampleWorkspaceObject()
        var user = object["user"] as! [String: Any]
        user["displayName"] = "林晓" + hostileText
        object["user"] = user
        var lessons = object["lessons"] as! [[String: Any]]
        for index in lessons.indices { lessons[index]["title"] = "课\(index)" + hostileText }
        object["lessons"] = lessons
        var sessions = object["sessions"] as! [[String: Any]]
        for index in sessions.indices { sessions[index]["weakPoints"] = ["点" + hostileText] }
        object["sessions"] = sessions
        return try jsonText(object)
    }

    /// A review log whose card ids carry the text (a comma-free, quote-free part of it).
    static func log() -> String {
        let card = "c\u{1B}[2J\u{202E}\u{2066}\u{9B}\u{7}"
        return "card_id,review_time,review_rating\n" + (0 ..< 300).map { index in
            "\(card)\(index % 30),\(1_700_000_000_000 + index * 86_400_000),\(1 + index % 4)\n"
        }.joined()
    }

    @Test("plan, states, evaluate, optimize, record, events inspect, simulate in each of their formats",
          arguments: ["plan text", "plan json", "plan csv", "plan ics", "plan batch", "states text", "states json", "states csv",
                      "evaluate text", "evaluate json", "evaluate predictions", "optimize text", "record text", "record json",
                      "events text", "events json", "simulate text", "simulate json", "simulate csv"])
    func everyFormat(_ name: String) async throws {
        let workspace = try temporaryFile("w.json", try Self.workspace())
        let log = try temporaryFile("log.csv", Self.log())
        let now = ["--now", "2026-11-29T09:00:00+08:00"]
        let parts = name.split(separator: " ").map(String.init)
        var input = Data()
        let arguments: [String]
        switch (parts[0], parts[1]) {
        case ("plan", "batch"):
            arguments = ["plan", "--batch", "-"] + now
            input = Data((try Self.workspace() + "\n").utf8)
        case ("plan", let format): arguments = ["plan", workspace, "--format", format, "--days", "30"] + now
        case ("states", let format): arguments = ["states", log, "--format", format]
        case ("evaluate", "predictions"): arguments = ["evaluate", log, "--splits", "2", "--predictions", "-"]
        case ("evaluate", let format): arguments = ["evaluate", log, "--splits", "2", "--format", format]
        case ("optimize", _): arguments = ["optimize", log]
        case ("record", let format):
            arguments = ["record", workspace, "--lesson", "lesson-1-1", "--score", "60", "--weak-point", "点" + hostileText,
                         "--format", format]
        case ("events", let format):
            let queue = try temporaryFolder().appendingPathComponent("queue").path
            let event = #"{"eventId":"6F9619FF-8B86-D011-B42D-00CF4FC964FF","clientSessionId":"s\u001b","materialId":"m\u202e\u001b[2J\nFORGED","readingTargetType":"knowledge_source","eventType":"heartbeat","position":{"progress":0.5},"activeSecondsDelta":15,"clientTimestampMs":1767225600000,"sequence":1}"#
            let enqueued = await run(["events", "enqueue", queue], standardInput: Data((event + "\n").utf8))
            #expect(enqueued.status == 0, "\(enqueued.error)")
            arguments = ["events", "inspect", queue, "--format", format]
        case ("simulate", let format): arguments = ["simulate", "--revlog", log, "--days", "20", "--format", format]
        default: Issue.record("no case \(name)"); return
        }
        let result = await run(arguments, standardInput: input)
        #expect(result.status == 0, "\(name): \(result.error)")
        #expect(terminalFindings(result).isEmpty, "\(name): \(terminalFindings(result))")
        if parts[1] == "json" || parts[1] == "batch" { #expect(readsAsJSON(result.output), "\(name): not JSON") }
    }

    @Test("a message quoting an argument or a file shows its control characters and line breaks, never a line of its own")
    func messages() async throws {
        let hostilePath = "/nonexistent/w\u{1B}[2J\nzhixi-review: all is well\u{202E}.json"
        for arguments in [["plan", hostilePath], ["plan", "--no-such\u{1B}[31m\nzhixi-review: all is well"],
                          ["plan", "-", "--now", "2026\u{202E}\nzhixi-review: all is well"], ["unknown\u{7}\nzhixi-review: all is well"]] {
            let result = await run(arguments)
            #expect(result.status != 0)
            #expect(terminalFindings(result).isEmpty, "\(arguments): \(terminalFindings(result))")
        }
    }

    @Test("a huge argument is not echoed whole")
    func hugeArgument() async throws {
        let huge = String(repeating: "x", count: 200_000)
        for arguments in [["plan", "--now", huge, "x.json"], ["plan", "--" + huge], [huge], ["plan", "/nonexistent/" + huge]] {
            let result = await run(arguments)
            #expect(result.status != 0)
            #expect(result.error.utf8.count < 16 << 10, "\(result.error.utf8.count) bytes of message")
        }
    }

    @Test("the last guard at the edge: raw hidden characters in text become JSON-style escapes; LF, tab and CRLF stay")
    func edge() {
        let context = CommandContext()
        context.write("a\u{1B}b\tc\r\nd\re\u{202E}f\n")
        #expect(context.standardOutput == "a\\u001Bb\tc\r\nd\\u000De\\u202Ef\n")
        context.write("{\"k\":\"v\u{202E}\u{2028}\"}\n")
        #expect((try? JSONSerialization.jsonObject(with: Data(context.standardOutput.split(separator: "\n").last!.utf8))
                 as? [String: String])?["k"] == "v\u{202E}\u{2028}", "escaped JSON means the same string")
    }
}

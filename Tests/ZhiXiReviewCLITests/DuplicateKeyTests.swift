import Foundation
import Testing
import ZhiXiTestServer

/// Issue 16, class 6: a key twice in one JSON object is an error (65; 76 in a server's answer)
/// naming the key and its line, wherever the package reads JSON.
@Suite("Duplicate JSON keys are refused everywhere", .serialized)
struct DuplicateKeyTests {
    /// The record test workspace with a second `sessions` array (empty) after the first.
    static let twoSessionArrays = RecordCommandTests.workspace.replacingOccurrences(
        of: #""x-custom": {"kept": true},"#, with: #""x-custom": {"kept": true}, "sessions": [],"#)

    @Test("record and plan refuse a workspace with two sessions arrays, naming the key and the line; the file is unchanged")
    func workspace() async throws {
        #expect(Self.twoSessionArrays != RecordCommandTests.workspace)
        let path = try temporaryFile("w.json", Self.twoSessionArrays)
        let recorded = await run("record", path, "--lesson", "L1", "--score", "80", "--at", "2026-11-29T10:00:00+08:00")
        #expect(recorded.status == 65, "\(recorded.error)")
        #expect(recorded.error.contains("\"sessions\" appears twice") && recorded.error.contains("line "))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.twoSessionArrays)
        let planned = await run("plan", path)
        #expect(planned.status == 65 && planned.error.contains("appears twice"), "\(planned.error)")
    }

    @Test("--config with a field given twice is refused (65)")
    func simulatorConfiguration() async throws {
        let path = try temporaryFile("config.json", "{\n  \"deck_size\": 100,\n  \"deck_size\": 200\n}\n")
        let result = await run("simulate", "--config", path, "--days", "10")
        #expect(result.status == 65, "\(result.error)")
        #expect(result.error.contains("deck_size") && result.error.contains("line 3"))
    }

    @Test("--params with a parameters array given twice is refused (65)")
    func parameters() async throws {
        let defaults = "[0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]"
        let path = try temporaryFile("p.json", "{\"parameters\": \(defaults), \"parameters\": []}")
        let result = await run("plan", packageRoot.appendingPathComponent("data/sample-workspace.json").path, "--params", path)
        #expect(result.status == 65, "\(result.error)")
        #expect(result.error.contains("parameters"))
    }

    @Test("plan --batch answers a line with a duplicated key with its own error line; the others are planned")
    func batchLine() async throws {
        let good = try jsonText(try sampleWorkspaceObject())
        let bad = good.replacingOccurrences(of: #""dailyMinutes":45"#, with: #""dailyMinutes":45,"dailyMinutes":0"#)
        #expect(bad != good)
        let result = await run(["plan", "--batch", "-", "--now", "2026-11-29T01:00:00Z"],
                               standardInput: Data([good, bad, good].joined(separator: "\n").utf8))
        #expect(result.status == 65)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].contains("\"line\":2") && lines[1].contains("dailyMinutes") && lines[1].contains("twice"))
        #expect(lines[0].contains("\"plan\"") && lines[2].contains("\"plan\""))
    }

    @Test("events enqueue refuses a line with a key twice, naming the line; nothing is enqueued")
    func eventLine() async throws {
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        let line = EventsCommandTests.line(sequence: 1).replacingOccurrences(of: #""sequence":1"#, with: #""sequence":1,"sequence":2"#)
        let result = await run(["events", "enqueue", queue], standardInput: EventsCommandTests.input([EventsCommandTests.line(), line]))
        #expect(result.status == 65, "\(result.error)")
        #expect(result.error.contains("line 2") && result.error.contains("sequence"))
    }

    @Test("a server answer with a key twice is malformed (76)")
    func serverAnswer() async throws {
        let api = try FakeZhiXiAPI()
        defer { api.server.stop() }
        let store = try temporaryFolder().appendingPathComponent("store").path
        let signIn = await run("auth", "sign-in", "--server", api.apiBaseURL.absoluteString, "--store", store, "--identity-token", "t",
                               "--authorization-code", "c", "--user-identifier", "apple-9")
        #expect(signIn.status == 0, "\(signIn.error)")
        api.server.faults.inject(.rewrite { response in
            var changed = response
            let text = String(decoding: response.body, as: UTF8.self)
            changed.body = Data(text.replacingOccurrences(of: #""id":"#, with: #""id":"someone-else","id":"#).utf8)
            return changed
        }, method: "GET", path: "/api/users/me")
        let result = await run("auth", "whoami", "--server", api.apiBaseURL.absoluteString, "--store", store)
        #expect(result.status == 76, "\(result.error)")
        #expect(result.error.contains("twice"))
    }
}

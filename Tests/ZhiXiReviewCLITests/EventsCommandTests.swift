// Runs the built executable as a process: macOS and Linux only (iOS has no `Process`).
#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiModel
@testable import ZhiXiReviewCLI
import ZhiXiTestServer

/// The `events` commands: in-process against the fake reading server on a loopback port,
/// and as processes for the queue shared between them.
@Suite("zhixi-review events enqueue / inspect / flush", .serialized, .tags(.endToEnd))
struct EventsCommandTests {
    static func line(_ material: String = "src-1", sequence: Int = 1, id: UUID = UUID(), type: String = "heartbeat") -> String {
        #"{"eventId":"\#(id.uuidString)","clientSessionId":"s-1","materialId":"\#(material)","readingTargetType":"knowledge_source","eventType":"\#(type)","position":{"progress":0.5},"activeSecondsDelta":15,"clientTimestampMs":\#(1_767_225_600_000 + sequence),"sequence":\#(sequence)}"#
    }

    static func input(_ lines: [String]) -> Data { Data((lines.joined(separator: "\n") + "\n").utf8) }

    struct Server {
        let reading: FakeReadingEventServer
        let tokenFile: String
        init() throws {
            reading = try FakeReadingEventServer(limits: TestServerLimits(lifetime: 1_800))
            let tokens = reading.api.signInDirectly(userIdentifier: "support")
            tokenFile = try temporaryFile("token", tokens.accessToken + "\n")
        }
        var url: String { reading.api.apiBaseURL.absoluteString }
    }

    @Test("enqueue makes the lines durable; inspect counts them by state and material")
    func enqueueAndInspect() async throws {
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        let lines = [Self.line("src-1", sequence: 1), "", Self.line("src-1", sequence: 2), Self.line("tmp-9", sequence: 3)]
        let enqueued = await run(["events", "enqueue", queue], standardInput: Self.input(lines))
        #expect(enqueued.status == 0, "\(enqueued.error)")
        #expect(enqueued.output == "enqueued 3 events into \(queue)\n")
        let again = await run(["events", "enqueue", queue, "--format", "json"], standardInput: Self.input([lines[0]]))
        #expect(again.output == "{\"enqueued\": 0, \"alreadyQueued\": 1}\n")

        let text = await run("events", "inspect", queue)
        #expect(text.status == 0)
        #expect(text.output.contains("events: 3 (pending 3, failed 0)"))
        #expect(text.output.contains("oldest: 2026-01-01T00:00:00.001Z  heartbeat of src-1"))
        #expect(text.output.contains("  src-1  knowledge_source 2"))
        let json = await run("events", "inspect", queue, "--format", "json")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(report["pending"] as? Int == 3 && report["failed"] as? Int == 0 && report["total"] as? Int == 3)
        #expect((report["materials"] as? [[String: Any]])?.first?["materialId"] as? String == "src-1")
        #expect((report["oldest"] as? [String: Any])?["sequence"] as? Int == 1)
    }

    @Test("a line without platform, app version or time zone offset gets cli, this version and the offset of --timezone")
    func fillsWhatTheAppWouldSay() async throws {
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        let own = Self.line("src-2", sequence: 2).dropLast() + #","platform":"ios","appVersion":"1.4.0","clientTimezoneOffsetMinutes":-300}"#
        let enqueued = await run(["events", "enqueue", queue, "--timezone", "Asia/Shanghai"],
                                 standardInput: Self.input([Self.line("src-1", sequence: 1), String(own)]))
        #expect(enqueued.status == 0, "\(enqueued.error)")
        let json = await run("events", "inspect", queue, "--format", "json")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let oldest = try #require(report["oldest"] as? [String: Any])
        #expect(oldest["platform"] as? String == "cli" && oldest["appVersion"] as? String == ZhiXiReview.version)
        #expect(oldest["clientTimezoneOffsetMinutes"] as? Int == 480)
        let bad = await run(["events", "enqueue", queue], standardInput: Self.input([
            String(Self.line("src-3", sequence: 3).dropLast() + #","clientTimezoneOffsetMinutes":5000}"#)]))
        #expect(bad.status == 65 && bad.error.contains("clientTimezoneOffsetMinutes must be within"))
    }

    @Test("a bad line is reported by number and nothing from the input is enqueued (65)")
    func badLines() async throws {
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        let lines = [Self.line(sequence: 1), #"{"eventId": "x"}"#, Self.line(sequence: 3),
                     Self.line(sequence: 4).replacingOccurrences(of: "\"sequence\":4", with: "\"sequence\":0"), "not json"]
        let result = await run(["events", "enqueue", queue], standardInput: Self.input(lines))
        #expect(result.status == 65)
        #expect(result.error.contains("3 bad lines, nothing enqueued"))
        #expect(result.error.contains("standard input line 2: the field clientSessionId is missing"))
        #expect(result.error.contains("standard input line 4: sequence must be 1 or more"))
        #expect(result.error.contains("standard input line 5: not valid JSON"))
        #expect(await run("events", "inspect", queue).status == 66, "no queue was created")
    }

    @Test("flush uploads, drops refused events with a warning, and exits 0 when the queue is empty")
    func flushEmpties() async throws {
        let server = try Server()
        server.reading.refuse(deleted: ["gone"])
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        let lines = (1 ... 250).map { Self.line(sequence: $0) } + [Self.line("gone", sequence: 251)]
        #expect(await run(["events", "enqueue", queue], standardInput: Self.input(lines)).status == 0)
        let result = await run("events", "flush", queue, "--server", server.url, "--token-file", server.tokenFile, "--verbose")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("uploaded 250, dropped 1, kept 0 for a later try; 0 remain in \(queue) (3 requests, 0 retries)"))
        #expect(result.error.contains("warning: dropped event") && result.error.contains("SOURCE_DELETED"))
        #expect(result.error.contains("request POST learning/reading-events/batch"))
        #expect(!result.error.contains(try String(contentsOfFile: server.tokenFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(server.reading.storedEvents.count == 250)
        #expect(await run("events", "inspect", queue).output.contains("events: 0"))
    }

    @Test("flush exits 75 when events remain: 5xx after the retries, or the server down")
    func flushKeeps() async throws {
        let server = try Server()
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        #expect(await run(["events", "enqueue", queue], standardInput: Self.input((1 ... 5).map { Self.line(sequence: $0) })).status == 0)
        server.reading.api.server.faults.inject(.respond(.error(503, code: "BUSY", message: "busy")), times: 1)
        let busy = await run("events", "flush", queue, "--server", server.url, "--token-file", server.tokenFile, "--retries", "0",
                             "--format", "json")
        #expect(busy.status == 75)
        #expect(busy.error.contains("5 events remain in \(queue)") && busy.error.contains("HTTP 503"))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(busy.output.utf8)) as? [String: Any])
        #expect(report["failed"] as? Int == 5 && report["remaining"] as? Int == 5)
        #expect(await run("events", "inspect", queue).output.contains("failed 5"))

        try await server.reading.api.server.stopAndWait()
        let down = await run("events", "flush", queue, "--server", server.url, "--token-file", server.tokenFile)
        #expect(down.status == 75 && down.error.contains("cannot be reached"))
    }

    @Test("flush with --store uses the signed-in session and renews it on a 401")
    func flushWithStore() async throws {
        let server = try Server()
        let store = try temporaryFolder().appendingPathComponent("store").path
        let signIn = await run("auth", "sign-in", "--server", server.url, "--store", store, "--identity-token", "t",
                               "--authorization-code", "c", "--user-identifier", "apple-7")
        #expect(signIn.status == 0, "\(signIn.error)")
        server.reading.api.expireAccessTokens()
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        #expect(await run(["events", "enqueue", queue], standardInput: Self.input([Self.line()])).status == 0)
        let result = await run("events", "flush", queue, "--server", server.url, "--store", store)
        #expect(result.status == 0, "\(result.error)")
        #expect(server.reading.api.refreshCount == 1)
        let empty = try temporaryFolder().appendingPathComponent("empty-store").path
        #expect(await run("events", "flush", queue, "--server", server.url, "--store", empty).status == 77)
    }

    @Test("usage: not both --token-file and --store; without either, the default store (77 when empty); a missing queue is 66")
    func usage() async throws {
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        #expect(await run("events", "flush", queue, "--server", "http://127.0.0.1:9/api", "--token-file", "/tmp/t", "--store", "/tmp/s")
            .status == 64)
        let configuration = try temporaryFolder().path
        let neither = await run(["events", "flush", queue, "--server", "http://127.0.0.1:9/api"], environment: ["XDG_CONFIG_HOME": configuration])
        #expect(neither.status == 77 && neither.error.contains(configuration + "/zhixi-review holds no session"))
        let token = try temporaryFile("token", "abc")
        #expect(await run("events", "flush", queue, "--server", "http://127.0.0.1:9/api", "--token-file", token).status == 66)
    }

    @Test("eight processes enqueue into one queue at the same moment while another flushes: nothing lost, nothing twice")
    func processesShareTheQueue() throws {
        let path = BuiltProducts.executable("zhixi-review")
        #expect(FileManager.default.isExecutableFile(atPath: path.path), "build the package first: swift build")
        let server = try Server()
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        var launched: [Process] = []
        for writer in 0 ..< 8 {
            let process = Process()
            process.executableURL = path
            process.arguments = ["events", "enqueue", queue]
            let pipe = Pipe()
            process.standardInput = pipe
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            pipe.fileHandleForWriting.write(Self.input((1 ... 200).map { Self.line("m\(writer)", sequence: $0) }))
            try pipe.fileHandleForWriting.close()
            launched.append(process)
        }
        let flusher = Process()
        flusher.executableURL = path
        flusher.arguments = ["events", "flush", queue, "--server", server.url, "--token-file", server.tokenFile]
        flusher.standardOutput = FileHandle.nullDevice
        flusher.standardError = FileHandle.nullDevice
        try? flusher.run()
        for process in launched + [flusher] { process.waitUntilExit() }
        #expect(launched.allSatisfy { $0.terminationStatus == 0 })
        // A second flush delivers whatever the first did not see.
        let last = Process()
        last.executableURL = path
        last.arguments = ["events", "flush", queue, "--server", server.url, "--token-file", server.tokenFile]
        last.standardOutput = FileHandle.nullDevice
        last.standardError = FileHandle.nullDevice
        try last.run()
        last.waitUntilExit()
        #expect(last.terminationStatus == 0)
        #expect(server.reading.storedEvents.count == 1600)
        #expect(server.reading.duplicateCount == 0, "no event was sent twice")
    }
}
#endif

import Foundation
import Testing
import ZhiXiModel
import ZhiXiTestServer

/// Issue 16, classes 4, 5 and 12 through the command line: a flush against a server that
/// refuses every request keeps every event (75); `events inspect` changes no byte of the
/// journal and reports what it cannot read; a queue locked by another process is waited for
/// at most `--wait` seconds, saying so, then 75.
@Suite("zhixi-review events: refusals, damage and locks", .serialized)
struct EventsHostileTests {
    static func enqueue(_ queue: String, events: Int, calls: Int = 1, first: Int = 1) async throws -> [String] {
        var ids: [String] = []
        for call in 0 ..< calls {
            let lines = (0 ..< events).map { index -> String in
                let id = UUID()
                ids.append(id.uuidString)
                return EventsCommandTests.line(sequence: first + call * events + index, id: id)
            }
            let result = await run(["events", "enqueue", queue], standardInput: EventsCommandTests.input(lines))
            #expect(result.status == 0, "\(result.error)")
        }
        return ids
    }

    @Test("every batch answered 413 without a code: exit 75, nothing dropped, every event still queued")
    func flushAgainstRefusingServer() async throws {
        let server = try EventsCommandTests.Server()
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        _ = try await Self.enqueue(queue, events: 6)
        server.reading.api.server.faults.inject(.respond(TestHTTPResponse(status: 413)), method: "POST",
                                                path: "/api/learning/reading-events/batch", times: nil)
        let result = await run("events", "flush", queue, "--server", server.url, "--token-file", server.tokenFile, "--batch-size", "4")
        #expect(result.status == 75, "\(result.error)")
        #expect(!result.output.contains("dropped 1") && result.output.contains("dropped 0"), "\(result.output)")
        #expect(await run("events", "inspect", queue).output.contains("events: 6"))
    }

    @Test("inspect of a journal with a torn last record changes no byte and names what the record may have held")
    func tornTail() async throws {
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        let ids = try await Self.enqueue(queue, events: 3, calls: 3)
        let journal = queue + "/journal"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: journal))
        let end = bytes.lastIndex { $0 != 0 }! + 1
        bytes = bytes.prefix(end - 40)   // the last record cut short: its end never reached the disk
        try bytes.write(to: URL(fileURLWithPath: journal))
        let result = await run("events", "inspect", queue)
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == bytes, "inspect changed no byte")
        #expect(result.output.contains("events: 6"), "\(result.output)")
        #expect(result.output.contains("unreadable") && result.output.contains(ids[6]), "\(result.output)")
        #expect(result.status == 65)
    }

    @Test("inspect of a journal with one flipped byte in the middle reports the damaged record and the events it held")
    func flippedByte() async throws {
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        let ids = try await Self.enqueue(queue, events: 3, calls: 3)
        let journal = queue + "/journal"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: journal))
        let second = bytes.range(of: Data(ids[3].utf8))!.lowerBound
        bytes[second + 40] ^= 0x01   // inside the second record, after its first event id
        try bytes.write(to: URL(fileURLWithPath: journal))
        let json = await run("events", "inspect", queue, "--format", "json")
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == bytes, "inspect changed no byte")
        #expect(json.status == 65)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(report["total"] as? Int == 6)
        let unreadable = try #require(report["unreadable"] as? [[String: Any]])
        #expect(unreadable.count == 1)
        #expect((unreadable.first?["eventIds"] as? [String])?.contains(ids[3]) == true)
        #expect(json.error.contains("unreadable"))
    }

    @Test("inspect creates nothing in a queue directory that has no lock file")
    func inspectCreatesNothing() async throws {
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        _ = try await Self.enqueue(queue, events: 2)
        try FileManager.default.removeItem(atPath: queue + "/lock")
        let before = try FileManager.default.contentsOfDirectory(atPath: queue).sorted()
        #expect(await run("events", "inspect", queue).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: queue).sorted() == before)
    }

    @Test("a queue locked by another process: enqueue and inspect wait --wait seconds, say so, then exit 75")
    func lockedQueue() async throws {
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        _ = try await Self.enqueue(queue, events: 1)
        let holder = open(queue + "/lock", O_RDWR)
        #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
        defer { close(holder) }
        let enqueue = await run(["events", "enqueue", queue, "--wait", "1.5"],
                                standardInput: EventsCommandTests.input([EventsCommandTests.line(sequence: 9)]))
        #expect(enqueue.status == 75, "\(enqueue.error)")
        #expect(enqueue.error.contains("waiting for another zhixi-review on"))
        let inspect = await run("events", "inspect", queue, "--wait", "1.5")
        #expect(inspect.status == 75, "\(inspect.error)")
    }
}

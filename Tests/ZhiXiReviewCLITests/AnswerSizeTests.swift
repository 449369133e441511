import Foundation
import Testing
import ZhiXiTestServer

/// Issue 16, class 11: an answer larger than the client reads (announced or sent) ends the
/// command at once with 76, whatever size the server claims.
@Suite("A server announcing a huge answer: 76 at once", .serialized)
struct AnswerSizeTests {
    @Test("auth whoami against a server announcing 2 GB of body ends with 76, not a wait or gigabytes")
    func announcedTwoGigabytes() async throws {
        let api = try FakeZhiXiAPI()
        defer { api.server.stop() }
        let store = try temporaryFolder().appendingPathComponent("store").path
        let url = api.apiBaseURL.absoluteString
        #expect(await run("auth", "sign-in", "--server", url, "--store", store, "--identity-token", "t", "--authorization-code", "c",
                          "--user-identifier", "apple-3").status == 0)
        api.server.faults.inject(.announceContentLength(2_000_000_000), method: "GET", path: "/api/users/me", times: nil)
        let result = await run("auth", "whoami", "--server", url, "--store", store, "--timeout", "3", "--retries", "0")
        #expect(result.status == 76, "\(result.error)")
        #expect(result.error.contains("larger than"))
    }

    @Test("events flush against a server announcing 2 GB: 76, the events kept")
    func flushKeeps() async throws {
        let server = try EventsCommandTests.Server()
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        #expect(await run(["events", "enqueue", queue], standardInput: EventsCommandTests.input([EventsCommandTests.line()])).status == 0)
        server.reading.api.server.faults.inject(.announceContentLength(2_000_000_000), method: "POST",
                                                path: "/api/learning/reading-events/batch", times: nil)
        let result = await run("events", "flush", queue, "--server", server.url, "--token-file", server.tokenFile, "--timeout", "3")
        #expect(result.status == 76, "\(result.error)")
        #expect(await run("events", "inspect", queue).output.contains("events: 1"))
    }
}

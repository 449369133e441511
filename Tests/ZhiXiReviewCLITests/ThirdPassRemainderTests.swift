// Runs the built executable as a process for the full-disk case: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiModel
@testable import ZhiXiReviewCLI
import ZhiXiTestServer
import ZhiXiTestSupport

/// Issue 35, item 5: the six checks of the third hostile pass that still failed — each with the
/// status the docs give and a message that says what happened and where.
@Suite("The third pass's six: learner ids kept byte for byte, the session's learner, answers out of range, a full disk, a redirect",
       .serialized)
struct ThirdPassRemainderTests {
    typealias Setup = LearnerLoopTests.Setup

    @Test("a learner id that ends in a space keeps its outbox: claimed, claimed again, and no one else's")
    func trailingSpaceInLearnerID() throws {
        let outbox = try temporaryFolder()
        #expect(chmod(outbox.path, 0o700) == 0)
        #expect(try OutboxLearner.claim(outbox, for: "user-1 ", command: "tasks sync") == nil)
        #expect(try String(contentsOf: outbox.appendingPathComponent("learner"), encoding: .utf8) == "user-1 \n")
        #expect(try OutboxLearner.claim(outbox, for: "user-1 ", command: "tasks sync") == nil, "the same learner, again")
        #expect(throws: CommandError.self) { try OutboxLearner.claim(outbox, for: "user-1", command: "tasks sync") }
        do {
            _ = try OutboxLearner.claim(outbox, for: "user-1", command: "tasks sync")
        } catch {
            #expect(error.exitCode == .noPermission)
        }
    }

    @Test("pull when users/me names another learner than the session's: 77, nothing written")
    func usersMeNamesAnotherLearner() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        var object = try sampleWorkspaceObject()
        var user = try #require(object["user"] as? [String: Any])
        user["id"] = "someone-else"
        object["user"] = user
        setup.api.server.faults.inject(.respond(.rawJSON(try jsonText(user))), method: "GET", path: "/api/users/me", times: nil)
        let file = setup.path("new.json")
        let result = await run(["pull", "--out", file] + setup.connection)
        #expect(result.status == 77, "\(result.error)")
        #expect(result.error.contains("someone-else") && result.error.contains(setup.sample.user!.id), "\(result.error)")
        let written = (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data()
        #expect(written.isEmpty, "no workspace was written as someone else's")
        #expect(setup.api.server.requestCount("GET", "/api/learning/sessions") == 0)
    }

    @Test("an access token said to last 10^12 seconds is a malformed answer (76) naming expiresIn; nothing is saved")
    func expiresInOutOfRange() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let store = setup.path("another-store")
        let user = try #require(try sampleWorkspaceObject()["user"] as? [String: Any])
        let answer = try jsonText(["accessToken": "a", "refreshToken": "r", "expiresIn": 1_000_000_000_000, "user": user])
        setup.api.server.faults.inject(.respond(.rawJSON(answer)), method: "POST", path: "/api/auth/apple")
        let result = await run(["auth", "sign-in", "--server", setup.server, "--store", store, "--identity-token", "eyJ.id",
                                "--user-identifier", "apple-x"])
        #expect(result.status == 76, "\(result.error)")
        #expect(result.error.contains("expiresIn") && result.error.contains("out of range"), "\(result.error)")
        let status = await run(["auth", "status", "--server", setup.server, "--store", store])
        #expect(status.output.contains("user: none (signed out)"), "\(status.output)")
    }

    @Test("a number out of range in a server's answer is said, with its field (76), not called invalid JSON")
    func numberOutOfRangeInAnswer() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        var profile = try #require(try sampleWorkspaceObject()["profile"] as? [String: Any])
        profile["dailyMinutes"] = "HUGE"
        let answer = try jsonText(profile).replacingOccurrences(of: "\"HUGE\"", with: "1e400")
        setup.api.server.faults.inject(.respond(.rawJSON(answer)), method: "GET", path: "/api/users/me/learning-profile")
        let result = await run(["pull", "--out", setup.path("w.json")] + setup.connection)
        #expect(result.status == 76, "\(result.error)")
        #expect(result.error.contains("dailyMinutes") && result.error.contains("1e400") && result.error.contains("out of range"),
                "\(result.error)")
        #expect(!result.error.contains("not valid JSON"), "\(result.error)")
    }

    @Test("a number out of range in an event line is said, with its field and line (65)")
    func numberOutOfRangeInEvent() async throws {
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        let line = #"{"eventId":"A6F0C9C4-2F59-4C8B-9B8E-0E4B2B1E9D10","clientSessionId":"s","materialId":"m","#
            + #""readingTargetType":"knowledge_source","eventType":"heartbeat","activeSecondsDelta":5,"#
            + #""clientTimestampMs":1767225600000,"sequence":99999999999999999999}"#
        let result = await run(["events", "enqueue", queue], standardInput: Data(("\n" + line + "\n").utf8))
        #expect(result.status == 65, "\(result.error)")
        #expect(result.error.contains("line 2: the field sequence: the number 99999999999999999999"), "\(result.error)")
        #expect(!result.error.contains("not valid JSON"), "\(result.error)")
    }

    @Test("a redirect to a completion: 75 as for anything that waits, and the message says it waits in the outbox")
    func redirectedCompletionWaits() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let task = try #require(setup.api.learner(userID: setup.sample.user!.id)?.reviewTasks.first)
        let elsewhere = setup.api.server.baseURL.appendingPathComponent("elsewhere").absoluteString
        setup.api.server.faults.inject(.respond(TestHTTPResponse(status: 302, headers: ["Location": elsewhere])), method: "POST",
                                       path: "/api/review-tasks/\(task.id)/complete", times: nil)
        let result = await run(["tasks", "complete", task.id, "--outbox", setup.outbox] + setup.connection)
        #expect(result.status == 75, "\(result.error)")
        #expect(result.error.contains("302") && result.error.contains("redirect") && result.error.contains("1 action waits in \(setup.outbox)"),
                "\(result.error)")
        #expect(!result.error.contains("refused"), "a redirect is no refusal: \(result.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.outbox).filter { $0.hasSuffix(".json") }.count == 1)
    }

    /// Runs `events enqueue QUEUE` on `lines` as a process whose files may grow to `bytes` at most
    /// (`prlimit --fsize`, the signal ignored: a write past it fails as on a full disk), then
    /// says how many events the queue holds.
    static func enqueueOnFullDisk(_ queue: String, lines: [String], bytes: Int) async throws -> (status: Int32, held: Int, error: String) {
        let script = "trap '' XFSZ; exec /usr/bin/prlimit --fsize=\(bytes) -- \"$ZHIXI\" events enqueue '\(queue)'"
        let result = try await ExecutableRun.run([], input: .bytes(Data((lines.joined(separator: "\n") + "\n").utf8)),
                                           shell: script)
        let inspect = try await ExecutableRun.run(["events", "inspect", queue, "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: inspect.output) as? [String: Any]
        return (result.status, object?["total"] as? Int ?? -1, result.error)
    }

    static func eventLine(_ sequence: Int) -> String {
        #"{"eventId":"\#(UUID().uuidString)","clientSessionId":"s","materialId":"m","readingTargetType":"knowledge_source","#
            + #""eventType":"heartbeat","activeSecondsDelta":5,"clientTimestampMs":\#(1_767_225_600_000 + sequence),"sequence":\#(sequence)}"#
    }

    @Test("events enqueue on a nearly full disk: the events fit without the zeros written ahead, so 0 and they are in the queue",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit"), "needs prlimit (util-linux)"))
    func fullDiskRecordsFit() async throws {
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        let (status, held, error) = try await Self.enqueueOnFullDisk(queue, lines: (1...3).map(Self.eventLine), bytes: 64 << 10)
        #expect(status == 0, "\(error)")
        #expect(held == 3, "what was said is what the queue holds: \(error)")
    }

    @Test("events enqueue on a full disk: 74 and none of the events in the queue, nothing torn left",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit"), "needs prlimit (util-linux)"))
    func fullDiskNothingFits() async throws {
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        let (status, held, error) = try await Self.enqueueOnFullDisk(queue, lines: (1...400).map(Self.eventLine), bytes: 16 << 10)
        #expect(status == 74, "\(error)")
        #expect(held == 0, "nothing of the failed append can be read: \(error)")
        let inspect = try await ExecutableRun.run(["events", "inspect", queue])
        #expect(inspect.status == 0, "no unreadable stretch left behind: \(inspect.error)")
    }
}
#endif

import Foundation
import Testing
import ZhiXiCore
import ZhiXiFileSystem
import ZhiXiModel
@testable import ZhiXiReviewCLI
import ZhiXiTestServer

/// Issue 28, class 3: `pull` as a merge that can be trusted — the file must be the signed-in
/// learner's workspace; it is held under its lock from the first read to the last write (a new
/// one too); what comes is asked for from the newest record the server sent, never a local one
/// nor a date far ahead; unknown keys stay; every server record passes the workspace's bounds;
/// pages, bytes and time are limited, each with a clear error.
@Suite("pull: a merge that can be trusted", .serialized)
struct PullMergeTests {
    typealias Setup = LearnerLoopTests.Setup

    static func pull(_ setup: Setup, _ file: String, _ extra: [String] = []) async -> CommandRun {
        await run(["pull", "--out", file] + extra + setup.connection)
    }

    /// Adds a session to the server's learner, recorded (`createdAt`) at `createdAt`.
    static func addServerSession(_ setup: Setup, id: String, createdAt: Date, change: (inout LearningSession) -> Void = { _ in })
        -> String {
        let userID = setup.sample.user!.id
        setup.api.updateLearner(userID: userID) { learner in
            var session = LearningSession(id: id, userID: userID, lessonID: "lesson-1-2", startedAt: createdAt, endedAt: createdAt,
                                          userInput: "from another device", masteryScore: 70, createdAt: createdAt)
            change(&session)
            learner.sessions.append(session)
        }
        return id
    }

    @Test("another learner's workspace is refused (77) and unchanged; nothing but the account was asked")
    func anotherLearner() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        var object = try sampleWorkspaceObject()
        var user = object["user"] as! [String: Any]
        user["id"] = "someone-else"
        object["user"] = user
        var profile = object["profile"] as! [String: Any]
        profile["userId"] = "someone-else"
        object["profile"] = profile
        let file = try temporaryFile("theirs.json", try jsonText(object))
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let result = await Self.pull(setup, file)
        #expect(result.status == 77, "\(result.error)")
        #expect(result.error.contains("someone-else") && result.error.contains("nothing was written"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        #expect(setup.api.server.requestCount("GET", "/api/learning/sessions") == 0)
    }

    @Test("a file that is not a workspace is refused (65), by pull, plan and optimize alike")
    func notAWorkspace() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let text = "{\"name\": \"my-app\", \"version\": \"1.0.0\"}\n"
        let package = try temporaryFile("package.json", text)
        let result = await Self.pull(setup, package)
        #expect(result.status == 65, "\(result.error)")
        #expect(result.error.contains("is not a workspace"))
        #expect(try String(contentsOfFile: package, encoding: .utf8) == text)
        for input in ["{\"name\": \"my-app\"}", "{}"] {
            for command in [["plan", "-"], ["optimize", "-"]] {
                let refused = await run(command, standardInput: Data(input.utf8))
                #expect(refused.status == 65, "\(command) \(input): \(refused.error)")
                #expect(refused.error.contains("is not a workspace"))
            }
            let batch = await run(["plan", "--batch", "-"], standardInput: Data((input + "\n").utf8))
            #expect(batch.output.contains("is not a workspace"), "\(batch.output)")
        }
    }

    @Test("keys the program does not know survive a pull: the file's own members, and those inside records the server sent again")
    func unknownKeysKept() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        var object = try sampleWorkspaceObject()
        object["x-note"] = ["mine": true]
        var sessions = object["sessions"] as! [[String: Any]]
        sessions[0]["x-mood"] = "happy"
        object["sessions"] = sessions
        let file = try temporaryFile("w.json", String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted]),
                                                        as: UTF8.self))
        let result = await Self.pull(setup, file, ["--full"])
        #expect(result.status == 0, "\(result.error)")
        let after = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        #expect((after["x-note"] as? [String: Bool])?["mine"] == true)
        let first = try #require((after["sessions"] as? [[String: Any]])?.first { $0["id"] as? String == sessions[0]["id"] as? String })
        #expect(first["x-mood"] as? String == "happy", "the server's record of the session carries the file's own key")
        #expect(after["pullState"] != nil, "where the next pull starts is kept")
        #expect(await run(["plan", file, "--now", "2026-11-29T09:00:00+08:00"]).status == 0)
    }

    @Test("a session recorded here does not hide the server's later ones; nor does a server session dated 2199")
    func incrementalByTheServer() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let file = setup.path("w.json")
        #expect(await Self.pull(setup, file).status == 0)
        let missed = Self.addServerSession(setup, id: "session-other-device", createdAt: LearnerLoopTests.now)
        let recorded = await run(["record", file, "--lesson", "lesson-1-1", "--score", "70", "--at", "2026-11-29T02:00:00Z"])
        #expect(recorded.status == 0, "\(recorded.error)")
        #expect(await Self.pull(setup, file).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains(missed))

        _ = Self.addServerSession(setup, id: "session-2199", createdAt: ISO8601Timestamp.date(from: "2199-01-01T00:00:00Z")!)
        #expect(await Self.pull(setup, file).status == 0)
        let later = Self.addServerSession(setup, id: "session-later", createdAt: LearnerLoopTests.now)
        let third = await Self.pull(setup, file)
        #expect(third.status == 0, "\(third.error)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(later) && text.contains("session-2199"))
        let mark = try #require(WorkspaceMerge.mark(in: Data(text.utf8)))
        #expect(mark.sessionsThrough.map { $0 <= LearnerLoopTests.now.addingTimeInterval(86_400) } == true, "never a date far ahead")
    }

    @Test("a server record out of the workspace's bounds, or of a lesson nobody knows, is left out and named; the rest is merged and plans",
          arguments: ["masteryScore 1000", "unknown lesson", "year 2300"])
    func boundsBeforeMerge(_ problem: String) async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let file = setup.path("w.json")
        let bad = Self.addServerSession(setup, id: "session-bad", createdAt: LearnerLoopTests.now) { session in
            switch problem {
            case "masteryScore 1000": session.masteryScore = 1000
            case "unknown lesson": session.lessonID = "no-such-lesson"
            default: session.reviewAt = ISO8601Timestamp.date(from: "2300-01-01T00:00:00Z")!
            }
        }
        let result = await Self.pull(setup, file, ["--format", "json"])
        if problem == "year 2300" {
            // A date outside the years is malformed JSON of the contract: the answer is refused whole.
            #expect(result.status == 76, "\(result.error)")
            #expect(result.error.contains("reviewAt") && result.error.contains("1900–2200"))
            return
        }
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("left out the server's session \(bad)"))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect((report["refused"] as? [[String: Any]])?.first?["id"] as? String == bad)
        let written = try LearnerWorkspace(jsonData: Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(!written.sessions.contains { $0.id == bad } && written.sessions.count == setup.sample.sessions.count)
        #expect(await run(["plan", file, "--now", "2026-11-29T09:00:00+08:00"]).status == 0)
    }

    @Test("the file is locked for the whole pull: a pull waits for another writer (75 after --wait), and merges what a non-locking writer made meanwhile")
    func lockedThroughout() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let existing = try temporaryFile("w.json", sampleWorkspaceText)
        let held = try LockedFile.open(existing, limit: 1 << 30, wait: FileLockWait())
        let asked = setup.api.server.totalRequestCount
        let waited = await Self.pull(setup, existing, ["--wait", "1"])
        #expect(waited.status == 75, "\(waited.error)")
        #expect(setup.api.server.totalRequestCount == asked, "nothing asked before the lock")
        held.close()

        // A first pull: the new file is made (empty, exclusively) and held; another program writes
        // it meanwhile; the pull merges into what it wrote.
        let gate = TestServerGate(count: 1000)
        setup.api.server.faults.inject(.hold(gate), method: "GET", path: "/api/review-tasks")
        let file = setup.path("new.json")
        let pulling = Task { await Self.pull(setup, file) }
        var waitedForFile = 0
        while !FileManager.default.fileExists(atPath: file), waitedForFile < 3000 {
            try await Task.sleep(nanoseconds: 10_000_000)
            waitedForFile += 1
        }
        var object = try sampleWorkspaceObject()
        object["x-made-meanwhile"] = true
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.write(contentsOf: Data(try jsonText(object).utf8))
        try handle.close()
        gate.open()
        let result = await pulling.value
        #expect(result.status == 0, "\(result.error)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("x-made-meanwhile"), "what was written meanwhile is kept")
    }

    @Test("pages, bytes and time are limited, each a clear error, and nothing is written")
    func limits() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let filler = String(repeating: "x", count: 300_000)
        let sample = setup.sample.sessions[0]
        for limit in ["pages", "bytes"] {
            setup.api.server.faults.removeAll()
            setup.api.server.faults.inject(.rewrite({ _ in
                var session = sample
                session.id = UUID().uuidString
                if limit == "bytes" { session.userInput = filler }
                return .json(APIPageOfSessions(items: [session], nextCursor: UUID().uuidString))
            }), method: "GET", path: "/api/learning/sessions", times: nil)
            let file = setup.path("\(limit).json")
            let result = await Self.pull(setup, file, limit == "bytes" ? ["--max-size", "1"] : [])
            #expect(result.status == 76, "\(limit): \(result.error)")
            #expect(result.error.contains(limit == "pages" ? "1000 pages" : "in all"), "\(result.error)")
            #expect(!FileManager.default.fileExists(atPath: file), "the new file made for the pull is gone again")
        }
        setup.api.server.faults.removeAll()
        setup.api.server.faults.inject(.announceContentLength(1 << 20), method: "GET", path: "/api/learning/sessions", times: nil)
        let file = setup.path("time.json")
        let slow = await Self.pull(setup, file, ["--max-time", "2", "--timeout", "30"])
        #expect(slow.status == 69, "\(slow.error)")
        #expect(slow.error.contains("in all ran out") && slow.error.contains("--max-time"), "\(slow.error)")
    }
}

/// A page of sessions as the API sends it.
private struct APIPageOfSessions: Encodable {
    var items: [LearningSession]
    var nextCursor: String?
}

// Runs the built executable as a process: macOS and Linux only (iOS has no `Process`).
#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiCore
import ZhiXiModel
@testable import ZhiXiReviewCLI
import ZhiXiTestServer

/// The `zhixi-review` executable built beside this test bundle (`swift build` first).
let cliExecutable = BuiltProducts.executable("zhixi-review")

/// A learner's account through the API, into `plan` and back: `pull` → `plan` → `tasks
/// complete` → the server, offline completions through the outbox, and `analyze`.
@Suite("The loop: pull → plan → tasks complete → the server", .serialized, .tags(.endToEnd))
struct LearnerLoopTests {
    /// The CLI tests' clock (see `run`): 2026-11-29T01:00:00Z.
    static let now = ISO8601Timestamp.date(from: "2026-11-29T01:00:00Z")!

    /// The fake API with the sample learner seeded (its tasks planned as of now), a store
    /// signed in as that learner, and a folder for files.
    struct Setup {
        let api: FakeZhiXiAPI
        let folder: URL
        let store: String
        let outbox: String
        let sample: LearnerWorkspace

        init() async throws {
            api = try FakeZhiXiAPI(limits: TestServerLimits(lifetime: 1_800))
            let now = LearnerLoopTests.now
            api.setClock { now }
            sample = try LearnerWorkspace(jsonData: Data(contentsOf: packageRoot.appendingPathComponent("data/sample-workspace.json")))
            let user = try api.seed(sample, planAt: now)
            folder = try temporaryFolder()
            store = folder.appendingPathComponent("store").path
            outbox = folder.appendingPathComponent("outbox").path
            // Apple gave no authorization code this time: the identity token alone signs in.
            let signIn = await run(["auth", "sign-in", "--server", server, "--store", store, "--identity-token", "eyJ.id",
                                    "--user-identifier", user.appleUserID])
            #expect(signIn.status == 0, "\(signIn.error)")
        }

        var server: String { api.apiBaseURL.absoluteString }
        var connection: [String] { ["--server", server, "--store", store] }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    }

    static func planJSON(_ path: String) async -> CommandRun {
        await run(["plan", path, "--now", "2026-11-29T09:00:00+08:00", "--format", "json"])
    }

    @Test("pull (pages, a 401 renewed mid-way, a 503 retried) → plan as the source plans → tasks complete → the server holds completedAt")
    func loop() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        setup.api.setItemsPerPage(50)
        setup.api.server.faults.inject(.respond(.error(503, code: "BUSY", message: "try again")), method: "GET",
                                       path: "/api/learning/sessions", times: 1)
        let pages = LockedList<Int>()
        let api = setup.api
        setup.api.server.faults.add { request in
            guard request.method == "GET", request.path == "/api/learning/sessions" else { return nil }
            pages.append(pages.count + 1)
            // The 503 rule answers the first request; of the others, the fourth (page 4) finds its token expired.
            if pages.count == 4 { api.expireAccessTokens() }
            return nil
        }
        let file = setup.path("learner.json")
        let pulled = await run(["pull", "--out", file, "--format", "json"] + setup.connection)
        #expect(pulled.status == 0, "\(pulled.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(pulled.output.utf8)) as? [String: Any])
        let fetched = try #require(report["fetched"] as? [String: Int])
        #expect(fetched["sessions"] == setup.sample.sessions.count && fetched["analyses"] == setup.sample.analyses.count)
        #expect(setup.sample.sessions.count > 4 * 50, "several pages")
        #expect(setup.api.server.requestCount("GET", "/api/learning/sessions") == 5 + 1 + 1, "5 pages, the 503 and the 401 each asked again")
        #expect(setup.api.refreshCount == 1, "the expired session renewed once")

        let pulledWorkspace = try LearnerWorkspace(jsonData: Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(pulledWorkspace.schemaVersion == LearnerWorkspace.currentSchemaVersion)
        #expect(pulledWorkspace.sessions.count == setup.sample.sessions.count && !pulledWorkspace.reviewTasks.isEmpty)
        let pulledPlan = await Self.planJSON(file)
        let sourcePlan = await Self.planJSON(packageRoot.appendingPathComponent("data/sample-workspace.json").path)
        #expect(pulledPlan.status == 0 && !pulledPlan.output.isEmpty)
        #expect(pulledPlan.output == sourcePlan.output, "the pulled workspace plans as the source does, byte for byte")

        let plan = try ZhiXiJSON.makeDecoder().decode(ReviewPlan.self, from: Data(pulledPlan.output.utf8))
        let task = try #require(plan.today.first?.task)
        let completed = await run(["tasks", "complete", task.id, "--at", "2026-11-29T01:30:00Z", "--outbox", setup.outbox] + setup.connection)
        #expect(completed.status == 0, "\(completed.error)")
        #expect(completed.output.contains("completed \(task.id) at 2026-11-29T01:30:00Z"))
        let onServer = try #require(setup.api.reviewTask(id: task.id))
        #expect(onServer.status == .completed && onServer.completedAt == ISO8601Timestamp.date(from: "2026-11-29T01:30:00Z"))

        // The next pull asks only for what is newer, and the next plan counts the review.
        let again = await run(["pull", "--out", file, "--format", "json"] + setup.connection)
        #expect(again.status == 0, "\(again.error)")
        let againReport = try #require(try JSONSerialization.jsonObject(with: Data(again.output.utf8)) as? [String: Any])
        #expect((againReport["fetched"] as? [String: Int])?["sessions"] == 1, "only the newest session (since is inclusive)")
        #expect((againReport["total"] as? [String: Int])?["sessions"] == setup.sample.sessions.count)
        let listed = await run(["tasks", "list", "--status", "completed", "--format", "json"] + setup.connection)
        #expect(listed.status == 0 && listed.output.contains(task.id))
        let replanned = await Self.planJSON(file)
        #expect(replanned.status == 0 && replanned.output != pulledPlan.output)
        #expect(!replanned.output.contains(task.id), "the completed task is not planned again")
    }

    @Test("offline: a completion waits in the outbox (75); a sync killed while the server applies it; the next sync sends it once")
    func offlineCompletionAfterKill() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let task = try #require(setup.api.learner(userID: setup.sample.user!.id)?.reviewTasks.first)
        setup.api.server.faults.inject(.closeConnection, method: "POST", times: nil)
        let offline = await run(["tasks", "complete", task.id, "--at", "2026-11-29T00:45:00Z", "--outbox", setup.outbox, "--retries", "0"]
                                + setup.connection)
        #expect(offline.status == 75, "\(offline.error)")
        #expect(offline.error.contains("'zhixi-review tasks sync' sends them"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.outbox).filter { $0.hasSuffix(".json") }.count == 1)
        #expect(setup.api.completionCount == 0)

        // A sync in another process, killed while the server holds its request; the server
        // then applies it, but the answer finds no one.
        setup.api.server.faults.removeAll()
        let gate = TestServerGate(count: 2)
        setup.api.server.faults.inject(.hold(gate), method: "POST", path: "/api/review-tasks/\(task.id)/complete")
        let process = Process()
        process.executableURL = cliExecutable
        process.arguments = ["tasks", "sync", "--outbox", setup.outbox] + setup.connection
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        #expect(await eventually { gate.arrivals == 1 }, "the sync's request reached the server")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        gate.open()
        #expect(await eventually { setup.api.completionCount == 1 }, "the server applied the completion")

        let sync = await run(["tasks", "sync", "--outbox", setup.outbox, "--format", "json"] + setup.connection)
        #expect(sync.status == 0, "\(sync.error)")
        #expect(sync.output.contains(#""remaining":0"#))
        #expect(setup.api.completionCount == 1, "sent again, applied once")
        #expect(setup.api.reviewTask(id: task.id)?.completedAt == ISO8601Timestamp.date(from: "2026-11-29T00:45:00Z"),
                "the learner's time, not the sync's")
        let requests = setup.api.server.requestCount("POST", "/api/review-tasks/{id}/complete")
        let idle = await run(["tasks", "sync", "--outbox", setup.outbox] + setup.connection)
        #expect(idle.status == 0 && idle.output.contains("the outbox is empty"))
        #expect(setup.api.server.requestCount("POST", "/api/review-tasks/{id}/complete") == requests, "nothing left to send")
    }

    @Test("a completion of a task the server does not have is refused (77) and dropped; skip; list")
    func refusedAndSkipped() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let gone = await run(["tasks", "complete", "no-such-task", "--outbox", setup.outbox] + setup.connection)
        #expect(gone.status == 77, "\(gone.error)")
        #expect(gone.error.contains("TASK_NOT_FOUND") && gone.error.contains("refused and dropped"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.outbox).filter { $0.hasSuffix(".json") }.isEmpty)
        let task = try #require(setup.api.learner(userID: setup.sample.user!.id)?.reviewTasks.last)
        let skipped = await run(["tasks", "skip", task.id, "--outbox", setup.outbox, "--format", "json"] + setup.connection)
        #expect(skipped.status == 0, "\(skipped.error)")
        #expect(setup.api.reviewTask(id: task.id)?.status == .skipped)
        let listed = await run(["tasks", "list", "--status", "skipped"] + setup.connection)
        #expect(listed.status == 0 && listed.output.contains(task.id) && listed.output.contains("skipped"))
        let bad = await run(["tasks", "list", "--from", "2026-12-05", "--to", "2026-12-01"] + setup.connection)
        #expect(bad.status == 64)
    }

    @Test("analyze --workspace records the session and its analysis; the next plan changes")
    func analyzeChangesThePlan() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let file = setup.path("learner.json")
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("data/sample-workspace.json").path, toPath: file)
        let before = await Self.planJSON(file)
        let lesson = try #require(setup.sample.lessons.first { $0.id == "lesson-4-2" })
        let input = Data("我讲一遍：\(lesson.keyPoints[0])，还有别的我不记得了。".utf8)
        let analyzed = await run(["analyze", "--lesson", lesson.id, "--input", "-", "--workspace", file, "--minutes", "20"] + setup.connection,
                                 environment: [:], standardInput: input)
        #expect(analyzed.status == 0, "\(analyzed.error)")
        #expect(analyzed.output.contains("掌握度：") && analyzed.output.contains("薄弱点："), "Simplified Chinese, as the profile says")
        let workspace = try LearnerWorkspace(jsonData: Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(workspace.sessions.count == setup.sample.sessions.count + 1 && workspace.analyses.count == setup.sample.analyses.count + 1)
        let session = try #require(workspace.sessions.last)
        #expect(session.lessonID == lesson.id && session.analysisID == workspace.analyses.last?.id && session.reviewAt != nil)
        #expect(session.weakPoints == Array(lesson.keyPoints.dropFirst().prefix(3)))
        let after = await Self.planJSON(file)
        #expect(after.status == 0 && after.output != before.output, "the next plan uses the new session")
        let plan = try ZhiXiJSON.makeDecoder().decode(ReviewPlan.self, from: Data(after.output.utf8))
        let lessonTask = try #require((plan.today + plan.tomorrow + plan.thisWeek + plan.later)
            .first { $0.task.lessonID == lesson.id && $0.task.reviewType != .weakPoint })
        #expect(lessonTask.task.sourceSessionID == session.id)

        let unknown = await run(["analyze", "--lesson", "nope", "--input", "-", "--workspace", file] + setup.connection, standardInput: input)
        #expect(unknown.status == 65)
        let empty = await run(["analyze", "--lesson", lesson.id, "--input", "-"] + setup.connection, standardInput: Data("  \n".utf8))
        #expect(empty.status == 65)
    }

    @Test("pull without a session: 77; into a file that is not a workspace: 65, untouched")
    func pullErrors() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let signedOut = await run(["pull", "--out", setup.path("w.json"), "--server", setup.server, "--store", setup.path("empty-store")])
        #expect(signedOut.status == 77)
        let broken = setup.path("broken.json")
        try Data("{\"sessions\": 3}".utf8).write(to: URL(fileURLWithPath: broken))
        let refused = await run(["pull", "--out", broken] + setup.connection)
        #expect(refused.status == 65)
        #expect(try String(contentsOfFile: broken, encoding: .utf8) == "{\"sessions\": 3}")
    }
}
#endif

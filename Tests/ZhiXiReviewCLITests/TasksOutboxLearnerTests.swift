import Foundation
import Testing
import ZhiXiCore
import ZhiXiFileSystem
import ZhiXiModel
@testable import ZhiXiReviewCLI
import ZhiXiServices
import ZhiXiTestServer
import ZhiXiTestSupport

/// The `tasks` commands keep each learner's completions and skips apart: nothing is kept
/// without a session, the default outbox is the learner's own, and an outbox that holds
/// another learner's actions is refused — so a learner who signs in after another never
/// sends, nor has refused and dropped, the other's reviews.
@Suite("tasks: an outbox per learner", .serialized)
struct TasksOutboxLearnerTests {
    typealias Setup = LearnerLoopTests.Setup

    /// Action files waiting directly in `directory` (none when it does not exist).
    static func waiting(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".json") }
    }

    /// Signs the store out, then in as the Apple user `appleUserID`; answers the learner's id.
    static func switchLearner(_ setup: Setup, to appleUserID: String) async throws -> String {
        let signOut = await run(["auth", "sign-out"] + setup.connection)
        #expect(signOut.status == 0, "\(signOut.error)")
        let signIn = await run(["auth", "sign-in", "--identity-token", "eyJ.\(appleUserID)", "--user-identifier", appleUserID,
                                "--format", "json"] + setup.connection)
        #expect(signIn.status == 0, "\(signIn.error)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(signIn.output.utf8)) as? [String: Any])
        let user = try #require(answer["user"] as? [String: Any])
        return try #require(user["id"] as? String)
    }

    @Test("without a session, tasks complete and skip keep nothing (77) and say why")
    func nothingKeptWithoutSession() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let store = setup.path("signed-out-store")
        for command in ["complete", "skip"] {
            let refused = await run(["tasks", command, "task-1", "--server", setup.server, "--store", store])
            #expect(refused.status == 77, "\(refused.error)")
            #expect(refused.error.contains("not signed in"))
        }
        #expect(!FileManager.default.fileExists(atPath: store + "-outbox"), "no outbox was made")
        #expect(setup.api.server.requestCount("POST", "/api/review-tasks/{id}/complete") == 0)
    }

    @Test("a completion made offline by one learner is never sent by the next learner on the store; its own learner sends it")
    func anotherLearnerNeverSends() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let first = try #require(setup.sample.user?.id)
        let task = try #require(setup.api.learner(userID: first)?.reviewTasks.first)
        let firstOutbox = setup.store + "-outbox/" + LearnerDirectoryName.name(for: first)

        setup.api.server.faults.inject(.closeConnection, method: "POST", times: nil)
        let offline = await run(["tasks", "complete", task.id, "--at", "2026-11-29T00:45:00Z", "--retries", "0"] + setup.connection)
        #expect(offline.status == 75, "\(offline.error)")
        #expect(Self.waiting(firstOutbox).count == 1, "kept in the first learner's own outbox")
        setup.api.server.faults.removeAll()
        let attempts = setup.api.server.requestCount("POST", "/api/review-tasks/{id}/complete")

        let second = try await Self.switchLearner(setup, to: "apple-second-learner")
        #expect(second != first)
        let ownSync = await run(["tasks", "sync"] + setup.connection)
        #expect(ownSync.status == 0, "\(ownSync.error)")
        #expect(ownSync.output.contains("the outbox is empty"), "the second learner's outbox is their own")
        let otherSync = await run(["tasks", "sync", "--outbox", firstOutbox] + setup.connection)
        #expect(otherSync.status == 77, "\(otherSync.error)")
        #expect(otherSync.error.contains("holds the actions of learner \(first)"))
        let otherComplete = await run(["tasks", "complete", "task-2", "--outbox", firstOutbox] + setup.connection)
        #expect(otherComplete.status == 77)
        #expect(Self.waiting(firstOutbox).count == 1, "the first learner's completion is untouched, nothing added")
        #expect(setup.api.completionCount == 0)
        #expect(setup.api.server.requestCount("POST", "/api/review-tasks/{id}/complete") == attempts, "nothing more was sent")

        let again = try await Self.switchLearner(setup, to: try #require(setup.sample.user?.appleUserID))
        #expect(again == first)
        let sync = await run(["tasks", "sync"] + setup.connection)
        #expect(sync.status == 0, "\(sync.error)")
        #expect(setup.api.completionCount == 1)
        #expect(setup.api.reviewTask(id: task.id)?.completedAt == ISO8601Timestamp.date(from: "2026-11-29T00:45:00Z"))
        #expect(Self.waiting(firstOutbox).isEmpty)
    }

    @Test("actions an earlier version left in the shared outbox are pointed out, then claimed and sent with --outbox")
    func earlierSharedOutbox() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let learner = try #require(setup.sample.user?.id)
        let task = try #require(setup.api.learner(userID: learner)?.reviewTasks.first)
        let shared = setup.store + "-outbox"
        let earlier = try ReviewTaskOutbox(directory: URL(fileURLWithPath: shared, isDirectory: true))
        try await earlier.enqueue(.complete(taskID: task.id, at: LearnerLoopTests.now, recordedAt: LearnerLoopTests.now))

        let sync = await run(["tasks", "sync"] + setup.connection)
        #expect(sync.status == 0, "\(sync.error)")
        #expect(sync.error.contains("1 action recorded by an earlier version wait in \(shared)"))
        #expect(setup.api.completionCount == 0, "not sent as anyone's until a learner claims it")

        let claimed = await run(["tasks", "sync", "--outbox", shared] + setup.connection)
        #expect(claimed.status == 0, "\(claimed.error)")
        #expect(claimed.error.contains("named no learner"))
        #expect(setup.api.completionCount == 1)
        #expect(try String(contentsOfFile: shared + "/learner", encoding: .utf8) == learner + "\n")
    }

    @Test("a learner's outbox directory: the app's rule, the id in hex; an earlier version's name: a plain id as it is, else x and hex")
    func directoryNames() {
        #expect(LearnerDirectoryName.name(for: "user-001_a.b") == "757365722d3030315f612e62")
        #expect(LearnerDirectoryName.name(for: "../etc") == "2e2e2f657463")
        #expect(LearnerDirectoryName.name(for: "") == "-")
        #expect(LearnerDirectoryName.name(for: "学") == "e5ada6")
        #expect(OutboxLearner.earlierDirectoryName(for: "user-001_a.b") == "user-001_a.b")
        #expect(OutboxLearner.earlierDirectoryName(for: "../etc") == "x2e2e2f657463")
        #expect(OutboxLearner.earlierDirectoryName(for: ".hidden") == "x2e68696464656e")
        #expect(OutboxLearner.earlierDirectoryName(for: "") == "x")
        #expect(OutboxLearner.earlierDirectoryName(for: "学") == "xe5ada6")
        #expect(OutboxLearner.earlierDirectoryName(for: String(repeating: "a", count: 101)).hasPrefix("x6161"))
    }

    @Test("an earlier version's outbox is used where it is, never renamed; with both, the one rule's, and a warning; a planted one refused")
    func earlierOutboxes() throws {
        let shared = try TemporaryDirectory.make(prefix: "outbox-layout")
        defer { try? FileManager.default.removeItem(at: shared) }
        let manager = FileManager.default
        // A new learner: the one rule's folder (made later by the outbox).
        let fresh = try OutboxLearner.defaultDirectory(in: shared, for: "user-1", command: "tasks sync")
        #expect(fresh.directory.lastPathComponent == "757365722d31" && fresh.warning == nil)
        // An earlier version's folder with an action: used in place, its action still there.
        let earlier = shared.appendingPathComponent("user-1")
        try manager.createDirectory(at: earlier, withIntermediateDirectories: false)
        try Data("{}".utf8).write(to: earlier.appendingPathComponent("7461736b.complete.json"))
        let kept = try OutboxLearner.defaultDirectory(in: shared, for: "user-1", command: "tasks sync")
        #expect(kept.directory.lastPathComponent == "user-1" && kept.warning == nil)
        #expect(Self.waiting(earlier.path) == ["7461736b.complete.json"])
        // Both: the one rule's, and the earlier folder's action named with the command to send it.
        let current = shared.appendingPathComponent("757365722d31")
        try manager.createDirectory(at: current, withIntermediateDirectories: false)
        let both = try OutboxLearner.defaultDirectory(in: shared, for: "user-1", command: "tasks sync")
        #expect(both.directory.path == current.path)
        #expect(both.warning?.contains("1 action of learner user-1 recorded by an earlier version wait in \(earlier.path)") == true)
        #expect(both.warning?.contains("--outbox \(earlier.path)") == true)
        // Learner "abc"'s folder is 616263, which an earlier version gave learner "616263": its
        // actions, with no learner named, are not abc's.
        let planted = shared.appendingPathComponent("616263")
        try manager.createDirectory(at: planted, withIntermediateDirectories: false)
        try Data("{}".utf8).write(to: planted.appendingPathComponent("7461736b.skip.json"))
        #expect(throws: CommandError.self) { try OutboxLearner.defaultDirectory(in: shared, for: "abc", command: "tasks sync") }
        do {
            _ = try OutboxLearner.defaultDirectory(in: shared, for: "abc", command: "tasks sync")
        } catch {
            #expect(error.exitCode == .noPermission && error.message.contains("earlier version kept for learner 616263"))
        }
        #expect(Self.waiting(planted.path) == ["7461736b.skip.json"])
        // Once it names its learner, the claim decides (77 for another learner), as for any outbox.
        try Data("616263\n".utf8).write(to: planted.appendingPathComponent("learner"))
        #expect(try OutboxLearner.defaultDirectory(in: shared, for: "abc", command: "tasks sync").directory.path == planted.path)
    }
}

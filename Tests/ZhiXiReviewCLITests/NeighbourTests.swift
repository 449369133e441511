import Foundation
import Testing
import ZhiXiFileSystem
import ZhiXiModel
@testable import ZhiXiReviewCLI
import ZhiXiTestServer

/// Issue 28, class 1: another user of the machine (uid 4242, made the owner of files with
/// `lchown`: root only, skipped and said otherwise) cannot lead a write of ours through their
/// link, plant an action that would be sent with our token, or make a directory we then use.
/// Every directory and file the package keeps is checked as the store is before it is used.
@Suite("A neighbour's links, directories and entries", .serialized)
struct NeighbourTests {
    typealias Setup = LearnerLoopTests.Setup
    static let neighbour: (uid: uid_t, gid: gid_t) = (4242, 4242)
    static let isRoot = geteuid() == 0

    static func own(_ paths: String...) {
        for path in paths { lchown(path, neighbour.uid, neighbour.gid) }
    }

    static func posts(_ setup: Setup) -> [String] {
        setup.api.server.receivedRequests.filter { $0.method == "POST" && !$0.path.hasPrefix("/api/auth/") }.map(\.path)
    }

    static let action = #"{"taskId":"TASK","kind":"complete","completedAt":"2026-11-29T01:00:00Z","recordedAt":"2026-11-29T01:00:00Z"}"#

    @Test("STORE-outbox a neighbour's link: nothing created through it, nothing sent", .enabled(if: isRoot, "needs root to give a link away"))
    func outboxLink() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let target = setup.path("theirs")
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        chmod(target, 0o777)
        #expect(symlink(target, setup.store + "-outbox") == 0)
        Self.own(target, setup.store + "-outbox")
        let task = try #require(setup.api.learner(userID: setup.sample.user!.id)?.reviewTasks.first)
        let result = await run(["tasks", "complete", task.id] + setup.connection)
        #expect(result.status == 77, "\(result.error)")
        #expect(result.error.contains("symbolic link"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty)
        #expect(Self.posts(setup).isEmpty)
    }

    @Test("an outbox of the neighbour's, with an action planted, is refused (77): nothing read or sent",
          .enabled(if: isRoot, "needs root to give a directory away"))
    func plantedAction() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let task = try #require(setup.api.learner(userID: setup.sample.user!.id)?.reviewTasks.first)
        let name = task.id.utf8.map { String(format: "%02x", $0) }.joined() + ".complete.json"
        // The default outbox's directory made by the neighbour, open to all.
        let shared = setup.store + "-outbox"
        let outbox = shared + "/" + LearnerDirectoryName.name(for: setup.sample.user!.id)
        try FileManager.default.createDirectory(atPath: outbox, withIntermediateDirectories: true)
        chmod(shared, 0o777)
        chmod(outbox, 0o777)
        try Data(Self.action.replacingOccurrences(of: "TASK", with: task.id).utf8).write(to: URL(fileURLWithPath: outbox + "/" + name))
        try Data((setup.sample.user!.id + "\n").utf8).write(to: URL(fileURLWithPath: outbox + "/learner"))
        Self.own(shared, outbox, outbox + "/" + name, outbox + "/learner")
        let sync = await run(["tasks", "sync"] + setup.connection)
        #expect(sync.status == 77, "\(sync.error)")
        #expect(Self.posts(setup).isEmpty, "the planted action was not sent")
        // A shared --outbox holding the neighbour's action: the same.
        let given = setup.path("given-outbox")
        try FileManager.default.createDirectory(atPath: given, withIntermediateDirectories: true)
        chmod(given, 0o777)
        try Data(Self.action.replacingOccurrences(of: "TASK", with: task.id).utf8).write(to: URL(fileURLWithPath: given + "/" + name))
        Self.own(given, given + "/" + name)
        let explicit = await run(["tasks", "sync", "--outbox", given] + setup.connection)
        #expect(explicit.status == 77, "\(explicit.error)")
        #expect(Self.posts(setup).isEmpty)
    }

    @Test("an entry of the neighbour's in our own outbox (the learner file, an action) is refused and named, never obeyed",
          .enabled(if: isRoot, "needs root to give a file away"))
    func plantedEntry() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let outbox = setup.store + "-outbox/" + LearnerDirectoryName.name(for: setup.sample.user!.id)
        try FileManager.default.createDirectory(atPath: outbox, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        chmod(setup.store + "-outbox", 0o700)
        try Data("someone-else\n".utf8).write(to: URL(fileURLWithPath: outbox + "/learner"))
        chmod(outbox + "/learner", 0o600)
        Self.own(outbox + "/learner")
        let result = await run(["tasks", "complete", "task-1"] + setup.connection)
        #expect(result.status == 77, "\(result.error)")
        #expect(result.error.contains("belongs to another user"))
        #expect(Self.posts(setup).isEmpty)
    }

    @Test("an output through the neighbour's link in a shared sticky directory is refused (74) and its target kept",
          .enabled(if: isRoot, "needs root to give a link away"))
    func outputThroughNeighboursLink() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let shared = setup.path("tmp")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        chmod(shared, 0o1777)
        let precious = setup.path("precious")
        try Data("keep\n".utf8).write(to: URL(fileURLWithPath: precious))
        let link = shared + "/out.json"
        #expect(symlink(precious, link) == 0)
        Self.own(link)
        let sample = packageRoot.appendingPathComponent("data/sample-workspace.json").path
        for arguments in [["optimize", sample, "--out", link], ["simulate", "--days", "10", "--deck", "20", "--svg", link],
                          ["evaluate", sample, "--splits", "2", "--predictions", link], ["pull", "--out", link] + setup.connection] {
            let result = await run(arguments)
            #expect(result.status == 74, "\(arguments[0]): \(result.error)")
            #expect(result.error.contains("belongs to user 4242"))
            #expect(try String(contentsOfFile: precious, encoding: .utf8) == "keep\n")
        }
        // The user's own link there is followed: a link stays a link to the updated file.
        let mine = shared + "/mine.json"
        #expect(symlink(precious, mine) == 0)
        #expect(await run(["optimize", sample, "--out", mine]).status == 0)
        #expect(try String(contentsOfFile: precious, encoding: .utf8) != "keep\n")
    }

    @Test("a store or a queue reached through, or made by, the neighbour is refused; nothing is created through their link",
          .enabled(if: isRoot, "needs root to give a link away"))
    func storeAndQueue() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let theirs = setup.path("their-config")
        try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: true)
        Self.own(theirs)
        let link = setup.path("config")
        #expect(symlink(theirs, link) == 0)
        Self.own(link)
        let signIn = await run(["auth", "sign-in", "--server", setup.server, "--store", link + "/zhixi", "--identity-token", "t",
                                "--user-identifier", "apple-7"])
        #expect([74, 77].contains(signIn.status), "\(signIn.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: theirs).isEmpty, "nothing made through the link")

        let queue = setup.path("their-queue")
        let event = #"{"eventId":"6F9619FF-8B86-D011-B42D-00CF4FC964FF","clientSessionId":"s","materialId":"m","readingTargetType":"knowledge_source","eventType":"heartbeat","position":{"progress":0.5},"activeSecondsDelta":15,"clientTimestampMs":1767225600000,"sequence":1}"#
        #expect(await run(["events", "enqueue", queue], standardInput: Data((event + "\n").utf8)).status == 0)
        for entry in try FileManager.default.contentsOfDirectory(atPath: queue) { Self.own(queue + "/" + entry) }
        Self.own(queue)
        let flush = await run(["events", "flush", queue, "--server", setup.server, "--store", setup.store])
        #expect(flush.status == 77, "\(flush.error)")
        #expect(setup.api.server.requestCount("POST", "/api/learning/reading-events/batch") == 0)
    }
}

import Foundation
import Testing
import ZhiXiCore
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiServices
import ZhiXiTestServer
import ZhiXiTestSupport

/// A review service that sends through another and then loses the answer a given number of
/// times, as a process killed between the server's answer and the outbox's removal would.
final class AnswerLosingService: ReviewService, @unchecked Sendable {
    let inner: any ReviewService
    private let lock = NSLock()
    private var losses: Int

    init(_ inner: any ReviewService, losing losses: Int) {
        self.inner = inner
        self.losses = losses
    }

    private func lose() -> Bool {
        lock.withLock {
            guard losses > 0 else { return false }
            losses -= 1
            return true
        }
    }

    func reviewTasks(_ query: ReviewTaskQuery) async throws(APIError) -> [ReviewTask] { try await inner.reviewTasks(query) }

    func completeTask(id: String, at completedAt: Date) async throws(APIError) -> ReviewTask {
        let task = try await inner.completeTask(id: id, at: completedAt)
        if lose() { throw .network(.connectionLost) }
        return task
    }

    func skipTask(id: String) async throws(APIError) -> ReviewTask {
        let task = try await inner.skipTask(id: id)
        if lose() { throw .network(.connectionLost) }
        return task
    }
}

@Suite("The review-task outbox: each completion or skip reaches the server once, across kills and retries")
struct ReviewTaskOutboxTests {
    static let done = ServiceFixture.now.addingTimeInterval(-3_600)

    @Test("an action is on disk when enqueue returns; the same action twice is kept once, the first")
    func durable() async throws {
        let directory = ServiceFixture.temporaryDirectory()
        let outbox = try ReviewTaskOutbox(directory: directory)
        #expect(try await outbox.enqueue(.complete(taskID: "t1", at: Self.done, recordedAt: Self.done)))
        #expect(try await !outbox.enqueue(.complete(taskID: "t1", at: Self.done.addingTimeInterval(60), recordedAt: Self.done)))
        #expect(try await outbox.enqueue(.skip(taskID: "t2", recordedAt: Self.done.addingTimeInterval(1))))
        let reopened = try ReviewTaskOutbox(directory: directory, create: false)
        #expect(try await reopened.waiting() == [.complete(taskID: "t1", at: Self.done, recordedAt: Self.done),
                                                 .skip(taskID: "t2", recordedAt: Self.done.addingTimeInterval(1))])
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
        await #expect(throws: ReviewOutboxError.invalidTaskID("")) { try await outbox.enqueue(.skip(taskID: "")) }
        #expect(throws: ReviewOutboxError.missingOutbox(path: directory.appendingPathComponent("none").path)) {
            try ReviewTaskOutbox(directory: directory.appendingPathComponent("none"), create: false)
        }
    }

    @Test("a sync delivers in the order recorded, with the learner's completion time, and empties the outbox")
    func delivers() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.api.server.stop() }
        let outbox = try ReviewTaskOutbox(directory: ServiceFixture.temporaryDirectory())
        try await outbox.enqueue(.skip(taskID: "t2", recordedAt: Self.done.addingTimeInterval(5)))
        try await outbox.enqueue(.complete(taskID: "t1", at: Self.done, recordedAt: Self.done))
        let result = await outbox.sync(with: APIReviewService(client: fixture.client))
        #expect(result.delivered.map(\.action.key) == ["complete t1", "skip t2"])
        #expect(result.remaining == 0 && result.stopReason == nil && result.refused.isEmpty)
        #expect(fixture.api.reviewTask(id: "t1")?.completedAt == Self.done)
        #expect(fixture.api.reviewTask(id: "t2")?.status == .skipped)
        #expect(try await outbox.waiting().isEmpty)
    }

    @Test("no answer: the action waits, the sync stops; the next sync delivers it once")
    func waitsWhileUnreachable() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.api.server.stop() }
        let outbox = try ReviewTaskOutbox(directory: ServiceFixture.temporaryDirectory())
        try await outbox.enqueue(.complete(taskID: "t1", at: Self.done, recordedAt: Self.done))
        try await outbox.enqueue(.skip(taskID: "t2", recordedAt: Self.done.addingTimeInterval(1)))
        fixture.api.server.faults.inject(.closeConnection, method: "POST", path: "/api/review-tasks/t1/complete", times: 3)
        let offline = await outbox.sync(with: APIReviewService(client: fixture.client))
        #expect(offline.delivered.isEmpty && offline.remaining == 2)
        guard case .request(let action, .network) = offline.stopReason else { Issue.record("\(String(describing: offline.stopReason))"); return }
        #expect(action.key == "complete t1")
        #expect(fixture.api.server.requestCount("POST", "/api/review-tasks/{id}/skip") == 0, "the sync stops at the first failure")
        let online = await outbox.sync(with: APIReviewService(client: fixture.client))
        #expect(online.delivered.count == 2 && online.remaining == 0)
        #expect(fixture.api.completionCount == 1 && fixture.api.reviewTask(id: "t1")?.completedAt == Self.done)
    }

    @Test("a 503 is retried by the client; a 5xx after the retries keeps the action")
    func serverErrors() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.api.server.stop() }
        let outbox = try ReviewTaskOutbox(directory: ServiceFixture.temporaryDirectory())
        try await outbox.enqueue(.complete(taskID: "t1", at: Self.done, recordedAt: Self.done))
        fixture.api.server.faults.inject(.respond(.error(503, code: "BUSY", message: "later")), method: "POST", times: 1)
        #expect(await outbox.sync(with: APIReviewService(client: fixture.client)).delivered.count == 1)
        try await outbox.enqueue(.skip(taskID: "t2", recordedAt: Self.done))
        fixture.api.server.faults.inject(.respond(.error(503, code: "BUSY", message: "later")), method: "POST", times: 3)
        let result = await outbox.sync(with: APIReviewService(client: fixture.client))
        #expect(result.remaining == 1 && result.stopReason == .request(.skip(taskID: "t2", recordedAt: Self.done),
                                                                       .http(status: 503, code: "BUSY", message: "later")))
    }

    @Test("the answer lost after the server applied it (a kill): sent again after a restart, applied once")
    func lostAnswerAfterApplying() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.api.server.stop() }
        let directory = ServiceFixture.temporaryDirectory()
        try await ReviewTaskOutbox(directory: directory).enqueue(.complete(taskID: "t1", at: Self.done, recordedAt: Self.done))
        let first = await (try ReviewTaskOutbox(directory: directory)).sync(with: AnswerLosingService(APIReviewService(client: fixture.client), losing: 1))
        #expect(first.remaining == 1 && first.delivered.isEmpty)
        #expect(fixture.api.completionCount == 1, "the server applied it")
        let restarted = try ReviewTaskOutbox(directory: directory, create: false)
        let second = await restarted.sync(with: APIReviewService(client: fixture.client))
        #expect(second.delivered.map(\.task.completedAt) == [Self.done] && second.remaining == 0)
        #expect(fixture.api.completionCount == 1, "the second send changed nothing")
        #expect(fixture.api.server.requestCount("POST", "/api/review-tasks/{id}/complete") == 2)
        #expect(await restarted.sync(with: APIReviewService(client: fixture.client)).delivered.isEmpty)
        #expect(fixture.api.server.requestCount("POST", "/api/review-tasks/{id}/complete") == 2, "nothing is sent a third time")
    }

    @Test("a refusal for good (the task is gone, or cannot take it) is reported once and dropped", arguments: [
        (ReviewTaskAction.complete(taskID: "gone", at: Date(timeIntervalSince1970: 1_795_910_400), recordedAt: Date(timeIntervalSince1970: 0)), 404),
        (ReviewTaskAction.skip(taskID: "t1", recordedAt: Date(timeIntervalSince1970: 0)), 409),
    ])
    func refusals(action: ReviewTaskAction, status: Int) async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.api.server.stop() }
        if action.kind == .skip { _ = try await APIReviewService(client: fixture.client).completeTask(id: "t1", at: Self.done) }
        let outbox = try ReviewTaskOutbox(directory: ServiceFixture.temporaryDirectory())
        try await outbox.enqueue(action)
        try await outbox.enqueue(.skip(taskID: "t2", recordedAt: Date(timeIntervalSince1970: 1)))
        let result = await outbox.sync(with: APIReviewService(client: fixture.client))
        #expect(result.refused.map(\.action) == [action])
        if case .http(let answered, _, _) = result.refused.first?.error { #expect(answered == status) }
        #expect(result.delivered.map(\.action.key) == ["skip t2"], "the sync goes on after a refusal")
        #expect(result.remaining == 0 && result.stopReason == nil)
        let again = await outbox.sync(with: APIReviewService(client: fixture.client))
        #expect(again.refused.isEmpty && again.delivered.isEmpty, "reported once, never sent again")
    }

    @Test("which answers are refusals for good")
    func refusalClasses() {
        for status in [400, 403, 404, 409, 410, 422] { #expect(ReviewTaskOutbox.isRefusal(.http(status: status, code: nil, message: nil))) }
        for status in [401, 408, 429, 500, 503] { #expect(!ReviewTaskOutbox.isRefusal(.http(status: status, code: nil, message: nil))) }
        #expect(!ReviewTaskOutbox.isRefusal(.network(.timedOut)) && !ReviewTaskOutbox.isRefusal(.unauthorized(.notSignedIn)))
        #expect(ReviewTaskOutbox.isRefusal(.invalidRequest(reason: "x")))
    }

    @Test("one sync at a time on a directory: another returns at once; enqueueing goes on meanwhile")
    func oneSyncAtATime() async throws {
        // No step depends on how long another takes: the held request is released only by
        // `gate.open()`, and every wait below is a guard against a hang (`HangGuard`), longer
        // than any run of the steps it covers, under any load. (With the gate's and the
        // client's own few seconds, a loaded machine let the request go before the second
        // sync looked.)
        let fixture = try await ServiceFixture()
        defer { fixture.api.server.stop() }
        let directory = ServiceFixture.temporaryDirectory()
        let first = try ReviewTaskOutbox(directory: directory)
        let second = try ReviewTaskOutbox(directory: directory)
        try await first.enqueue(.complete(taskID: "t1", at: Self.done, recordedAt: Self.done))
        let gate = TestServerGate(count: 2)
        fixture.api.server.faults.inject(.hold(gate), method: "POST", path: "/api/review-tasks/t1/complete")
        let running = Task { await first.sync(with: APIReviewService(client: fixture.client)) }
        #expect(await eventually { fixture.api.server.requestCount("POST", "/api/review-tasks/{id}/complete") == 1 })
        let refused = await second.sync(with: APIReviewService(client: fixture.client))
        #expect(refused.stopReason == .anotherSyncRunning && refused.remaining == 1)
        #expect(try await second.enqueue(.skip(taskID: "t2", recordedAt: Self.done.addingTimeInterval(1))))
        gate.open()
        let finished = await running.value
        #expect(finished.delivered.map(\.action.key) == ["complete t1"])
        #expect(finished.remaining == 1, "the skip enqueued during the sync waits for the next")
    }
}

import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiModel
import ZhiXiNetwork
@testable import ZhiXiReading

@Suite("Upload queue: durability, states, answers, retries")
struct UploadQueueTests {
    static func queue(_ directory: URL, server: (any ReadingServerAPI)? = nil, batchSize: Int = 100,
                      sleep: SleepRecorder = SleepRecorder(), slack: Int = 1 << 20) throws -> ReadingEventUploadQueue {
        try ReadingEventUploadQueue(directory: directory, server: server,
                                    configuration: ReadingEventUploadQueueConfiguration(batchSize: batchSize, compactionSlackBytes: slack),
                                    sleep: sleep.sleep)
    }

    @Test("what enqueue returned is on disk: a new queue on the directory has it, in order")
    func durable() async throws {
        let directory = temporaryDirectory()
        let events = (1 ... 5).map { sampleEvent(sequence: $0) }
        let first = try Self.queue(directory)
        for event in events { try await first.enqueue(event) }
        let reopened = try Self.queue(directory)
        #expect(try await reopened.queuedEvents() == events)
        let snapshot = try await reopened.snapshot()
        #expect(snapshot.pending == 5 && snapshot.failed == 0 && snapshot.repairs.isEmpty)
        #expect(snapshot.oldest == events[0])
        #expect(snapshot.materials.map(\.materialID) == ["src-1"])
    }

    @Test("an id already queued is skipped, in the queue and within one call")
    func deduplicated() async throws {
        let queue = try Self.queue(temporaryDirectory())
        let event = sampleEvent()
        #expect(try await queue.enqueue([event, event]) == EnqueueResult(enqueued: 1, alreadyQueued: 1))
        #expect(try await queue.enqueue(event) == EnqueueResult(enqueued: 0, alreadyQueued: 1))
        #expect(try await queue.snapshot().total == 1)
    }

    @Test("one invalid event and nothing of the call is enqueued", arguments: [
        ("not-a-uuid", 1, 0, "eventId"), (UUID().uuidString, 0, 0, "sequence"), (UUID().uuidString, 1, -5, "activeSecondsDelta"),
    ])
    func invalidEvents(eventID: String, sequence: Int, delta: Int, field: String) async throws {
        let queue = try Self.queue(temporaryDirectory())
        var bad = sampleEvent(sequence: 2)
        bad.eventID = eventID
        bad.sequence = sequence
        bad.activeSecondsDelta = delta
        await #expect {
            try await queue.enqueue([sampleEvent(), bad])
        } throws: { error in
            guard case ReadingQueueError.invalidEvent(let index, _, let reason) = error else { return false }
            return index == 1 && reason.contains(field)
        }
        #expect(try await queue.snapshot().total == 0)
    }

    @Test("ids and materials are limited to 256 characters, not bytes: 256 Chinese characters (768 bytes) pass, 257 do not")
    func characterLimits() {
        for (text, valid) in [(String(repeating: "资", count: 256), true), (String(repeating: "资", count: 257), false),
                              (String(repeating: "a", count: 256), true), (String(repeating: "a", count: 257), false),
                              (String(repeating: "e\u{301}", count: 256), true)] {
            var material = sampleEvent(text)
            #expect((material.validationProblem == nil) == valid, "materialId of \(text.count) characters")
            material = sampleEvent(session: text)
            #expect((material.validationProblem == nil) == valid, "clientSessionId of \(text.count) characters")
        }
    }

    @Test("appends in one session of the lock and across sessions, past the zeros written ahead, all read back in order")
    func appendsPastPreallocation() async throws {
        let directory = temporaryDirectory()
        let queue = try Self.queue(directory)
        // Records of about 180 bytes: 2,000 of them pass the 256 KiB written ahead once.
        var events: [ReadingEventUploadItem] = []
        for sequence in 1 ... 2_000 {
            let event = sampleEvent(sequence: sequence)
            events.append(event)
            try await queue.enqueue(event)
        }
        let reopened = try Self.queue(directory)
        #expect(try await reopened.queuedEvents() == events)
        #expect(try await reopened.snapshot().repairs.isEmpty)
    }

    @Test("the journal's event form reads back every field: positions with and without page and anchor, unknown enums, Chinese")
    func recordCodec() throws {
        var events = (1 ... 4).map { sampleEvent("资料-\($0)", sequence: $0) }
        events[0].position = nil
        events[1].position = ReadingPosition(progress: 1, pageIndex: 0, anchor: "第3节")
        events[2].position = ReadingPosition(progress: 0.125, anchor: "a")
        events[3].eventType = .unknown("highlighted")
        events[3].readingTargetType = .unknown("web_page")
        events[3].clientTimestampMs = ReadingEventUploadItem.maximumClientTimestampMs
        let bytes = try #require(EventRecordCodec.encode(events))
        #expect(bytes.withUnsafeBytes { EventRecordCodec.decode($0) } == events)
        #expect(bytes.dropLast().withUnsafeBytes { EventRecordCodec.decode(UnsafeRawBufferPointer($0)) } == nil, "cut short")
        #expect(EventRecordCodec.encode([]).map { $0.withUnsafeBytes { EventRecordCodec.decode($0) } } == [])
    }

    @Test("a position that is not normalized is refused")
    func unnormalizedPosition() async throws {
        var event = sampleEvent()
        event.position = ReadingPosition(progress: 1.5)
        #expect(event.validationProblem?.contains("position") == true)
    }

    @Test("each rejection code has its fate: delivered, dropped with a warning, or kept")
    func rejectionCodes() async throws {
        let events = (1 ... 8).map { sampleEvent("m\($0)", sequence: $0) }
        let codes = ["DUPLICATE_EVENT", "MATERIAL_ACCESS_DENIED", "TEMPORARY_MATERIAL_EXPIRED", "SOURCE_DELETED",
                     "INVALID_POSITION", "RATE_LIMITED_FOREVER"]
        let server = ScriptedReadingServer { batch, _ in
            var answer = ReadingEventBatchResponse(accepted: [batch.events[0].eventID])
            for (event, code) in zip(batch.events.dropFirst(), codes) {
                answer.rejected.append(ReadingEventRejection(eventID: event.eventID, code: ReadingEventRejectionCode(rawValue: code), message: "why"))
            }
            return answer // the eighth event is in neither list
        }
        let queue = try Self.queue(temporaryDirectory(), server: server)
        try await queue.enqueue(events)
        let result = await queue.flush()
        #expect(result.uploaded == 2 && result.duplicates == 1)
        #expect(result.dropped == 4)
        #expect(result.failed == 2 && result.remaining == 2)
        #expect(result.stopReason == nil)
        let dropped = result.warnings.compactMap { warning -> String? in
            if case .dropped(_, let material, let code, _) = warning { return "\(material) \(code)" }
            return nil
        }
        #expect(dropped == ["m3 MATERIAL_ACCESS_DENIED", "m4 TEMPORARY_MATERIAL_EXPIRED", "m5 SOURCE_DELETED", "m6 INVALID_POSITION"])
        #expect(result.warnings.contains(.keptAfterUnknownRejection(eventID: events[6].eventID, code: "RATE_LIMITED_FOREVER", message: "why")))
        #expect(result.warnings.contains(.missingFromAnswer(count: 1)))
        let snapshot = try await queue.snapshot()
        #expect(snapshot.failed == 2 && snapshot.pending == 0)
        #expect(await queue.flush().requests == 0, "failed events wait for requeueFailed")
        #expect(try await queue.requeueFailed() == 2)
        server.setAnswer { batch, _ in ReadingEventBatchResponse(accepted: batch.events.map(\.eventID)) }
        let retried = await queue.flush()
        #expect(retried.uploaded == 2 && retried.remaining == 0)
        let fromDisk = try Self.queue(queue.directory)
        #expect(try await fromDisk.snapshot().total == 0, "the disk agrees")
    }

    @Test("retryFailed uploads the failed events again and returns the flush's result (what the app calls on network recovery)")
    func retryFailedFlushes() async throws {
        let server = ScriptedReadingServer { _, _ throws(APIError) in throw .network(.unreachable) }
        let queue = try Self.queue(temporaryDirectory(), server: server)
        try await queue.enqueue((1 ... 3).map { sampleEvent(sequence: $0) })
        #expect(await queue.flush().failed == 3)
        server.setAnswer { batch, _ in ReadingEventBatchResponse(accepted: batch.events.map(\.eventID)) }
        #expect(await queue.flush().requests == 0, "a plain flush leaves failed events waiting")
        let result = await queue.retryFailed()
        #expect(result.uploaded == 3 && result.remaining == 0 && result.stopReason == nil)
        #expect(try await queue.snapshot().total == 0)
    }

    @Test("5xx: retried after 1, 2, 4 s, then kept and the flush stops; the next flush delivers")
    func serverErrors() async throws {
        let server = ScriptedReadingServer { _, _ throws(APIError) in throw .http(status: 503, code: "BUSY", message: nil) }
        let sleep = SleepRecorder()
        let queue = try Self.queue(temporaryDirectory(), server: server, batchSize: 2, sleep: sleep)
        try await queue.enqueue((1 ... 5).map { sampleEvent(sequence: $0) })
        let result = await queue.flush()
        #expect(sleep.waits == [1, 2, 4])
        #expect(result.requests == 4 && result.retries == 3)
        #expect(result.failed == 2 && result.remaining == 5)
        #expect(result.stopReason == .request(.http(status: 503, code: "BUSY", message: nil)))
        #expect(server.received.count == 4, "the flush stopped after the first batch")

        server.setAnswer { batch, call throws(APIError) in
            if call == 6 { throw .http(status: 500, code: nil, message: nil) }
            return ReadingEventBatchResponse(accepted: batch.events.map(\.eventID))
        }
        try await queue.requeueFailed()
        let second = await queue.flush()
        #expect(second.uploaded == 5 && second.retries == 1 && second.remaining == 0)
        #expect(sleep.waits == [1, 2, 4, 1])
    }

    @Test("no answer (network): the batch is kept and the flush stops at once, without retries")
    func networkErrors() async throws {
        let server = ScriptedReadingServer { _, _ throws(APIError) in throw .network(.timedOut) }
        let sleep = SleepRecorder()
        let queue = try Self.queue(temporaryDirectory(), server: server, batchSize: 2, sleep: sleep)
        try await queue.enqueue((1 ... 5).map { sampleEvent(sequence: $0) })
        let result = await queue.flush()
        #expect(result.requests == 1 && sleep.waits.isEmpty)
        #expect(result.failed == 2 && result.remaining == 5)
        #expect(result.stopReason == .request(.network(.timedOut)))
        let snapshot = try await queue.snapshot()
        #expect(snapshot.failed == 2 && snapshot.pending == 3)
    }

    @Test("a batch answered 400 is split until the event at fault is alone, which is dropped")
    func badRequestSplits() async throws {
        let events = (1 ... 8).map { sampleEvent(sequence: $0) }
        let poison = events[5].eventID
        let server = ScriptedReadingServer { batch, _ throws(APIError) in
            if batch.events.contains(where: { $0.eventID == poison }) { throw .http(status: 400, code: "BAD_EVENT", message: "no") }
            return ReadingEventBatchResponse(accepted: batch.events.map(\.eventID))
        }
        let queue = try Self.queue(temporaryDirectory(), server: server, batchSize: 8)
        try await queue.enqueue(events)
        let result = await queue.flush()
        #expect(result.uploaded == 7 && result.dropped == 1 && result.remaining == 0)
        #expect(result.warnings == [.dropped(eventID: poison, materialID: "src-1", code: "HTTP 400 BAD_EVENT", message: "no")])
        #expect(result.requests == 7, "8 → 4+4 → 2+2 → 1+1")
    }

    @Test("other refusals of the whole batch (404, 401 after refresh) keep everything and stop")
    func refusals() async throws {
        for error in [APIError.http(status: 404, code: nil, message: nil), .unauthorized(.notSignedIn)] {
            let server = ScriptedReadingServer { _, _ throws(APIError) in throw error }
            let queue = try Self.queue(temporaryDirectory(), server: server)
            try await queue.enqueue((1 ... 3).map { sampleEvent(sequence: $0) })
            let result = await queue.flush()
            #expect(result.stopReason == .request(error) && result.remaining == 3 && result.dropped == 0)
        }
    }

    @Test("a second flush while one runs joins it; the server sees each batch once")
    func oneFlushAtATime() async throws {
        let server = ScriptedReadingServer()
        let queue = try Self.queue(temporaryDirectory(), server: server, batchSize: 10)
        try await queue.enqueue((1 ... 50).map { sampleEvent(sequence: $0) })
        async let first = queue.flush()
        async let second = queue.flush()
        let results = await [first, second]
        #expect(server.received.flatMap(\.events).count == 50)
        #expect(Set(server.received.flatMap(\.events).map(\.eventID)).count == 50)
        #expect(results.map(\.uploaded).max() == 50)
    }

    @Test("a flush in another queue on the same directory makes this one stop at once")
    func flushLockAcrossInstances() async throws {
        let directory = temporaryDirectory()
        let gate = AsyncGate()
        let slow = ScriptedReadingServer { batch, _ in
            await gate.pass()
            return ReadingEventBatchResponse(accepted: batch.events.map(\.eventID))
        }
        let first = try Self.queue(directory, server: slow)
        let second = try Self.queue(directory, server: ScriptedReadingServer())
        try await first.enqueue((1 ... 3).map { sampleEvent(sequence: $0) })
        let running = Task { await first.flush() }
        // Until the first flush holds the lock and is waiting for its answer (its request is at the gate).
        #expect(await gate.waitForArrivals(1))
        #expect(slow.received.count == 1)
        let refused = await second.flush()
        #expect(refused.stopReason == .anotherFlushRunning)
        // Meanwhile the other queue may enqueue.
        try await second.enqueue(sampleEvent(sequence: 4))
        await gate.open()
        let done = await running.value
        #expect(done.uploaded >= 3)
        let last = await second.flush()
        #expect(done.uploaded + last.uploaded == 4 && last.remaining == 0)
    }

    @Test("cancelFlush stops a running flush (the app going to the background): it ends cancelled, releases the flush lock, keeps what was not confirmed")
    func cancelFlushReleasesTheLock() async throws {
        let directory = temporaryDirectory()
        let gate = AsyncGate()
        let slow = ScriptedReadingServer { batch, _ in
            await gate.pass()
            return ReadingEventBatchResponse(accepted: batch.events.map(\.eventID))
        }
        let first = try Self.queue(directory, server: slow, batchSize: 1)
        try await first.enqueue((1 ... 3).map { sampleEvent(sequence: $0) })
        let running = Task { await first.flush() }
        // Until the flush holds the lock and waits for its first answer (its request is at the gate).
        #expect(await gate.waitForArrivals(1))
        #expect(slow.received.count == 1)
        await first.cancelFlush()
        await gate.open()
        let cancelled = await running.value
        #expect(cancelled.stopReason == .cancelled)
        #expect(cancelled.remaining == 2)
        let second = try Self.queue(directory, server: ScriptedReadingServer())
        let rest = await second.flush()
        #expect(rest.stopReason == nil && rest.remaining == 0, "the flush lock was released")
        #expect(cancelled.uploaded + rest.uploaded == 3)
    }

    @Test("a torn last record (a crash while appending) is cut off; everything enqueued before stays")
    func tornTail() async throws {
        let directory = temporaryDirectory()
        let queue = try Self.queue(directory)
        let events = (1 ... 3).map { sampleEvent(sequence: $0) }
        try await queue.enqueue(events)
        let journal = directory.appendingPathComponent("journal")
        let end = try await queue.snapshot().journalBytes
        // Half of a fourth record where the next one goes, as a crash in the middle of its
        // write leaves it (the zeros after the records are space written ahead).
        let record = try JournalRecord.enqueue([sampleEvent(sequence: 4)]).encoded()
        var bytes = [UInt8](try Data(contentsOf: journal))
        #expect(bytes.count > end && bytes[end...].allSatisfy { $0 == 0 })
        bytes.replaceSubrange(end ..< end + record.count / 2, with: record.prefix(record.count / 2))
        try Data(bytes).write(to: journal)
        let reopened = try Self.queue(directory)
        #expect(try await reopened.queuedEvents() == events)
        let snapshot = try await reopened.snapshot()
        #expect(snapshot.repairs == [JournalRepair(kind: .tornTail, offset: end, length: record.count / 2)])
        #expect(try [UInt8](Data(contentsOf: journal))[end...].allSatisfy { $0 == 0 }, "the torn bytes are gone")
        try await reopened.enqueue(sampleEvent(sequence: 5))
        let again = try Self.queue(directory)
        #expect(try await again.snapshot().total == 4)
    }

    @Test("bytes damaged in the middle are skipped; the records after them are read")
    func corruptionInTheMiddle() async throws {
        let directory = temporaryDirectory()
        let queue = try Self.queue(directory)
        for sequence in 1 ... 3 { try await queue.enqueue(sampleEvent(sequence: sequence)) }
        let journal = directory.appendingPathComponent("journal")
        var bytes = [UInt8](try Data(contentsOf: journal))
        let end = try await queue.snapshot().journalBytes
        let secondRecord = ReadingEventJournal.header.count + (end - ReadingEventJournal.header.count) / 3
        bytes[secondRecord + 40] ^= 0xFF
        try Data(bytes).write(to: journal)
        let reopened = try Self.queue(directory)
        #expect(try await reopened.queuedEvents().map(\.sequence) == [1, 3])
        #expect(try await reopened.snapshot().repairs.map(\.kind) == [.skippedCorruption])
    }

    @Test("a file that is not a journal is refused and left alone; a missing queue is not created on demand")
    func notAQueue() throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let journal = directory.appendingPathComponent("journal")
        try Data("{\"not\": \"a queue\"}".utf8).write(to: journal)
        #expect(throws: ReadingQueueError.self) { _ = try ReadingEventUploadQueue(directory: directory) }
        #expect(try Data(contentsOf: journal) == Data("{\"not\": \"a queue\"}".utf8))
        let absent = temporaryDirectory("absent")
        #expect(throws: ReadingQueueError.missingQueue(path: absent.path)) {
            _ = try ReadingEventUploadQueue(directory: absent, create: false)
        }
        #expect(!FileManager.default.fileExists(atPath: absent.path))
    }

    @Test("the journal is compacted as events are delivered: it ends at its header, and stays small meanwhile")
    func compaction() async throws {
        let directory = temporaryDirectory()
        let server = ScriptedReadingServer()
        let queue = try Self.queue(directory, server: server, batchSize: 50, slack: 2_048)
        for chunk in 0 ..< 20 { try await queue.enqueue((1 ... 50).map { sampleEvent(sequence: chunk * 50 + $0) }) }
        let full = try await queue.snapshot().journalBytes
        #expect(full > 120_000)
        let result = await queue.flush()
        #expect(result.uploaded == 1000)
        #expect(try await queue.snapshot().journalBytes == ReadingEventJournal.header.count)
        // 900 of 1000 delivered: the journal holds about the live 100, not the whole history.
        try await queue.enqueue((1 ... 1000).map { sampleEvent(sequence: $0) })
        server.setAnswer { batch, call throws(APIError) in
            if call > 20 + 18 { throw .network(.unreachable) }
            return ReadingEventBatchResponse(accepted: batch.events.map(\.eventID))
        }
        _ = await queue.flush()
        let rest = try await queue.snapshot()
        #expect(rest.total == 100)
        #expect(rest.journalBytes < full / 3, "at most twice the live events plus the slack, not the whole history")
        let again = try Self.queue(directory)
        #expect(try await again.queuedEvents().count == 100)
    }

    @Test("reloadOnLaunch makes events another flush had exported pending again")
    func reloadOnLaunch() async throws {
        let directory = temporaryDirectory()
        let gate = AsyncGate()
        let slow = ScriptedReadingServer { _, _ throws(APIError) in
            await gate.pass()
            throw .network(.connectionLost)
        }
        let queue = try Self.queue(directory, server: slow, batchSize: 2)
        try await queue.enqueue((1 ... 3).map { sampleEvent(sequence: $0) })
        let running = Task { await queue.flush() }
        #expect(await gate.waitForArrivals(1), "the first batch's request is at the gate")
        #expect(try await queue.snapshot().exported == 2)
        // A "new launch" on the same directory (the first process is stuck): nothing is exported there.
        let relaunched = try Self.queue(directory)
        #expect(try await relaunched.reloadOnLaunch().pending == 3)
        await gate.open()
        _ = await running.value
        let afterFailure = try await queue.reloadOnLaunch()
        #expect(afterFailure.failed == 2 && afterFailure.pending == 1 && afterFailure.exported == 0)
    }
}

import Foundation
import Testing
import ZhiXiModel
import ZhiXiNetwork
@testable import ZhiXiReading

/// Issue 16, class 4: halving a refused batch finds one bad event in a batch the server
/// otherwise accepts; a single event refused with 400/413/422 and no code saying what is wrong
/// with it (or as too large) is a fault of the server: it is kept and the flush stops.
@Suite("Upload queue: a server refusing whole requests loses nothing")
struct WholeRequestRefusalTests {
    @Test("every batch answered without a code (413, 400, 422): nothing is dropped, the events stay, the flush stops",
          arguments: [413, 400, 422])
    func everyBatchRefused(status: Int) async throws {
        let server = ScriptedReadingServer { _, _ throws(APIError) in throw .http(status: status, code: nil, message: nil) }
        let queue = try UploadQueueTests.queue(temporaryDirectory(), server: server, batchSize: 4)
        try await queue.enqueue((1 ... 6).map { sampleEvent(sequence: $0) })
        let result = await queue.flush()
        #expect(result.dropped == 0 && result.uploaded == 0)
        #expect(result.remaining == 6 && result.stopReason != nil)
        #expect(try await queue.snapshot().total == 6)
        #expect(result.requests <= 4, "the flush stopped at the first event refused alone")
    }

    @Test("one event refused alone with 413 is kept even when the answer names a code")
    func tooLargeAloneKept() async throws {
        let events = (1 ... 4).map { sampleEvent(sequence: $0) }
        let big = events[2].eventID
        let server = ScriptedReadingServer { batch, _ throws(APIError) in
            if batch.events.contains(where: { $0.eventID == big }) { throw .http(status: 413, code: "PAYLOAD_TOO_LARGE", message: nil) }
            return ReadingEventBatchResponse(accepted: batch.events.map(\.eventID))
        }
        let queue = try UploadQueueTests.queue(temporaryDirectory(), server: server, batchSize: 4)
        try await queue.enqueue(events)
        let result = await queue.flush()
        #expect(result.dropped == 0 && result.remaining >= 1)
        #expect(try await queue.queuedEvents().contains { $0.eventID == big })
    }
}

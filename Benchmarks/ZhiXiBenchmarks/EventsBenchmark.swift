import Foundation
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiReading
import ZhiXiTestServer

/// `zhixi-bench events`: the durable upload queue. Durable enqueue throughput one event per
/// call (each call appended and synced to disk) and in batches, the journal's size per
/// 10,000 events, reopening a queue of 10,000 events, and flush throughput to the fake
/// reading server on 127.0.0.1 (HTTP/1.1 through `APIClient`). Medians of `--runs`.
enum EventsBenchmark {
    static func run(arguments: [String]) async throws {
        let events = Int(BenchmarkSupport.option("events", in: arguments) ?? "") ?? 10_000
        let single = Int(BenchmarkSupport.option("single", in: arguments) ?? "") ?? 2_000
        let batch = Int(BenchmarkSupport.option("batch", in: arguments) ?? "") ?? 100
        let runs = Int(BenchmarkSupport.option("runs", in: arguments) ?? "") ?? 3
        let base = URL(fileURLWithPath: BenchmarkSupport.option("dir", in: arguments) ?? NSTemporaryDirectory())
            .appendingPathComponent("zhixi-bench-events-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let items = (0 ..< max(events, single)).map(item)

        let reading = try FakeReadingEventServer(limits: TestServerLimits(maximumConnections: 100_000, lifetime: 3600))
        let tokens = reading.api.signInDirectly(userIdentifier: "bench")
        let client = APIClient(baseURL: reading.api.apiBaseURL, tokenStore: StaticTokens(tokens: AuthTokens(tokens, receivedAt: Date())),
                               configuration: APIClientConfiguration(retryPolicy: .none))

        var singleRates: [Double] = [], batchRates: [Double] = [], reopenSeconds: [Double] = [], flushRates: [Double] = []
        var singleBytesPer10k = 0, batchBytesPer10k = 0
        for run in 0 ..< runs {
            let singleQueue = try ReadingEventUploadQueue(directory: base.appendingPathComponent("single-\(run)"))
            let singleStart = DispatchTime.now().uptimeNanoseconds
            for item in items.prefix(single) { try await singleQueue.enqueue(item) }
            singleRates.append(Double(single) / seconds(since: singleStart))
            singleBytesPer10k = try await singleQueue.snapshot().journalBytes * 10_000 / single

            let directory = base.appendingPathComponent("batch-\(run)")
            let batchQueue = try ReadingEventUploadQueue(directory: directory)
            let batchStart = DispatchTime.now().uptimeNanoseconds
            var start = 0
            while start < events {
                try await batchQueue.enqueue(Array(items[start ..< min(events, start + batch)]))
                start += batch
            }
            batchRates.append(Double(events) / seconds(since: batchStart))
            batchBytesPer10k = try await batchQueue.snapshot().journalBytes * 10_000 / events

            let reopenStart = DispatchTime.now().uptimeNanoseconds
            let reopened = try ReadingEventUploadQueue(directory: directory, server: APIReadingServer(client: client),
                                                       configuration: ReadingEventUploadQueueConfiguration(batchSize: 100))
            reopenSeconds.append(seconds(since: reopenStart))

            reading.reset()
            let flushStart = DispatchTime.now().uptimeNanoseconds
            let result = await reopened.flush()
            flushRates.append(Double(result.uploaded) / seconds(since: flushStart))
            guard result.uploaded == events, reading.storedEvents.count == events else {
                throw BenchmarkError.usage("the flush delivered \(result.uploaded) of \(events) events: \(String(describing: result.stopReason))")
            }
        }
        let medians = (single: BenchmarkSupport.median(singleRates), batch: BenchmarkSupport.median(batchRates),
                       reopen: BenchmarkSupport.median(reopenSeconds), flush: BenchmarkSupport.median(flushRates))
        if arguments.contains("--json") {
            print("{\"benchmark\": \"events\", \"events\": \(events), \"single\": \(single), \"batch\": \(batch), \"runs\": \(runs), "
                + "\"enqueueOneAtATimePerSecond\": \(medians.single), \"enqueueBatchedPerSecond\": \(medians.batch), "
                + "\"journalBytesPer10kOneAtATime\": \(singleBytesPer10k), \"journalBytesPer10kBatched\": \(batchBytesPer10k), "
                + "\"reopenSeconds\": \(medians.reopen), \"flushPerSecond\": \(medians.flush)}")
        } else {
            func list(_ values: [Double], _ format: String) -> String { values.map { String(format: format, $0) }.joined(separator: ", ") }
            print("durable upload queue (each enqueue call appended and synced to disk), medians of \(runs) runs")
            print("  enqueue one at a time:   \(BenchmarkSupport.grouped(medians.single)) events/s  (\(single) events; runs: \(list(singleRates, "%.0f")))")
            print("  enqueue in batches of \(batch): \(BenchmarkSupport.grouped(medians.batch)) events/s  (\(events) events; runs: \(list(batchRates, "%.0f")))")
            print("  journal per 10,000 events: \(BenchmarkSupport.grouped(Double(batchBytesPer10k))) bytes batched, "
                + "\(BenchmarkSupport.grouped(Double(singleBytesPer10k))) bytes one at a time")
            print("  reopen a queue of \(events) events: \(String(format: "%.3f", medians.reopen)) s  (runs: \(list(reopenSeconds, "%.3f")))")
            print("  flush to the loopback server, batches of 100: \(BenchmarkSupport.grouped(medians.flush)) events/s  "
                + "(runs: \(list(flushRates, "%.0f")))")
        }
    }

    private static func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The `index`th event of the benchmark: a heartbeat with a position, from the app (its
    /// platform, version and time zone offset, as the session manager sets them).
    private static func item(_ index: Int) -> ReadingEventUploadItem {
        ReadingEventUploadItem(ReadingEventV2(
            eventID: UUID().uuidString, clientSessionID: "6F9619FF-8B86-D011-B42D-00CF4FC964FF", materialID: "src-\(index % 50)",
            readingTargetType: .knowledgeSource, eventType: .heartbeat, position: ReadingPosition(progress: Double(index % 1000) / 1000),
            activeSecondsDelta: 15, clientTimestampMs: 1_767_225_600_000 + Int64(index) * 15_000, sequence: index + 1),
            appVersion: "1.4.0", clientTimezoneOffsetMinutes: 480)
    }

    /// The benchmark's signed-in tokens.
    private struct StaticTokens: TokenStoreProtocol {
        let tokens: AuthTokens
        func loadTokens() -> AuthTokens? { tokens }
        func saveTokens(_ tokens: AuthTokens) throws {}
        func clearTokens() throws {}
    }
}

// Runs the built executable as a process: macOS and Linux only (iOS has no `Process`).
#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiCore
import ZhiXiFileSystem
import ZhiXiModel
import ZhiXiNetwork
@testable import ZhiXiReading
import ZhiXiTestServer

/// The `zhixi-review` executable built beside this test bundle (`swift build` first).
let reviewExecutable = BuiltProducts.executable("zhixi-review")

/// The test's seeded randomness (events, faults, kill times): ZhiXiCore's SplitMix64.
typealias SeededRandom = SplitMix64

extension SplitMix64 {
    mutating func uuid() -> UUID {
        let a = next(), b = next()
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0 ..< 8 {
            bytes[index] = UInt8(truncatingIfNeeded: a >> (8 * UInt64(index)))
            bytes[8 + index] = UInt8(truncatingIfNeeded: b >> (8 * UInt64(index)))
        }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}

/// The faults the server injects into `POST learning/reading-events/batch`, drawn at
/// random per request, and how many of each it injected.
final class BatchFaults: @unchecked Sendable {
    enum Kind: String, CaseIterable {
        case serverError = "5xx", droppedConnection = "dropped connection", lostAnswer = "answer lost after storing"
        case truncatedAnswer = "answer truncated after storing", duplicateDelivery = "duplicate delivery"
        case slowAnswer = "slow answer", timeout = "timeout (stored after the client gave up)"
    }

    private let lock = NSLock()
    private var random: SeededRandom
    private var counts: [Kind: Int] = [:]
    private let maximumTimeouts: Int

    init(seed: UInt64, maximumTimeouts: Int) {
        random = SeededRandom(seed: seed)
        self.maximumTimeouts = maximumTimeouts
    }

    var injected: [Kind: Int] { lock.withLock { counts } }

    /// Draws the fault of one request; `process` plays the request delivered twice.
    func fault(for request: TestHTTPRequest, process: (ReadingEventBatchRequest) -> Void) -> TestServerFault? {
        lock.withLock {
            guard request.method == "POST", request.path == "/api/learning/reading-events/batch" else { return nil }
            let roll = Double(random.next() % 10_000) / 10_000
            let kind: Kind?
            switch roll {
            case ..<0.08: kind = .serverError
            case ..<0.14: kind = .droppedConnection
            case ..<0.20: kind = .lostAnswer
            case ..<0.23: kind = .truncatedAnswer
            case ..<0.28: kind = .duplicateDelivery
            case ..<0.31: kind = .slowAnswer
            case ..<0.33: kind = (counts[.timeout] ?? 0) < maximumTimeouts ? .timeout : nil
            default: kind = nil
            }
            guard let kind else { return nil }
            counts[kind, default: 0] += 1
            switch kind {
            case .serverError: return .respond(.error([500, 502, 503][Int(random.next() % 3)], code: "INJECTED", message: "injected"))
            case .droppedConnection: return .closeConnection
            case .lostAnswer: return .loseAnswer
            case .truncatedAnswer: return .truncateAnswer
            case .duplicateDelivery:
                if let batch = request.decodeBody(ReadingEventBatchRequest.self) { process(batch) }
                return nil
            case .slowAnswer: return .delay(seconds: 0.2)
            case .timeout: return .delay(seconds: 1.6)
            }
        }
    }
}

@Suite("Fault injection: every deliverable event reaches the server exactly once", .serialized, .tags(.endToEnd))
struct FaultInjectionTests {
    static let eventCount = 12_000

    /// The seed of every random choice of the test: the events, the server's faults and the
    /// moments the child processes are killed. `ZHIXI_FAULT_SEED` replays a run (each failure
    /// names its seed); without it, 20 261 130. The kills land where the scheduler lets them,
    /// so a replay draws the same choices, not always the same interleaving.
    static let seedVariable = "ZHIXI_FAULT_SEED"
    static let seed: UInt64? = {
        guard let text = ProcessInfo.processInfo.environment[seedVariable] else { return 20_261_130 }
        return UInt64(text)
    }()

    /// Said with each failure: the seed and how to replay it.
    static func replay(_ seed: UInt64) -> String {
        "seed \(seed); replay: \(seedVariable)=\(seed) swift test --skip-build --filter FaultInjectionTests"
    }

    /// Writes the events as JSON lines.
    static func jsonLines(_ items: [ReadingEventUploadItem]) throws -> Data {
        let encoder = ZhiXiJSON.makeEncoder()
        var data = Data()
        for item in items {
            data.append(try encoder.encode(item))
            data.append(UInt8(ascii: "\n"))
        }
        return data
    }

    /// Starts `zhixi-review` with `arguments`, standard input from `input`.
    static func launch(_ arguments: [String], input: Data? = nil) throws -> Process {
        let process = Process()
        process.executableURL = reviewExecutable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : pipe
        try process.run()
        if let input {
            pipe.fileHandleForWriting.write(input)
            try pipe.fileHandleForWriting.close()
        }
        return process
    }

    /// The journal's modification time in nanoseconds (appends overwrite zeros written
    /// ahead, so its size does not tell).
    static func modificationTime(_ path: String) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else { return 0 }
        let time = SystemCalls.modificationTime(status)
        return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }

    /// Waits (bounded: 60 s) for a process to end.
    static func wait(_ process: Process) {
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    @Test("12,000 events, random 5xx, dropped connections, timeouts, duplicates, lost and slow answers, killed processes")
    func exactlyOnce() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: reviewExecutable.path), "build the package first: swift build")
        let seed = try #require(Self.seed, "\(Self.seedVariable) must be a whole number from 0 to 2^64 - 1")
        let replay = Self.replay(seed)
        print("fault-injection: \(replay)")
        let started = Date()
        var random = SeededRandom(seed: seed)
        let reading = try FakeReadingEventServer(limits: TestServerLimits(maximumConnections: 20_000, lifetime: 1_800, maximumDelay: 5))
        reading.refuse(denied: ["denied-1"], expired: ["tmp-expired"], deleted: ["deleted-1"])
        let faults = BatchFaults(seed: random.next(), maximumTimeouts: 4)
        reading.api.server.faults.add { [reading] request in
            faults.fault(for: request) { batch in _ = reading.process(batch) }
        }
        let tokens = reading.api.signInDirectly(userIdentifier: "fault-injection")
        let tokenFile = temporaryDirectory("token")
        try Data(tokens.accessToken.utf8).write(to: tokenFile)

        // The events: 50 materials read in sessions; 2 % of them about refused materials,
        // 1 % of an event type the server does not know.
        var items: [ReadingEventUploadItem] = []
        var sequences: [String: Int] = [:]
        let sessions = (0 ..< 200).map { _ in random.uuid().uuidString }
        for index in 0 ..< Self.eventCount {
            let session = sessions[Int(random.next() % 200)]
            sequences[session, default: 0] += 1
            let roll = random.next() % 100
            let material = roll < 1 ? "denied-1" : roll < 2 ? "deleted-1" : "src-\(random.next() % 50)"
            let type: ReadingEventType = random.next() % 100 == 0 ? .unknown("highlighted")
                : [.opened, .positionChanged, .heartbeat, .heartbeat, .closed][Int(random.next() % 5)]
            items.append(ReadingEventUploadItem(ReadingEventV2(
                eventID: random.uuid().uuidString, clientSessionID: session, materialID: material,
                readingTargetType: .knowledgeSource, eventType: type,
                position: ReadingPosition(progress: Double(random.next() % 1001) / 1000),
                activeSecondsDelta: type == .heartbeat ? 15 : 0,
                clientTimestampMs: 1_767_225_600_000 + Int64(index) * 250, sequence: sequences[session]!),
                appVersion: "1.4.0", clientTimezoneOffsetMinutes: 480))
        }
        // A few about an expired temporary file.
        for index in stride(from: 5, to: items.count, by: 997) {
            items[index].materialID = "tmp-expired"
            items[index].readingTargetType = .temporaryFile
        }
        let refusedMaterials: Set<String> = ["denied-1", "deleted-1", "tmp-expired"]
        let deliverable = Dictionary(uniqueKeysWithValues: items.filter {
            !refusedMaterials.contains($0.materialID) && $0.eventType.rawValue != "highlighted"
        }.map { ($0.eventID, $0) })
        let rejected = Set(items.map(\.eventID)).subtracting(deliverable.keys)

        let directory = temporaryDirectory()
        let sleeps = SleepRecorder()
        let fixture = APIClient(baseURL: reading.api.apiBaseURL, tokenStore: MemoryTokenStore(AuthTokens(tokens, receivedAt: Date())),
                                configuration: APIClientConfiguration(requestTimeout: 1, resourceTimeout: 4, retryPolicy: .none))
        let configuration = ReadingEventUploadQueueConfiguration(batchSize: 50, compactionSlackBytes: 64 << 10)
        var queue = try ReadingEventUploadQueue(directory: directory, server: APIReadingServer(client: fixture),
                                                configuration: configuration, sleep: sleeps.sleep)

        // 1. In this process: the first 3,000 one at a time and in batches of 1 to 100.
        var next = 0
        while next < 3_000 {
            let size = next < 500 ? 1 : Int(random.next() % 100) + 1
            try await queue.enqueue(Array(items[next ..< min(3_000, next + size)]))
            next = min(3_000, next + size)
        }

        // 2. Child processes: 'events enqueue' killed at random moments, and run again with
        //    the same input; each input lands whole or not at all.
        var enqueueCrashes = 0, killedAfterCommit = 0
        var enqueueRuns = 0
        var killDelays: [Int] = []   // microseconds, in the order drawn
        while next < 6_000 {
            let chunk = Array(items[next ..< min(6_000, next + 500)])
            next += chunk.count
            let input = try Self.jsonLines(chunk)
            let journalPath = directory.appendingPathComponent("journal").path
            let modifiedBefore = Self.modificationTime(journalPath)
            let process = try Self.launch(["events", "enqueue", directory.path], input: input)
            enqueueRuns += 1
            if enqueueRuns % 2 == 0 {
                // Kill right after the record was written into the journal, before the process exits.
                let deadline = Date().addingTimeInterval(10)
                while process.isRunning, Date() < deadline, Self.modificationTime(journalPath) == modifiedBefore {
                    usleep(100)
                }
            } else {
                let delay = UInt32(random.next() % 60_000)
                killDelays.append(Int(delay))
                usleep(delay)
            }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
            }
            Self.wait(process)
            let queued = Set(try await queue.queuedEvents().map(\.eventID))
            let landed = chunk.filter { queued.contains($0.eventID) }.count
            #expect(landed == 0 || landed == chunk.count, "an enqueue lands whole or not at all, got \(landed) of \(chunk.count) [\(replay)]")
            if process.terminationReason == .uncaughtSignal {
                enqueueCrashes += 1
                if landed > 0 { killedAfterCommit += 1 }
                let again = try Self.launch(["events", "enqueue", directory.path], input: input)
                Self.wait(again)
                #expect(again.terminationStatus == 0, "\(replay)")
            } else {
                #expect(process.terminationStatus == 0, "\(replay)")
            }
        }

        // 3. Child processes: 'events flush' killed mid-flush, while this process keeps
        //    enqueueing into the same queue.
        var flushCrashes = 0, killedWhileUploading = 0
        var flushRuns = 0
        let batchRequests = { reading.api.server.requestCount("POST", "/api/learning/reading-events/batch") }
        for _ in 0 ..< 12 {
            let process = try Self.launch(["events", "flush", directory.path, "--server", reading.api.apiBaseURL.absoluteString,
                                           "--token-file", tokenFile.path, "--retries", "0", "--batch-size", "50", "--timeout", "1"])
            flushRuns += 1
            let requestsBefore = batchRequests()
            let end = min(items.count, next + 600)
            while next < end {
                let size = Int(random.next() % 60) + 1
                try await queue.enqueue(Array(items[next ..< min(end, next + size)]))
                next = min(end, next + size)
            }
            // Kill after the child has sent 1 to 3 batches (it may stop by itself first: a
            // fault ends its flush).
            let target = requestsBefore + 1 + Int(random.next() % 3)
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning, batchRequests() < target, Date() < deadline { usleep(500) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                Self.wait(process)
                if process.terminationReason == .uncaughtSignal {
                    flushCrashes += 1
                    if batchRequests() > requestsBefore { killedWhileUploading += 1 }
                }
            }
            Self.wait(process)
        }
        if next < items.count { try await queue.enqueue(Array(items[next...])) }

        // 4. The queue reopened from disk, as after a crash, flushed until empty (bounded).
        let repairs = try await queue.snapshot().repairs
        queue = try ReadingEventUploadQueue(directory: directory, server: APIReadingServer(client: fixture),
                                            configuration: configuration, sleep: sleeps.sleep)
        try await queue.reloadOnLaunch()
        var flushes = 0, requests = 0, retries = 0, dropped = 0
        for _ in 0 ..< 2_000 {
            try await queue.requeueFailed()
            let result = await queue.flush()
            flushes += 1
            requests += result.requests
            retries += result.retries
            dropped += result.dropped
            if result.remaining == 0 { break }
        }

        // Every deliverable event is on the server exactly once, as it was enqueued; none
        // of the refused ones; the queue is empty, and so is its journal.
        let stored = reading.storedEvents
        #expect(stored.count == deliverable.count, "\(replay)")
        #expect(Set(stored.keys) == Set(deliverable.keys), "lost: \(Set(deliverable.keys).subtracting(stored.keys).count) [\(replay)]")
        #expect(stored.keys.allSatisfy { !rejected.contains($0) }, "\(replay)")
        #expect(stored.allSatisfy { deliverable[$0.key] == $0.value }, "each stored event is the event enqueued [\(replay)]")
        let snapshot = try await queue.snapshot()
        #expect(snapshot.total == 0, "\(replay)")
        #expect(snapshot.journalBytes == ReadingEventJournal.header.count, "\(replay)")
        #expect(enqueueCrashes > 0 && flushCrashes > 0, "the kills landed while the processes ran [\(replay)]")
        #expect(sleeps.waits.allSatisfy { [1, 2, 4].contains($0) }, "\(replay)")

        let kinds = faults.injected.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }
        print("""
        fault-injection figures: \(items.count) events (\(deliverable.count) deliverable, \(rejected.count) refused by the server); \
        faults injected: \(kinds.joined(separator: ", ")) (total \(faults.injected.values.reduce(0, +))); \
        crashes (SIGKILL): \(enqueueCrashes) of \(enqueueRuns) 'events enqueue' runs (\(killedAfterCommit) after writing their \
        record, the others before) and \(flushCrashes) of \(flushRuns) 'events flush' runs (\(killedWhileUploading) after \
        their first batch request), \(repairs.count) torn or damaged journal records repaired; final in-process phase: \(flushes) flushes, \(requests) requests, \(retries) retries after \
        5xx, \(dropped) dropped; server received \(reading.receivedCount) events, \(reading.duplicateCount) of them duplicates; \
        kill delays drawn (µs): \(killDelays.map(String.init).joined(separator: " ")); \
        time \(String(format: "%.1f", Date().timeIntervalSince(started))) s; \(replay)
        """)
    }
}
#endif

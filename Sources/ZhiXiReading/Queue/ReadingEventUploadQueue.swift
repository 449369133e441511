import Foundation
import ZhiXiFileSystem
import ZhiXiModel
import ZhiXiNetwork

/// The durable queue of reading events waiting for the server, in a directory of its own.
///
/// - **Durable:** when `enqueue` returns, its events are in the journal and synced to
///   disk; a crash at any instant loses nothing already enqueued (a record cut short by a
///   crash belongs to a call that had not returned, and is removed when the journal is
///   next read). Each call is one checksummed record: its events land all or none.
/// - **Constant cost per event:** the journal (`QUEUE/journal`: an 8-byte header `ZXRQ` and
///   version 1, then records of a 13-byte header — marker, kind, length, CRC-32 — and a
///   payload: the events of one call as a JSON array, or event ids) is append-only;
///   deliveries append small records of ids, and the journal is compacted (rewritten with
///   the live events only, through a synced temporary file and a rename) when it is more
///   than twice the live events plus a slack, which costs O(1) per event over time.
/// - **States:** pending → exported (sent by a flush) → removed when the server accepted
///   it (or had it already: `DUPLICATE_EVENT`) or refused it for good; or failed, kept,
///   and pending again after ``requeueFailed()`` (``retryFailed()`` requeues and flushes). Exported is a state of memory only: after
///   a crash, ``reloadOnLaunch()`` finds those events pending again, and the server's
///   deduplication by `eventId` answers `DUPLICATE_EVENT` for the ones it had stored.
/// - **One flush at a time:** an actor; a second ``flush()`` joins the one running, and a
///   flush in another process (or another queue on the same directory) makes this one
///   return at once with ``FlushStopReason/anotherFlushRunning``. Enqueueing goes on
///   meanwhile: every read and change of the journal holds an exclusive `flock`, and
///   each queue reads what others appended before acting.
///
/// Rejections: `DUPLICATE_EVENT` is delivered; `MATERIAL_ACCESS_DENIED`,
/// `TEMPORARY_MATERIAL_EXPIRED`, `SOURCE_DELETED` and `INVALID_…` are dropped with a
/// warning; an unknown code keeps the event (failed) with a warning. A batch answered 400,
/// 413 or 422 is split in halves until the event at fault is alone, which is dropped when
/// the answer names a code (an error of that event), and otherwise kept (failed) and the flush
/// stopped (``FlushStopReason/eventRefusedWithoutReason(status:)``): a server that refuses
/// every request, or one event as too large (413), is at fault, not the events. No
/// answer (network, timeout) keeps the batch and stops the flush; 5xx, 408 and 429 are
/// retried after 1, 2, 4 s (``UploadRetryPolicy``), then kept and the flush stops.
package actor ReadingEventUploadQueue {
    /// The queue's directory.
    package nonisolated let directory: URL
    /// Batching, retries and compaction.
    package nonisolated let configuration: ReadingEventUploadQueueConfiguration

    private let server: (any ReadingServerAPI)?
    private let sleep: @Sendable (Double) async -> Void
    private let journal: ReadingEventJournal
    private var ledger = QueueLedger()
    private var unreportedRepairs: [JournalRepair] = []
    private var allRepairs: [JournalRepair] = []
    private var runningFlush: Task<FlushResult, Never>?

    /// Opens (or creates) the queue in `directory` and reads its journal.
    ///
    /// - Parameters:
    ///   - directory: the queue's directory; created (mode 0700) when `create` is `true`.
    ///   - server: where flushes upload; `nil` for a queue that only enqueues or inspects.
    ///   - configuration: batching, retries and compaction.
    ///   - create: create the queue when it does not exist (default `true`).
    ///   - sleep: waits the given seconds before a retry (tests pass one that does not wait).
    /// - Throws: ``ReadingQueueError``.
    package init(
        directory: URL,
        server: (any ReadingServerAPI)? = nil,
        configuration: ReadingEventUploadQueueConfiguration = ReadingEventUploadQueueConfiguration(),
        create: Bool = true,
        sleep: @escaping @Sendable (Double) async -> Void = { seconds in
            try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
        }
    ) throws(ReadingQueueError) {
        self.directory = directory
        self.server = server
        self.configuration = configuration
        self.sleep = sleep
        journal = try ReadingEventJournal(directory: directory, create: create, lockWait: configuration.lockWait)
        let journal = self.journal
        let changes = try journal.locked { () throws(ReadingQueueError) -> ReadingEventJournal.Changes in
            try journal.readChanges()
        }
        var ledger = QueueLedger()
        for (record, length) in changes.records { ledger.apply(record, length: length) }
        self.ledger = ledger
        unreportedRepairs = changes.repairs
        allRepairs = changes.repairs
    }

    // MARK: - Enqueueing

    /// Adds `items` to the queue, on disk and synced before returning; an event whose id is
    /// already in the queue is skipped. All or nothing: one invalid event (see
    /// `ReadingEventUploadItem.validationProblem`) and nothing is enqueued.
    ///
    /// Cost: O(items), one append and one sync, whatever the queue's size.
    /// - Throws: ``ReadingQueueError/invalidEvent(index:eventID:reason:)``, or `.storage`
    ///   when the journal cannot be written (then nothing was enqueued).
    @discardableResult
    package func enqueue(_ items: [ReadingEventUploadItem]) throws(ReadingQueueError) -> EnqueueResult {
        for (index, item) in items.enumerated() {
            if let problem = item.validationProblem { throw .invalidEvent(index: index, eventID: item.eventID, reason: problem) }
        }
        return try journal.locked { () throws(ReadingQueueError) -> EnqueueResult in
            try synchronize()
            var fresh: [ReadingEventUploadItem] = []
            fresh.reserveCapacity(items.count)
            if items.count == 1 {
                // One event (the common call): nothing in the call to repeat it.
                if !ledger.contains(items[0].eventID) { fresh.append(items[0]) }
            } else {
                var seen = Set<String>(minimumCapacity: items.count)
                for item in items where !ledger.contains(item.eventID) && seen.insert(item.eventID).inserted {
                    fresh.append(item)
                }
            }
            if !fresh.isEmpty {
                let record = JournalRecord.enqueue(fresh)
                ledger.apply(record, length: try journal.append([record])[0])
            }
            return EnqueueResult(enqueued: fresh.count, alreadyQueued: items.count - fresh.count)
        }
    }

    /// Adds one event; see `enqueue`.
    @discardableResult
    package func enqueue(_ item: ReadingEventUploadItem) throws(ReadingQueueError) -> EnqueueResult {
        try enqueue([item])
    }

    // MARK: - States

    /// Uploads the failed events again with the pending ones: makes them pending (recorded
    /// on disk), then flushes, and returns the flush's result. What the app calls when the
    /// network comes back.
    package func retryFailed() async -> FlushResult {
        do {
            try requeueFailed()
        } catch {
            var result = FlushResult()
            result.stopReason = .storage(error)
            result.remaining = ledger.count
            return result
        }
        return await flush()
    }

    /// Makes every failed event pending again (recorded on disk), without uploading, and
    /// returns how many.
    @discardableResult
    package func requeueFailed() throws(ReadingQueueError) -> Int {
        try journal.locked { () throws(ReadingQueueError) -> Int in
            try synchronize()
            let failed = ledger.ids(in: .failed)
            guard !failed.isEmpty else { return 0 }
            let record = JournalRecord.retry(failed)
            ledger.apply(record, length: try journal.append([record])[0])
            return failed.count
        }
    }

    /// Reads the queue from disk as a new launch finds it: events that were being sent
    /// when the app stopped (exported, unanswered) are pending again; failed ones stay
    /// failed until ``retryFailed()``. Returns what is in the queue.
    @discardableResult
    package func reloadOnLaunch() throws(ReadingQueueError) -> ReadingQueueSnapshot {
        try journal.locked { () throws(ReadingQueueError) -> Void in
            try synchronize()
            ledger.reloadExported()
        }
        return try snapshot()
    }

    /// What is in the queue now (after reading what other processes appended). O(n).
    package func snapshot() throws(ReadingQueueError) -> ReadingQueueSnapshot {
        try journal.locked { () throws(ReadingQueueError) -> Void in try synchronize() }
        return Self.snapshot(of: ledger, journalBytes: journal.sizeOnDisk, repairs: allRepairs)
    }

    /// What the queue in `directory` holds, read without changing a byte on disk: no file is
    /// created, no damaged or unfinished record is repaired; the unreadable stretches of the
    /// journal are reported with what they may have held. For support tools
    /// (`zhixi-review events inspect`). O(journal size).
    /// - Throws: ``ReadingQueueError/missingQueue(path:)`` when there is no queue, `.notAQueue`,
    ///   `.busy` when a writer held the lock longer than `lockWait`, `.storage`.
    package static func inspect(directory: URL, lockWait: FileLockWait = FileLockWait()) throws(ReadingQueueError) -> ReadingQueueInspection {
        let read = try ReadingEventJournal.inspect(directory: directory, lockWait: lockWait)
        var ledger = QueueLedger()
        for (record, length) in read.records { ledger.apply(record, length: length) }
        let end = read.unreadable.last.map { $0.kind == .unfinishedRecord ? $0.offset : read.size } ?? read.size
        return ReadingQueueInspection(snapshot: snapshot(of: ledger, journalBytes: end, repairs: []), unreadable: read.unreadable)
    }

    /// The counts, the oldest event and the materials of a ledger. O(n).
    private static func snapshot(of ledger: QueueLedger, journalBytes: Int, repairs: [JournalRepair]) -> ReadingQueueSnapshot {
        var pending = 0, exported = 0, failed = 0
        var oldest: ReadingEventUploadItem?
        var materials: [String: ReadingQueueSnapshot.Material] = [:]
        for event in ledger.entries.values {
            switch event.state {
            case .pending: pending += 1
            case .exported: exported += 1
            case .failed: failed += 1
            }
            let item = event.item
            if oldest.map({ (item.clientTimestampMs, item.eventID) < ($0.clientTimestampMs, $0.eventID) }) ?? true { oldest = item }
            materials[item.materialID, default: .init(materialID: item.materialID, readingTargetType: item.readingTargetType,
                                                      events: 0)].events += 1
        }
        let sorted = materials.values.sorted { ($0.events, $1.materialID) > ($1.events, $0.materialID) }
        return ReadingQueueSnapshot(pending: pending, exported: exported, failed: failed, oldest: oldest, materials: sorted,
                                    journalBytes: journalBytes, repairs: repairs)
    }

    /// The events in the queue, in the order they arrived. O(n log n).
    package func queuedEvents() throws(ReadingQueueError) -> [ReadingEventUploadItem] {
        try journal.locked { () throws(ReadingQueueError) -> Void in try synchronize() }
        return ledger.entriesInArrivalOrder.map(\.item)
    }

    // MARK: - Flushing

    /// Uploads the pending events in batches until none is left or the flush must stop,
    /// and returns what happened. A call while a flush runs joins it.
    ///
    /// The flush lock (`flush.lock`, a `flock`) is held only while the flush runs and is
    /// released when it ends, however it ends; the journal's own lock only for each read or
    /// change of the file, never across a request. An iOS app should not be suspended in the
    /// middle of a flush — a suspended app holding a file lock may be killed (`0xdead10cc`):
    /// run the flush inside a background task, or call ``cancelFlush()`` when the app goes
    /// to the background.
    package func flush() async -> FlushResult {
        if let runningFlush { return await runningFlush.value }
        let task = Task { await self.performFlush() }
        runningFlush = task
        let result = await task.value
        runningFlush = nil
        return result
    }

    /// Stops the running flush, if any: the request in flight is cancelled, the flush ends
    /// with ``FlushStopReason/cancelled`` (its callers get that result), the events not
    /// confirmed stay queued, and the flush lock is released. Cancelling a caller of
    /// ``flush()`` does not stop a flush that other callers may have joined; this does.
    package func cancelFlush() {
        runningFlush?.cancel()
    }

    private enum BatchOutcome {
        case answered(ReadingEventBatchResponse)
        case split(APIError)
        case stop(FlushStopReason)
    }

    private func performFlush() async -> FlushResult {
        var result = FlushResult()
        guard let server else {
            result.stopReason = .noServer
            result.remaining = ledger.count
            return result
        }
        do {
            guard try journal.tryLockFlush() else {
                result.stopReason = .anotherFlushRunning
                result.remaining = ledger.count
                return result
            }
        } catch {
            result.stopReason = .storage(error)
            return result
        }
        defer { journal.unlockFlush() }
        var halves: [[ReadingEventUploadItem]] = []
        loop: while true {
            let batch: [ReadingEventUploadItem]
            if let half = halves.popLast() {
                batch = half
            } else {
                do {
                    batch = try export(limit: configuration.batchSize)
                } catch {
                    result.stopReason = .storage(error)
                    break loop
                }
                if batch.isEmpty { break loop }
            }
            if Task.isCancelled {
                setState(of: batch, to: .pending)
                result.stopReason = .cancelled
                break loop
            }
            if result.requests >= configuration.maximumRequestsPerFlush {
                setState(of: batch, to: .pending)
                result.stopReason = .requestLimit(result.requests)
                break loop
            }
            switch await send(batch, to: server, result: &result) {
            case .answered(let response):
                if let failure = settle(batch, response: response, result: &result) {
                    result.stopReason = .storage(failure)
                    break loop
                }
            case .split(let error):
                if batch.count > 1 {
                    let middle = batch.count / 2
                    halves.append(Array(batch[middle...]))
                    halves.append(Array(batch[..<middle]))
                } else if case .http(let status, let code, _) = error, status == 413 || code == nil {
                    // One event refused with no code naming what is wrong with it (or as too
                    // large, which one event is not): a fault of the server or of something
                    // on the way, not of the event. Keep it and stop; a later flush tries again.
                    result.stopReason = .eventRefusedWithoutReason(status: status)
                    if let failure = keepFailed([batch[0].eventID], result: &result) { result.stopReason = .storage(failure) }
                    break loop
                } else if let failure = drop(batch[0], refusal: error, result: &result) {
                    result.stopReason = .storage(failure)
                    break loop
                }
            case .stop(let reason):
                result.stopReason = reason
                if case .cancelled = reason {
                    setState(of: batch, to: .pending)
                } else if let failure = keepFailed(batch.map(\.eventID), result: &result) {
                    result.stopReason = .storage(failure)
                }
                break loop
            }
        }
        for half in halves { setState(of: half, to: .pending) }
        ledger.reloadExported()
        result.warnings = unreportedRepairs.map(ReadingUploadWarning.journalRepaired) + result.warnings
        unreportedRepairs.removeAll()
        result.remaining = ledger.count
        return result
    }

    /// Sends one batch, retrying after 5xx, 408 and 429 answers as the policy says.
    private func send(_ batch: [ReadingEventUploadItem], to server: any ReadingServerAPI,
                      result: inout FlushResult) async -> BatchOutcome {
        var retry = 0
        while true {
            result.requests += 1
            do {
                return .answered(try await server.uploadReadingEvents(ReadingEventBatchRequest(events: batch)))
            } catch {
                switch error {
                case .cancelled:
                    return .stop(.cancelled)
                case .http(let status, _, _) where status >= 500 || status == 408 || status == 429:
                    guard retry < configuration.retryPolicy.maximumRetries else { return .stop(.request(error)) }
                    retry += 1
                    result.retries += 1
                    await sleep(configuration.retryPolicy.delay(beforeRetry: retry))
                    if Task.isCancelled { return .stop(.cancelled) }
                case .http(let status, _, _) where [400, 413, 422].contains(status):
                    return .split(error)
                case .invalidRequest:
                    return .split(error)
                default:
                    return .stop(.request(error))
                }
            }
        }
    }

    /// Applies the server's answer to a batch: delivered and dropped events removed,
    /// others kept failed. Returns the storage failure, if any.
    private func settle(_ batch: [ReadingEventUploadItem], response: ReadingEventBatchResponse,
                        result: inout FlushResult) -> ReadingQueueError? {
        let accepted = Set(response.accepted)
        var rejections: [String: ReadingEventRejection] = [:]
        for rejection in response.rejected where rejections[rejection.eventID] == nil { rejections[rejection.eventID] = rejection }
        var removed: [String] = [], failed: [String] = []
        var uploaded = 0, duplicates = 0, dropped = 0, missing = 0
        var warnings: [ReadingUploadWarning] = []
        for item in batch {
            if accepted.contains(item.eventID) {
                uploaded += 1
                removed.append(item.eventID)
            } else if let rejection = rejections[item.eventID] {
                switch rejection.code {
                case .duplicateEvent:
                    uploaded += 1
                    duplicates += 1
                    removed.append(item.eventID)
                case .materialAccessDenied, .temporaryMaterialExpired, .sourceDeleted, .invalid:
                    dropped += 1
                    removed.append(item.eventID)
                    warnings.append(.dropped(eventID: item.eventID, materialID: item.materialID, code: rejection.code.rawValue,
                                             message: rejection.message))
                case .unknown(let code):
                    failed.append(item.eventID)
                    warnings.append(.keptAfterUnknownRejection(eventID: item.eventID, code: code, message: rejection.message))
                }
            } else {
                missing += 1
                failed.append(item.eventID)
            }
        }
        if missing > 0 { warnings.append(.missingFromAnswer(count: missing)) }
        var records: [JournalRecord] = []
        if !removed.isEmpty { records.append(.remove(removed)) }
        if !failed.isEmpty { records.append(.fail(failed)) }
        if let failure = write(records) { return failure }
        result.uploaded += uploaded
        result.duplicates += duplicates
        result.dropped += dropped
        result.failed += failed.count
        result.warnings += warnings
        return nil
    }

    /// Drops one event that the server refused alone with 400, 413 or 422.
    private func drop(_ item: ReadingEventUploadItem, refusal: APIError, result: inout FlushResult) -> ReadingQueueError? {
        if let failure = write([.remove([item.eventID])]) { return failure }
        var code = "\(refusal)"
        var message: String?
        if case .http(let status, let serverCode, let serverMessage) = refusal {
            code = serverCode.map { "HTTP \(status) \($0)" } ?? "HTTP \(status)"
            message = serverMessage
        }
        result.dropped += 1
        result.warnings.append(.dropped(eventID: item.eventID, materialID: item.materialID, code: code, message: message))
        return nil
    }

    /// Keeps `ids` as failed.
    private func keepFailed(_ ids: [String], result: inout FlushResult) -> ReadingQueueError? {
        if let failure = write([.fail(ids)]) { return failure }
        result.failed += ids.count
        return nil
    }

    /// Appends `records` (after reading others' changes), applies them, compacts when due.
    private func write(_ records: [JournalRecord]) -> ReadingQueueError? {
        guard !records.isEmpty else { return nil }
        do {
            try journal.locked { () throws(ReadingQueueError) -> Void in
                try synchronize()
                let lengths = try journal.append(records)
                for (record, length) in zip(records, lengths) { ledger.apply(record, length: length) }
                try compactIfDue()
            }
            return nil
        } catch {
            return error
        }
    }

    /// Marks up to `limit` pending events exported, oldest first, and returns them.
    private func export(limit: Int) throws(ReadingQueueError) -> [ReadingEventUploadItem] {
        try journal.locked { () throws(ReadingQueueError) -> Void in try synchronize() }
        return ledger.export(limit: limit)
    }

    private func setState(of batch: [ReadingEventUploadItem], to state: QueueLedger.State) {
        for item in batch { ledger.setState(of: item.eventID, to: state) }
    }

    // MARK: - Journal

    /// Reads and applies what others appended since the last read. Call under the lock.
    private func synchronize() throws(ReadingQueueError) {
        let changes = try journal.readChanges()
        if changes.reset {
            // The journal was replaced (compacted elsewhere): rebuild, keeping what this
            // queue is sending now.
            let exported = ledger.ids(in: .exported)
            ledger = QueueLedger()
            for (record, length) in changes.records { ledger.apply(record, length: length) }
            for id in exported { ledger.setState(of: id, to: .exported) }
        } else {
            for (record, length) in changes.records { ledger.apply(record, length: length) }
        }
        noteRepairs(changes.repairs)
    }

    private func noteRepairs(_ repairs: [JournalRepair]) {
        unreportedRepairs += repairs
        allRepairs += repairs
    }

    /// Rewrites the journal with the live events when it has grown past twice their size
    /// plus the slack, or holds only removed events. Call under the lock.
    private func compactIfDue() throws(ReadingQueueError) {
        let size = journal.sizeOnDisk
        let empty = ledger.count == 0 && size > ReadingEventJournal.header.count
        guard empty || size > 2 * ledger.liveBytes + configuration.compactionSlackBytes else { return }
        let live = ledger.entriesInArrivalOrder
        var records: [JournalRecord] = []
        var start = 0
        while start < live.count {
            let end = min(live.count, start + 1000)
            records.append(.enqueue(live[start ..< end].map(\.item)))
            start = end
        }
        let failed = live.filter { $0.state == .failed }.map(\.item.eventID)
        if !failed.isEmpty { records.append(.fail(failed)) }
        let lengths = try journal.rewrite(records)
        // The new journal says what memory says; only the events' shares of it change.
        var first = true
        for (record, length) in zip(records, lengths) {
            guard case .enqueue(let items) = record else { continue }
            ledger.reassignShares(items, recordLength: length, reset: first)
            first = false
        }
    }
}

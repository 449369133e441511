import Foundation
import ZhiXiCore
import ZhiXiFileSystem
import ZhiXiModel
import ZhiXiNetwork
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The durable outbox of review-task completions and skips made while the server could not
/// be reached: each waits in a directory of its own until the server has it, and is sent
/// exactly once in effect, across crashes, kills and retries.
///
/// - **Durable:** ``enqueue(_:)`` writes the action as one small file (`<task id in hex>.<kind>.json`)
///   through `AtomicFileWriter` (ZhiXiFileSystem) — a temporary file flushed to disk, renamed, the
///   directory flushed — so when it returns the action survives a crash, and a crash during
///   it leaves the action whole or absent.
/// - **Exactly once in effect:** an action leaves the outbox only after the server answered
///   it: 2xx (delivered) or a definite refusal. A process killed between the server's answer
///   and the removal sends the action again on the next ``sync(with:)``; the server's
///   endpoints are idempotent for the task id and the action (completing a completed task
///   keeps its first `completedAt`), so the second send changes nothing. The same action
///   enqueued twice is kept once (the first, with its completion time).
/// - **Refusals end:** an action refused for good — 404 or 410 (the task is gone) or another
///   4xx other than 401, 408 and 429 — is removed and reported once in
///   ``OutboxSyncResult/refused``; it is never sent again.
/// - **Failures wait:** no answer, a timeout, a 5xx (after the client's own retries), a
///   session that cannot be renewed or an answer that cannot be read stop the sync; the action
///   and those after it wait for the next one.
/// - **One sync at a time:** `sync.lock` is held (non-blocking) for a whole sync across
///   processes, as the reading upload queue's flush holds `flush.lock`; a second sync returns
///   at once with ``OutboxStopReason/anotherSyncRunning``. Every change of the directory holds
///   `lock` (exclusive `flock`), so enqueueing goes on during a sync.
///
/// Actions are sent in the order they were recorded (``ReviewTaskAction/recordedAt``). Made
/// for few actions (a learner's reviews of a day offline); listing is O(actions).
package actor ReviewTaskOutbox {
    /// The longest task id kept, in UTF-8 bytes (its hex form names the file).
    package static let maximumTaskIDBytes = 100

    /// The outbox's directory.
    package nonisolated let directory: URL
    private let lockPath: String
    private let syncLockPath: String
    private var lockDescriptor: Int32 = -1
    private var syncLockDescriptor: Int32 = -1
    private static let entrySuffix = ".json"

    /// Opens (or creates) the outbox in `directory`.
    /// - Parameters:
    ///   - directory: the outbox's directory; created (mode 0700) when `create` is `true`.
    ///   - create: create it when it does not exist (default `true`).
    /// - Throws: ``ReviewOutboxError``.
    package init(directory: URL, create: Bool = true) throws(ReviewOutboxError) {
        self.directory = directory
        lockPath = directory.appendingPathComponent("lock").path
        syncLockPath = directory.appendingPathComponent("sync.lock").path
        do throws(StoreDirectory.Failure) {
            try StoreDirectory.prepare(directory, create: create)
        } catch {
            switch error {
            case .missing: throw .missingOutbox(path: directory.path)
            case .notADirectory: throw .notAnOutbox(path: directory.path, reason: "it is a file, and an outbox is a directory")
            case .cannotCreate(let reason): throw .storage(path: directory.path, operation: "creating the directory", reason: reason)
            case .untrusted(let reason): throw .untrusted(path: directory.path, reason: reason)
            }
        }
        lockDescriptor = try Self.openFile(lockPath)
    }

    deinit {
        if lockDescriptor >= 0 { close(lockDescriptor) }
        if syncLockDescriptor >= 0 { close(syncLockDescriptor) }
    }

    // MARK: - Actions

    /// Keeps `action` until the server has it, on disk before returning. Returns `false` when
    /// the same action (task and kind) already waits: the one recorded first is kept.
    /// - Throws: ``ReviewOutboxError/invalidTaskID(_:)``, or `.storage` (then nothing was kept).
    @discardableResult
    package func enqueue(_ action: ReviewTaskAction) throws(ReviewOutboxError) -> Bool {
        guard !action.taskID.isEmpty, action.taskID.utf8.count <= Self.maximumTaskIDBytes else {
            throw .invalidTaskID(action.taskID)
        }
        return try locked { () throws(ReviewOutboxError) -> Bool in
            let path = entryPath(action)
            guard !FileManager.default.fileExists(atPath: path) else { return false }
            let data: Data
            do {
                data = try ZhiXiJSON.makeEncoder().encode(action)
            } catch {
                throw .storage(path: path, operation: "encoding", reason: String(describing: error))
            }
            do throws(FileSystemError) {
                try AtomicFileWriter.replaceFile(at: path, with: data)
            } catch {
                throw .storage(path: path, operation: "writing", reason: error.reason)
            }
            return true
        }
    }

    /// The actions waiting, in the order they will be sent. O(actions).
    /// - Throws: `.storage` when the directory or a file cannot be read.
    package func waiting() throws(ReviewOutboxError) -> [ReviewTaskAction] {
        try locked { () throws(ReviewOutboxError) -> [ReviewTaskAction] in try readEntries() }
    }

    // MARK: - Sending

    /// Sends the waiting actions with `service`, oldest first, until none is left or one gets
    /// no usable answer; see ``ReviewTaskOutbox`` for what leaves the outbox and what waits.
    package func sync(with service: any ReviewService) async -> OutboxSyncResult {
        var result = OutboxSyncResult()
        do {
            guard try tryLockSync() else {
                result.stopReason = .anotherSyncRunning
                result.remaining = (try? waiting().count) ?? 0
                return result
            }
        } catch {
            result.stopReason = .storage(error)
            return result
        }
        defer { unlockSync() }
        let actions: [ReviewTaskAction]
        do {
            actions = try waiting()
        } catch {
            result.stopReason = .storage(error)
            return result
        }
        for (position, action) in actions.enumerated() {
            if Task.isCancelled {
                result.stopReason = .cancelled
                result.remaining = (try? waiting().count) ?? actions.count - position
                return result
            }
            do throws(APIError) {
                let task = try await action.send(with: service)
                result.delivered.append(.init(action: action, task: task))
            } catch {
                guard Self.isRefusal(error) else {
                    result.stopReason = error == .cancelled ? .cancelled : .request(action, error)
                    result.remaining = (try? waiting().count) ?? actions.count - position
                    return result
                }
                result.refused.append(.init(action: action, error: error))
            }
            do {
                try remove(action)
            } catch {
                result.stopReason = .storage(error)
                result.remaining = (try? waiting().count) ?? actions.count - position
                return result
            }
        }
        result.remaining = (try? waiting().count) ?? 0
        return result
    }

    /// `true` when the server refused the action for good: a 4xx other than 401 (the client
    /// has renewed the session already), 408 and 429, or a request that cannot be built.
    package static func isRefusal(_ error: APIError) -> Bool {
        switch error {
        case .http(let status, _, _): (400 ..< 500).contains(status) && ![401, 408, 429].contains(status)
        case .invalidRequest: true
        default: false
        }
    }

    // MARK: - Files

    /// `<hex of the task id>.<kind>.json` in the directory.
    private func entryPath(_ action: ReviewTaskAction) -> String {
        let hex = action.taskID.utf8.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
        return directory.appendingPathComponent("\(hex).\(action.kind.rawValue)\(Self.entrySuffix)").path
    }

    private func remove(_ action: ReviewTaskAction) throws(ReviewOutboxError) {
        try locked { () throws(ReviewOutboxError) -> Void in
            do throws(FileSystemError) {
                try AtomicFileWriter.removeFile(at: entryPath(action))
            } catch {
                throw .storage(path: error.path, operation: "removing", reason: error.reason)
            }
        }
    }

    /// Every entry, sorted by when it was recorded. Call under ``locked(_:)``.
    private func readEntries() throws(ReviewOutboxError) -> [ReviewTaskAction] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw .storage(path: directory.path, operation: "listing", reason: error.localizedDescription)
        }
        var actions: [ReviewTaskAction] = []
        let decoder = ZhiXiJSON.makeDecoder()
        for name in names where name.hasSuffix(Self.entrySuffix) && !name.hasPrefix(".") {
            let path = directory.appendingPathComponent(name).path
            // Only an entry this program wrote is read (and so sent): a regular file of the
            // user's, 0600, one link; anything else is refused with the outbox.
            let read: Data?
            do throws(FileSystemError) {
                read = try PrivateFile.read(path, limit: Self.maximumEntryBytes)
            } catch {
                switch error.kind {
                case .refused: throw .notAnOutbox(path: path, reason: "it is not a regular file")
                case .permission, .tooLarge: throw .untrusted(path: path, reason: error.reason)
                default: throw .storage(path: path, operation: "reading", reason: error.reason)
                }
            }
            guard let data = read else { continue }   // removed by a sync meanwhile
            do {
                actions.append(try decoder.decode(ReviewTaskAction.self, from: data))
            } catch {
                throw .notAnOutbox(path: path, reason: "the file is not a review-task action (\(error))")
            }
        }
        return actions.sorted { ($0.recordedAt, $0.taskID, $0.kind.rawValue) < ($1.recordedAt, $1.taskID, $1.kind.rawValue) }
    }

    // MARK: - Locks

    private func locked<Value>(_ body: () throws(ReviewOutboxError) -> Value) throws(ReviewOutboxError) -> Value {
        do throws(FileSystemError) {
            try FileLock.lockWaiting(lockDescriptor, path: lockPath)
        } catch {
            throw .storage(path: lockPath, operation: "locking", reason: error.reason)
        }
        defer { FileLock.unlock(lockDescriptor) }
        return try body()
    }

    private func tryLockSync() throws(ReviewOutboxError) -> Bool {
        if syncLockDescriptor < 0 { syncLockDescriptor = try Self.openFile(syncLockPath) }
        do throws(FileSystemError) {
            return try FileLock.tryLock(syncLockDescriptor, path: syncLockPath)
        } catch {
            throw .storage(path: syncLockPath, operation: "locking", reason: error.reason)
        }
    }

    private func unlockSync() {
        if syncLockDescriptor >= 0 { FileLock.unlock(syncLockDescriptor) }
    }

    /// The largest entry read, in bytes: an action is about 150.
    static let maximumEntryBytes = 64 << 10

    /// Opens (or creates, 0600) a lock file of the outbox: a regular file of the user's,
    /// private, one link, never through a link (`PrivateFile`).
    private static func openFile(_ path: String) throws(ReviewOutboxError) -> Int32 {
        do throws(FileSystemError) {
            guard let descriptor = try PrivateFile.open(path, writing: true, create: true) else {
                throw FileSystemError(.io, path: path, reason: "vanished")
            }
            return descriptor
        } catch {
            switch error.kind {
            case .refused: throw .notAnOutbox(path: path, reason: "it is not a regular file")
            case .permission: throw .untrusted(path: path, reason: error.reason)
            default: throw .storage(path: path, operation: "opening", reason: error.reason)
            }
        }
    }
}

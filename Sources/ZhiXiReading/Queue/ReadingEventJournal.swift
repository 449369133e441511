import Foundation
import ZhiXiFileSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of an upload queue in its directory, and the only code that touches them:
///
/// - `journal`: an 8-byte header (`ZXRQ` and version 1, little-endian) and then
///   ``JournalRecord``s, appended and synced to disk (`fdatasync`, `F_FULLFSYNC` on Apple
///   platforms) before a call returns. Compaction writes the live events to a temporary
///   file, syncs it and renames it over `journal` (`AtomicFileWriter`).
/// - `lock`: `flock` on it (exclusive) serializes every read and change of the journal
///   between processes and between queues opened on the same directory.
/// - `flush.lock`: held (non-blocking) for the whole of a flush, so that one flush runs at
///   a time across processes while others keep enqueueing.
///
/// Not thread-safe: ``ReadingEventUploadQueue`` owns it and calls it from its actor.
final class ReadingEventJournal {
    /// What ``readChanges()`` found.
    struct Changes {
        /// `true` when the records are the whole journal (first read, or the file was
        /// replaced by a compaction elsewhere): forget what was read before.
        var reset: Bool
        /// The records, in order, each with its length on disk in bytes.
        var records: [(record: JournalRecord, length: Int)]
        /// Damage repaired while reading.
        var repairs: [JournalRepair]
    }

    /// The file header: `ZXRQ` and the format version 1.
    static let header: [UInt8] = [0x5A, 0x58, 0x52, 0x51, 1, 0, 0, 0]

    /// The queue's directory.
    let directory: URL
    /// The journal's path.
    let journalPath: String
    private let lockPath: String
    private let flushLockPath: String
    private var descriptor: Int32 = -1
    private var identity: (device: UInt64, inode: UInt64) = (0, 0)
    private var lockDescriptor: Int32 = -1
    private var flushLockDescriptor: Int32 = -1
    private var lockDepth = 0
    private let lockWait: FileLockWait
    /// Where the next record starts: the end of the last whole record read or written.
    private(set) var endOffset = 0
    /// The journal file's size as ``readChanges()`` found it (and appends since made it),
    /// while the lock is held: an append after it needs no `fstat` of its own.
    private var sizeUnderLock: Int?

    /// Opens the queue in `directory`, creating the directory (mode 0700) and an empty
    /// journal when `create` is `true`. The lock is waited for as `lockWait` says.
    /// - Throws: ``ReadingQueueError/missingQueue(path:)`` when it does not exist and
    ///   `create` is `false`; `.storage` when a file cannot be created or opened, or is not a
    ///   regular file.
    init(directory: URL, create: Bool, lockWait: FileLockWait = FileLockWait()) throws(ReadingQueueError) {
        self.directory = directory
        self.lockWait = lockWait
        journalPath = directory.appendingPathComponent("journal").path
        lockPath = directory.appendingPathComponent("lock").path
        flushLockPath = directory.appendingPathComponent("flush.lock").path
        do throws(StoreDirectory.Failure) {
            try StoreDirectory.prepare(directory, create: create)
        } catch {
            switch error {
            case .missing: throw .missingQueue(path: directory.path)
            case .notADirectory: throw .notAQueue(path: directory.path, reason: "it is a file, and a queue is a directory")
            case .cannotCreate(let reason): throw .storage(path: directory.path, operation: "creating the directory", reason: reason)
            case .untrusted(let reason): throw .untrusted(path: directory.path, reason: reason)
            }
        }
        lockDescriptor = try Self.openFile(lockPath, flags: O_RDWR | O_CREAT)
        if !FileManager.default.fileExists(atPath: journalPath) && !create {
            throw .missingQueue(path: journalPath)
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if flushLockDescriptor >= 0 { close(flushLockDescriptor) }
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    // MARK: - Locks

    /// Runs `body` holding the exclusive lock of the journal (re-entrant).
    func locked<T>(_ body: () throws(ReadingQueueError) -> T) throws(ReadingQueueError) -> T {
        if lockDepth == 0 {
            do {
                try FileLock.lock(lockDescriptor, path: lockPath, wait: lockWait)
            } catch {
                if error.kind == .busy { throw .busy(path: directory.path, waitedSeconds: lockWait.timeoutSeconds) }
                throw .storage(path: lockPath, operation: "locking", reason: error.reason)
            }
        }
        lockDepth += 1
        defer {
            lockDepth -= 1
            if lockDepth == 0 {
                sizeUnderLock = nil
                FileLock.unlock(lockDescriptor)
            }
        }
        return try body()
    }

    /// Takes the flush lock if no one holds it; `false` when another flush (in this or
    /// another process) runs.
    func tryLockFlush() throws(ReadingQueueError) -> Bool {
        if flushLockDescriptor < 0 { flushLockDescriptor = try Self.openFile(flushLockPath, flags: O_RDWR | O_CREAT) }
        do {
            return try FileLock.tryLock(flushLockDescriptor, path: flushLockPath)
        } catch {
            throw .storage(path: flushLockPath, operation: "locking", reason: error.reason)
        }
    }

    /// Releases the flush lock.
    func unlockFlush() {
        if flushLockDescriptor >= 0 { FileLock.unlock(flushLockDescriptor) }
    }

    // MARK: - Reading

    /// The records written since the last call (by anyone), or the whole journal when it
    /// is read for the first time or was replaced meanwhile. Repairs a torn tail by
    /// truncating it. Call under ``locked(_:)``.
    func readChanges() throws(ReadingQueueError) -> Changes {
        var reset = false
        var found = FileStatus.at(journalPath)
        if found == nil {
            guard errno == ENOENT else { throw .storage(path: journalPath, operation: "examining", reason: Self.lastError) }
            try createEmptyJournal()
            found = FileStatus.at(journalPath)
        }
        guard let status = found else { throw .storage(path: journalPath, operation: "examining", reason: Self.lastError) }
        let current = (device: status.identity.device, inode: status.identity.inode)
        if descriptor < 0 || current != identity || status.size < endOffset {
            // First read, or the journal was replaced (compacted) or cut: read it anew.
            try reopen()
            reset = true
        }
        let size = try fileSize()
        sizeUnderLock = size
        var records: [(record: JournalRecord, length: Int)] = []
        var repairs: [JournalRepair] = []
        // The common case: whole records one after the other, then zeros (the preallocated
        // tail) or the end of the file. One small read when nothing is new. (A record whose
        // header never reached the disk is not a record: its call had not returned.)
        var damaged = false
        while endOffset < size {
            let head = try readBytes(from: endOffset, count: min(JournalRecord.headerLength, size - endOffset))
            if head.allSatisfy({ $0 == 0 }) { break }
            let length = head.withUnsafeBytes { JournalRecord.payloadLength($0) }
            guard let length, endOffset + JournalRecord.headerLength + length <= size else {
                damaged = true
                break
            }
            let bytes = try readBytes(from: endOffset, count: JournalRecord.headerLength + length)
            guard let (record, recordLength) = bytes.withUnsafeBytes({ JournalRecord.decode($0, at: 0) }) else {
                damaged = true
                break
            }
            records.append((record, recordLength))
            endOffset += recordLength
        }
        guard damaged else { return Changes(reset: reset, records: records, repairs: repairs) }
        // Something other than a whole record or zeros follows: a record torn by a crash
        // (then only garbage and zeros follow), or damage with whole records after it.
        var rest = try readBytes(from: endOffset, count: size - endOffset)
        var position = 0
        rest.withUnsafeBytes { buffer in
            while position < buffer.count {
                if let (record, length) = JournalRecord.decode(buffer, at: position) {
                    records.append((record, length))
                    position += length
                    continue
                }
                if buffer[position...].allSatisfy({ $0 == 0 }) { break }
                var next = position + 1
                var found = false
                while next + JournalRecord.headerLength <= buffer.count {
                    if buffer[next] == JournalRecord.marker[0], JournalRecord.decode(buffer, at: next) != nil {
                        found = true
                        break
                    }
                    next += 1
                }
                if found {
                    repairs.append(JournalRepair(kind: .skippedCorruption, offset: endOffset + position, length: next - position))
                    position = next
                } else {
                    let lastNonZero = buffer.lastIndex { $0 != 0 } ?? position
                    repairs.append(JournalRepair(kind: .tornTail, offset: endOffset + position, length: lastNonZero + 1 - position))
                    break
                }
            }
        }
        let end = endOffset + position
        if let torn = repairs.last, torn.kind == .tornTail {
            // The writer died in the middle of a record, before its call returned: zero it,
            // so the next record starts on a boundary and the tail reads as free space.
            let zeros = [UInt8](repeating: 0, count: size - end)
            if let failure = Self.writeAll(zeros, to: descriptor, at: end) ?? (Self.syncToDisk(descriptor) ? nil : Self.lastError) {
                throw .storage(path: journalPath, operation: "clearing an unfinished record of", reason: failure)
            }
        }
        rest.removeAll()
        endOffset = end
        return Changes(reset: reset, records: records, repairs: repairs)
    }

    /// The journal's bytes in use: the header and the records (the preallocated zeros after
    /// them not counted).
    var sizeOnDisk: Int { endOffset }

    /// Bytes of zeros written ahead of the records, so that an append overwrites blocks the
    /// file already has and its sync does not have to record a new size (256 KiB).
    static let preallocation = 256 << 10

    // MARK: - Writing

    /// Appends `records` and syncs them to disk before returning. Call under ``locked(_:)``
    /// after ``readChanges()``. On failure nothing of them stays in the journal. Returns
    /// the length of each record on disk.
    @discardableResult
    func append(_ records: [JournalRecord]) throws(ReadingQueueError) -> [Int] {
        guard !records.isEmpty else { return [] }
        var bytes: [UInt8] = []
        var lengths: [Int] = []
        for record in records {
            let encoded = try Self.encode(record)
            lengths.append(encoded.count)
            bytes += encoded
        }
        let start = endOffset
        let size: Int
        if let known = sizeUnderLock { size = known } else { size = try fileSize() }
        sizeUnderLock = nil
        let recordsLength = bytes.count
        if start + bytes.count > size {
            // Past the zeros written ahead: write more, in the same sync as the record.
            bytes += [UInt8](repeating: 0, count: Self.preallocation)
        }
        var failure = write(bytes, at: start, over: size)
        if failure != nil, bytes.count > recordsLength {
            // A disk with room for the records but not for the zeros ahead (nearly full): the
            // records alone, so that what is said is what happened.
            bytes.removeLast(bytes.count - recordsLength)
            failure = write(bytes, at: start, over: size)
        }
        if let failure { throw .storage(path: journalPath, operation: "appending to", reason: failure) }
        endOffset = start + lengths.reduce(0, +)
        sizeUnderLock = max(size, start + bytes.count)
        return lengths
    }

    /// Writes `bytes` at `start` of a journal file of `size` bytes and syncs them; on failure
    /// takes back everything it may have written (the file cut back to `size`, the bytes
    /// before that zeros again, as they were) and returns the reason, so that no record of a
    /// failed append can be read later — on a full disk the records may fit where the zeros
    /// after them did not.
    private func write(_ bytes: [UInt8], at start: Int, over size: Int) -> String? {
        guard let failure = Self.writeAll(bytes, to: descriptor, at: start) ?? (Self.syncToDisk(descriptor) ? nil : Self.lastError) else {
            return nil
        }
        if start + bytes.count > size { _ = ftruncate(descriptor, off_t(size)) }
        _ = Self.writeAll([UInt8](repeating: 0, count: min(bytes.count, max(0, size - start))), to: descriptor, at: start)
        _ = Self.syncToDisk(descriptor)
        return failure
    }

    /// Replaces the journal by one holding only `records` (compaction): written to a
    /// temporary file, synced, renamed over `journal`, and the directory synced. Call
    /// under ``locked(_:)``. A crash at any point leaves either the old or the new journal.
    /// Reading goes on after the new journal's records. Returns the length of each record.
    @discardableResult
    func rewrite(_ records: [JournalRecord]) throws(ReadingQueueError) -> [Int] {
        var bytes = Self.header
        var lengths: [Int] = []
        for record in records {
            let encoded = try Self.encode(record)
            lengths.append(encoded.count)
            bytes += encoded
        }
        try writeWholeFile(bytes)
        try reopen()
        endOffset = bytes.count
        return lengths
    }

    // MARK: - Files

    private func createEmptyJournal() throws(ReadingQueueError) {
        try writeWholeFile(Self.header)
    }

    /// Writes `bytes` as the new journal, atomically (`AtomicFileWriter` of ZhiXiFileSystem:
    /// a synced temporary file renamed over it, the directory synced). Every writer holds
    /// `lock`, so a temporary file left by a writer that was killed is removed.
    private func writeWholeFile(_ bytes: [UInt8]) throws(ReadingQueueError) {
        do {
            try AtomicFileWriter.replaceFile(at: journalPath, with: Data(bytes), holdingWritersLock: true)
        } catch {
            throw .storage(path: journalPath, operation: "rewriting", reason: error.reason)
        }
    }

    /// Opens the journal anew, checks its header and starts reading after it.
    private func reopen() throws(ReadingQueueError) {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        let opened = try Self.openFile(journalPath, flags: O_RDWR)
        guard let status = FileStatus.of(descriptor: opened) else {
            let reason = Self.lastError
            close(opened)
            throw .storage(path: journalPath, operation: "examining", reason: reason)
        }
        descriptor = opened
        identity = (status.identity.device, status.identity.inode)
        endOffset = 0
        let size = status.size
        if size == 0 {
            // Created but never written (a crash before the header): start it.
            if let failure = Self.writeAll(Self.header, to: descriptor, at: 0) ?? (Self.syncToDisk(descriptor) ? nil : Self.lastError) {
                throw .storage(path: journalPath, operation: "starting", reason: failure)
            }
        } else {
            let head = try readBytes(from: 0, count: min(size, Self.header.count))
            guard head == Self.header else {
                throw .notAQueue(path: journalPath, reason: head.starts(with: Self.header.prefix(4))
                                 ? "its format version \(head.count > 4 ? Int(head[4]) : 0) is not 1" : "its header is not ZXRQ")
            }
        }
        endOffset = Self.header.count
    }

    private func fileSize() throws(ReadingQueueError) -> Int {
        guard let status = FileStatus.of(descriptor: descriptor) else {
            throw .storage(path: journalPath, operation: "examining", reason: Self.lastError)
        }
        return status.size
    }

    private func readBytes(from offset: Int, count: Int) throws(ReadingQueueError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if read < 0 {
                if errno == EINTR { continue }
                throw .storage(path: journalPath, operation: "reading", reason: Self.lastError)
            }
            if read == 0 { return Array(bytes[0 ..< done]) }
            done += read
        }
        return bytes
    }

    private static func encode(_ record: JournalRecord) throws(ReadingQueueError) -> [UInt8] {
        do {
            return try record.encoded()
        } catch {
            throw .invalidEvent(index: 0, eventID: "", reason: "a text field is longer than 65,535 bytes")
        }
    }

    /// Opens a file of the queue, never through a link and never waiting (a named pipe put in
    /// its place is refused, not waited on).
    /// Opens a file of the queue as `PrivateFile` does (ZhiXiFileSystem): never through a
    /// link and never waiting (a named pipe put in its place is refused, not waited on), and
    /// only a regular file of the user's, private, with one link — one this program wrote.
    private static func openFile(_ path: String, flags: Int32) throws(ReadingQueueError) -> Int32 {
        do throws(FileSystemError) {
            guard let descriptor = try PrivateFile.open(path, writing: flags & O_RDWR != 0, create: flags & O_CREAT != 0) else {
                throw FileSystemError(.io, path: path, reason: "vanished")
            }
            return descriptor
        } catch {
            switch error.kind {
            case .refused: throw .notAQueue(path: path, reason: "it is not a regular file")
            case .permission: throw .untrusted(path: path, reason: error.reason)
            default: throw .storage(path: path, operation: "opening", reason: error.reason)
            }
        }
    }

    /// Writes every byte at `position`, retrying after interruptions and short writes; the
    /// reason on failure.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, at position: Int) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + offset, $0.count - offset, off_t(position + offset)) }
            if written < 0 {
                if errno == EINTR { continue }
                return lastError
            }
            offset += written
        }
        return nil
    }

    /// Flushes the file's data to the disk: `fdatasync` on Linux, `F_FULLFSYNC` (falling
    /// back to `fsync`) on Apple platforms, where `fsync` leaves data in the drive's cache.
    static func syncToDisk(_ descriptor: Int32) -> Bool {
        SystemCalls.syncDataToDisk(descriptor)
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}

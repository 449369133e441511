import Foundation
import ZhiXiFileSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ReadingEventJournal {
    /// The records of the journal in `directory` and its unreadable stretches, read without
    /// changing anything: no file is created, repaired or truncated; the queue's lock, when
    /// its file exists, is taken shared (waiting as `lockWait` says) so that no writer is
    /// half-way through. O(journal size).
    /// - Throws: ``ReadingQueueError/missingQueue(path:)`` when there is no queue,
    ///   `.notAQueue` for files that are not the queue's, `.busy` when a writer held the lock
    ///   too long, `.storage` when a file cannot be read.
    static func inspect(directory: URL, lockWait: FileLockWait) throws(ReadingQueueError)
        -> (records: [(record: JournalRecord, length: Int)], unreadable: [UnreadableJournalBytes], size: Int) {
        let path = directory.path
        guard let status = FileStatus.at(path) else { throw .missingQueue(path: path) }
        guard status.isDirectory else {
            throw .notAQueue(path: path, reason: "it is a file, and a queue is a directory")
        }
        let lockPath = directory.appendingPathComponent("lock").path
        var lockDescriptor: Int32 = -1
        if FileStatus.at(lockPath, followingLinks: false) != nil {
            lockDescriptor = try openForReading(lockPath)
            do {
                try FileLock.lock(lockDescriptor, exclusive: false, path: lockPath, wait: lockWait)
            } catch {
                close(lockDescriptor)
                if error.kind == .busy { throw .busy(path: path, waitedSeconds: lockWait.timeoutSeconds) }
                throw .storage(path: lockPath, operation: "locking", reason: error.reason)
            }
        }
        defer { if lockDescriptor >= 0 { close(lockDescriptor) } }
        let journalPath = directory.appendingPathComponent("journal").path
        guard FileStatus.at(journalPath, followingLinks: false) != nil else { throw .missingQueue(path: journalPath) }
        let descriptor = try openForReading(journalPath)
        defer { close(descriptor) }
        let bytes = try readAll(descriptor, path: journalPath)
        guard bytes.starts(with: header) else {
            throw .notAQueue(path: journalPath, reason: bytes.starts(with: header.prefix(4))
                             ? "its format version \(bytes.count > 4 ? Int(bytes[4]) : 0) is not 1" : "its header is not ZXRQ")
        }
        var records: [(record: JournalRecord, length: Int)] = []
        var unreadable: [UnreadableJournalBytes] = []
        bytes.withUnsafeBytes { buffer in
            var position = header.count
            while position < buffer.count {
                if let (record, length) = JournalRecord.decode(buffer, at: position) {
                    records.append((record, length))
                    position += length
                    continue
                }
                if buffer[position...].allSatisfy({ $0 == 0 }) { break }   // the zeros written ahead
                // Not a record: find the next one that reads whole, if any.
                var next = position + 1
                var found = false
                while next + JournalRecord.headerLength <= buffer.count {
                    if buffer[next] == JournalRecord.marker[0], JournalRecord.decode(buffer, at: next) != nil {
                        found = true
                        break
                    }
                    next += 1
                }
                let end = found ? next : (buffer.lastIndex { $0 != 0 } ?? position) + 1
                unreadable.append(describe(UnsafeRawBufferPointer(rebasing: buffer[position ..< end]), offset: position,
                                           kind: found ? .damaged : .unfinishedRecord))
                guard found else { break }
                position = next
            }
        }
        return (records, unreadable, bytes.count)
    }

    /// What an unreadable stretch may have held: the header's record kind and event count
    /// when they can be read, and every event id (a UUID) in its bytes.
    private static func describe(_ bytes: UnsafeRawBufferPointer, offset: Int, kind: UnreadableJournalBytes.Kind) -> UnreadableJournalBytes {
        var recordKind: String?
        var announced: Int?
        if bytes.count >= 5, Array(bytes[0 ..< 4]) == JournalRecord.marker {
            switch bytes[4] {
            case 1: recordKind = "enqueue"
            case 2: recordKind = "remove"
            case 3: recordKind = "fail"
            case 4: recordKind = "retry"
            default: break
            }
            // An enqueue payload starts with its version (1 byte) and its event count (4 bytes).
            if bytes[4] == 1, bytes.count >= JournalRecord.headerLength + 5, bytes[JournalRecord.headerLength] == EventRecordCodec.version {
                let start = JournalRecord.headerLength + 1
                let count = Int(bytes[start]) | Int(bytes[start + 1]) << 8 | Int(bytes[start + 2]) << 16 | Int(bytes[start + 3]) << 24
                if count > 0, count <= bytes.count { announced = count }
            }
        }
        return UnreadableJournalBytes(kind: kind, offset: offset, length: bytes.count, recordKind: recordKind,
                                      announcedEvents: announced, eventIDs: uuids(in: bytes))
    }

    /// The distinct UUIDs (8-4-4-4-12 hexadecimal digits) written in `bytes`, in order.
    static func uuids(in bytes: UnsafeRawBufferPointer) -> [String] {
        func isHex(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
        }
        let dashes: Set<Int> = [8, 13, 18, 23]
        var found: [String] = []
        var seen = Set<String>()
        var index = 0
        while index + 36 <= bytes.count {
            var matches = true
            for offset in 0 ..< 36 {
                let byte = bytes[index + offset]
                if dashes.contains(offset) ? byte != UInt8(ascii: "-") : !isHex(byte) {
                    matches = false
                    break
                }
            }
            if matches {
                let id = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index ..< index + 36]), as: UTF8.self)
                if seen.insert(id.uppercased()).inserted { found.append(id) }
                index += 36
            } else {
                index += 1
            }
        }
        return found
    }

    /// Opens a file of the queue for reading only, never through a link or waiting on a pipe.
    private static func openForReading(_ path: String) throws(ReadingQueueError) -> Int32 {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw .storage(path: path, operation: "opening", reason: String(cString: strerror(errno))) }
        guard let status = FileStatus.of(descriptor: descriptor), status.isRegularFile else {
            close(descriptor)
            throw .notAQueue(path: path, reason: "it is not a regular file")
        }
        return descriptor
    }

    private static func readAll(_ descriptor: Int32, path: String) throws(ReadingQueueError) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 18)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: buffer[0 ..< count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw .storage(path: path, operation: "reading", reason: String(cString: strerror(errno)))
            }
        }
    }
}

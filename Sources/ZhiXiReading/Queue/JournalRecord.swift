import Foundation
import ZhiXiModel

/// One record of the upload queue's journal: what changed in the queue.
///
/// On disk a record is a 13-byte header and a payload:
///
/// | bytes | holds |
/// | --- | --- |
/// | 0–3 | the marker `5A 58 71 1E` ("ZXq" and a record separator) |
/// | 4 | the kind: 1 enqueue, 2 remove, 3 fail, 4 retry |
/// | 5–8 | the payload's length in bytes, little-endian |
/// | 9–12 | CRC-32 of bytes 4–8 and the payload, little-endian |
/// | 13… | the payload |
///
/// An enqueue payload holds the events of one call of `enqueue` in the compact form of
/// ``EventRecordCodec``, so a call lands whole or not at all; the others are event ids, one
/// per line.
enum JournalRecord: Equatable {
    /// Events added, pending.
    case enqueue([ReadingEventUploadItem])
    /// Events gone from the queue: delivered, or dropped after a rejection.
    case remove([String])
    /// Events a flush could not deliver: kept, failed, until a retry.
    case fail([String])
    /// Failed events made pending again.
    case retry([String])

    /// The bytes before the payload.
    static let headerLength = 13
    /// The record marker.
    static let marker: [UInt8] = [0x5A, 0x58, 0x71, 0x1E]
    /// The largest payload read back (256 MiB); a longer length is corruption.
    static let maximumPayload = 256 << 20

    /// The kind byte.
    var kind: UInt8 {
        switch self {
        case .enqueue: 1
        case .remove: 2
        case .fail: 3
        case .retry: 4
        }
    }

    /// A string of an event is too long for the journal (more than 65,535 UTF-8 bytes).
    struct EncodingFailure: Error {}

    /// The record as written to the journal.
    /// - Throws: ``EncodingFailure`` when a string of an event is too long.
    func encoded() throws -> [UInt8] {
        let payload: [UInt8]
        switch self {
        case .enqueue(let items):
            guard let encoded = EventRecordCodec.encode(items) else { throw EncodingFailure() }
            payload = encoded
        case .remove(let ids), .fail(let ids), .retry(let ids):
            payload = Array(ids.joined(separator: "\n").utf8)
        }
        var bytes = Self.marker
        bytes.reserveCapacity(Self.headerLength + payload.count)
        bytes.append(kind)
        Self.appendLittleEndian(UInt32(payload.count), to: &bytes)
        var crc = bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[4 ..< 9])) }
        crc = payload.withUnsafeBytes { CRC32.checksum($0, continuing: crc) }
        Self.appendLittleEndian(crc, to: &bytes)
        bytes.append(contentsOf: payload)
        return bytes
    }

    /// The payload length a record header announces, or `nil` when `header` (at least
    /// ``headerLength`` bytes) is not a record header.
    static func payloadLength(_ header: UnsafeRawBufferPointer) -> Int? {
        guard header.count >= headerLength, header[0] == marker[0], header[1] == marker[1], header[2] == marker[2],
              header[3] == marker[3], (1 ... 4).contains(header[4]) else { return nil }
        let length = Int(readLittleEndian(header, at: 5))
        return length <= maximumPayload ? length : nil
    }

    /// The record at `offset` of `bytes` and its length on disk, or `nil` when no whole,
    /// valid record starts there (a torn write, corruption, or not a record boundary).
    static func decode(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> (record: JournalRecord, length: Int)? {
        guard bytes.count - offset >= headerLength,
              bytes[offset] == marker[0], bytes[offset + 1] == marker[1],
              bytes[offset + 2] == marker[2], bytes[offset + 3] == marker[3] else { return nil }
        let kind = bytes[offset + 4]
        guard (1 ... 4).contains(kind) else { return nil }
        let length = Int(readLittleEndian(bytes, at: offset + 5))
        guard length <= maximumPayload, bytes.count - offset - headerLength >= length else { return nil }
        let stored = readLittleEndian(bytes, at: offset + 9)
        let payload = UnsafeRawBufferPointer(rebasing: bytes[(offset + headerLength) ..< (offset + headerLength + length)])
        var crc = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[(offset + 4) ..< (offset + 9)]))
        crc = CRC32.checksum(payload, continuing: crc)
        guard crc == stored else { return nil }
        let record: JournalRecord
        if kind == 1 {
            guard let items = EventRecordCodec.decode(payload) else { return nil }
            record = .enqueue(items)
        } else {
            let ids = length == 0 ? [] : String(decoding: payload, as: UTF8.self).split(separator: "\n").map(String.init)
            record = kind == 2 ? .remove(ids) : kind == 3 ? .fail(ids) : .retry(ids)
        }
        return (record, headerLength + length)
    }

    private static func appendLittleEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    private static func readLittleEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}

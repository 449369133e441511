import ZhiXiModel

/// The payload of an enqueue record: the events of one `enqueue` call in a compact binary
/// form, written and read without JSON (a few microseconds per event each way).
///
/// Layout, little-endian: the format version (1 byte, 2), the event count (4 bytes), then
/// per event: `eventId`, `clientSessionId`, `materialId`, `readingTargetType`, `eventType`
/// as UTF-8 strings with a 2-byte length; `activeSecondsDelta`, `clientTimestampMs`,
/// `sequence` as 8-byte integers; a presence byte (bit 0 position, bit 1 page index, bit 2
/// anchor, bit 3 platform, bit 4 app version, bit 5 time zone offset), then `progress`
/// (8-byte IEEE double), the page index (8 bytes), the anchor (string), the platform
/// (string), the app version (string) and the offset in minutes (8 bytes), each when
/// present. Strings longer than 65,535 bytes cannot be written (validation caps ids at 256
/// characters; an anchor that long is refused).
///
/// Version 1 (journals written before the upload item had `platform`, `appVersion` and
/// `clientTimezoneOffsetMinutes`) had the same layout with bits 0–2 only; it is still read.
enum EventRecordCodec {
    /// The format version written.
    static let version: UInt8 = 2

    /// The payload for `items`, or `nil` when a string is longer than 65,535 bytes.
    static func encode(_ items: [ReadingEventUploadItem]) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(5 + items.count * 160)
        bytes.append(version)
        append(UInt32(items.count), to: &bytes)
        for item in items {
            guard appendString(item.eventID, to: &bytes), appendString(item.clientSessionID, to: &bytes),
                  appendString(item.materialID, to: &bytes), appendString(item.readingTargetType.rawValue, to: &bytes),
                  appendString(item.eventType.rawValue, to: &bytes) else { return nil }
            append(UInt64(bitPattern: Int64(item.activeSecondsDelta)), to: &bytes)
            append(UInt64(bitPattern: item.clientTimestampMs), to: &bytes)
            append(UInt64(bitPattern: Int64(item.sequence)), to: &bytes)
            let position = item.position
            var flags: UInt8 = position == nil ? 0 : 1
            if position?.pageIndex != nil { flags |= 2 }
            if position?.anchor != nil { flags |= 4 }
            if item.platform != nil { flags |= 8 }
            if item.appVersion != nil { flags |= 16 }
            if item.clientTimezoneOffsetMinutes != nil { flags |= 32 }
            bytes.append(flags)
            if let position { append(position.progress.bitPattern, to: &bytes) }
            if let page = position?.pageIndex { append(UInt64(bitPattern: Int64(page)), to: &bytes) }
            if let anchor = position?.anchor, !appendString(anchor, to: &bytes) { return nil }
            if let platform = item.platform, !appendString(platform, to: &bytes) { return nil }
            if let appVersion = item.appVersion, !appendString(appVersion, to: &bytes) { return nil }
            if let offset = item.clientTimezoneOffsetMinutes { append(UInt64(bitPattern: Int64(offset)), to: &bytes) }
        }
        return bytes
    }

    /// The events of a payload, or `nil` when it is not one (wrong version, cut short).
    static func decode(_ bytes: UnsafeRawBufferPointer) -> [ReadingEventUploadItem]? {
        var reader = Reader(bytes: bytes)
        guard let payloadVersion = reader.byte(), payloadVersion == 1 || payloadVersion == version,
              let count = reader.uint32() else { return nil }
        var items: [ReadingEventUploadItem] = []
        items.reserveCapacity(Int(count))
        for _ in 0 ..< count {
            guard let eventID = reader.string(), let session = reader.string(), let material = reader.string(),
                  let target = reader.string(), let type = reader.string(), let delta = reader.uint64(),
                  let timestamp = reader.uint64(), let sequence = reader.uint64(), let flags = reader.byte(),
                  payloadVersion > 1 || flags < 8 else { return nil }
            var position: ReadingPosition?
            if flags & 1 != 0 {
                guard let progress = reader.uint64() else { return nil }
                var page: Int?, anchor: String?
                if flags & 2 != 0 {
                    guard let value = reader.uint64() else { return nil }
                    page = Int(Int64(bitPattern: value))
                }
                if flags & 4 != 0 {
                    guard let value = reader.string() else { return nil }
                    anchor = value
                }
                position = ReadingPosition(progress: Double(bitPattern: progress), pageIndex: page, anchor: anchor)
            }
            var platform: String?, appVersion: String?, offset: Int?
            if flags & 8 != 0 {
                guard let value = reader.string() else { return nil }
                platform = value
            }
            if flags & 16 != 0 {
                guard let value = reader.string() else { return nil }
                appVersion = value
            }
            if flags & 32 != 0 {
                guard let value = reader.uint64() else { return nil }
                offset = Int(Int64(bitPattern: value))
            }
            let event = ReadingEventV2(
                eventID: eventID, clientSessionID: session, materialID: material,
                readingTargetType: ReadingTargetType(rawValue: target), eventType: ReadingEventType(rawValue: type),
                position: position, activeSecondsDelta: Int(Int64(bitPattern: delta)),
                clientTimestampMs: Int64(bitPattern: timestamp), sequence: Int(Int64(bitPattern: sequence)))
            items.append(ReadingEventUploadItem(event, platform: platform, appVersion: appVersion, clientTimezoneOffsetMinutes: offset))
        }
        return reader.isAtEnd ? items : nil
    }

    private static func appendString(_ text: String, to bytes: inout [UInt8]) -> Bool {
        let count = text.utf8.count
        guard count <= Int(UInt16.max) else { return false }
        bytes.append(UInt8(truncatingIfNeeded: count))
        bytes.append(UInt8(truncatingIfNeeded: count >> 8))
        bytes.append(contentsOf: text.utf8)
        return true
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        var little = value.littleEndian
        withUnsafeBytes(of: &little) { bytes.append(contentsOf: $0) }
    }

    /// Reads a payload front to back; each read is `nil` past the end.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func uint32() -> UInt32? { integer(UInt32.self) }
        mutating func uint64() -> UInt64? { integer(UInt64.self) }

        mutating func integer<Value: FixedWidthInteger>(_ type: Value.Type) -> Value? {
            let size = MemoryLayout<Value>.size
            guard bytes.count - offset >= size else { return nil }
            var value: Value = 0
            for index in 0 ..< size { value |= Value(bytes[offset + index]) << (8 * index) }
            offset += size
            return value
        }

        mutating func string() -> String? {
            guard bytes.count - offset >= 2 else { return nil }
            let count = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
            guard bytes.count - offset - 2 >= count else { return nil }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(offset + 2) ..< (offset + 2 + count)]), as: UTF8.self)
            offset += 2 + count
            return text
        }
    }
}

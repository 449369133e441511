import Foundation
import ZhiXiCore

// Dates in the scheduler's JSON are ISO-8601 strings in UTC with the shortest fraction that
// reads back as the same Date (`ISO8601Timestamp.Precision.nanoseconds`, the domain model's
// JSON rule too), whatever date strategy the encoder or decoder was given, so that a plain
// `JSONEncoder()` writes the documented shape and a restored card equals the stored one.

extension KeyedEncodingContainer {
    /// Encodes `date` as an ISO-8601 string with the shortest exact fraction of a second.
    mutating func encodeTimestamp(_ date: Date, forKey key: Key) throws {
        try encode(ISO8601Timestamp.string(from: date, precision: .nanoseconds), forKey: key)
    }

    /// Encodes `date`, when there is one, as ``encodeTimestamp(_:forKey:)`` does.
    mutating func encodeTimestampIfPresent(_ date: Date?, forKey key: Key) throws {
        if let date { try encodeTimestamp(date, forKey: key) }
    }
}

extension KeyedDecodingContainer {
    /// Decodes an ISO-8601 string as a date.
    /// - Throws: `DecodingError.dataCorrupted` naming the key when the string is not a timestamp.
    func decodeTimestamp(forKey key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = ISO8601Timestamp.date(from: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "'\(text)' is not an ISO-8601 timestamp such as 2026-11-29T04:00:00Z")
        }
        return date
    }

    /// Decodes an ISO-8601 string as a date when the key is present and not null.
    func decodeTimestampIfPresent(forKey key: Key) throws -> Date? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeTimestamp(forKey: key)
    }
}

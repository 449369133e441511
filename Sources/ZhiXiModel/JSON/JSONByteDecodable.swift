import Foundation
import ZhiXiCore

/// A type that ``JSONByteReader`` can read straight from JSON bytes, with the same result
/// as its `Decodable` conformance under ``ZhiXiJSON/makeDecoder()``.
///
/// Model types get it from ``ModelDecodable``, open enums from ``OpenStringEnum``; the
/// scalars, optionals and arrays conform below.
protocol JSONByteDecodable {
    /// Reads one value at the reader's position and leaves the reader after it.
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure)
}

extension JSONByteReader {
    /// Reads a value of `type`.
    @inline(__always)
    mutating func read<Value: JSONByteDecodable>(_ type: Value.Type) throws(JSONReadFailure) -> Value {
        try Value(reading: &self)
    }
}

extension String: JSONByteDecodable {
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        self = try reader.readString()
    }
}

extension Int: JSONByteDecodable {
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        self = try reader.readInt()
    }
}

extension Double: JSONByteDecodable {
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        self = try reader.readDouble()
    }
}

extension Bool: JSONByteDecodable {
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        self = try reader.readBool()
    }
}

extension Date: JSONByteDecodable {
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        self = try reader.readDate()
    }
}

/// A `YYYY-MM-DD` string, as `CivilDate`'s `Decodable` conformance (ZhiXiCore) reads it.
extension CivilDate: JSONByteDecodable {
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        _ = reader.peekToken()
        let start = reader.offset
        let text = try reader.readString()
        guard let date = CivilDate(iso8601Date: text) else { throw JSONReadFailure(offset: start, reason: Self.dateExpectation(text)) }
        self = date
    }
}

/// `null` is `nil`; anything else a `Wrapped` (as `decodeIfPresent` reads it).
extension Optional: JSONByteDecodable where Wrapped: JSONByteDecodable {
    @inline(__always)
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        self = try reader.readNull() ? nil : Wrapped(reading: &reader)
    }
}

/// An array of elements.
extension Array: JSONByteDecodable where Element: JSONByteDecodable {
    @inline(__always)
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        self = try reader.readArray(of: Element.self)
    }
}

/// An open enum reads its raw string: a value this version does not know is kept.
extension JSONByteDecodable where Self: OpenStringEnum {
    @inline(__always)
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        self.init(rawValue: try reader.readString())
    }
}

extension ReviewType: JSONByteDecodable {}
extension ReviewTaskStatus: JSONByteDecodable {}
extension UserStatus: JSONByteDecodable {}
extension FeedbackCategory: JSONByteDecodable {}
extension ReviewTaskMove: JSONByteDecodable {}

extension JSONByteReader {
    /// Reads the next value with `JSONDecoder` (the contract's): for the few types whose JSON
    /// the byte reader has no form of its own (a ``PlannedReviewTask``, whose task and
    /// explanation share one object). Costs a copy of the value's bytes and a `JSONDecoder`;
    /// a failure points at the value's first byte with the decoder's path below it.
    mutating func readWithJSONDecoder<Value: Decodable>(_ type: Value.Type) throws(JSONReadFailure) -> Value {
        _ = peekToken()
        let start = offset
        try skipValue()
        let data = Data(bytes: base + start, count: offset - start)
        do {
            return try ZhiXiJSON.makeDecoder().decode(type, from: data)
        } catch {
            var failure = JSONReadFailure(offset: start, reason: String(describing: error))
            if let error = error as? DecodingError {
                let (path, reason): ([any CodingKey], String)
                switch error {
                case .keyNotFound(let key, let context): (path, reason) = (context.codingPath, "missing required key \"\(key.stringValue)\"")
                case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                    (path, reason) = (context.codingPath, context.debugDescription)
                @unknown default: (path, reason) = ([], String(describing: error))
                }
                failure.reason = reason
                for key in path.reversed() {
                    failure = key.intValue.map { failure.inside(index: $0) } ?? failure.inside(key: key.stringValue)
                }
            }
            throw failure
        }
    }
}

import Foundation

/// A type that ``JSONByteReader`` can read straight from JSON bytes, with the same result
/// as its `Decodable` conformance under ``ZhiXiJSON/makeDecoder()``.
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

    /// Reads a value of `type`, or `nil` for `null` (as `decodeIfPresent` does).
    @inline(__always)
    mutating func readOptional<Value: JSONByteDecodable>(_ type: Value.Type) throws(JSONReadFailure) -> Value? {
        if try readNull() { return nil }
        return try Value(reading: &self)
    }

    /// Reads an array of `type`, or `nil` for `null`.
    @inline(__always)
    mutating func readOptionalArray<Element: JSONByteDecodable>(
        of type: Element.Type
    ) throws(JSONReadFailure) -> [Element]? {
        if try readNull() { return nil }
        return try readArray(of: type)
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

extension ReviewType: JSONByteDecodable {
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        self.init(rawValue: try reader.readString())
    }
}

extension UserStatus: JSONByteDecodable {
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        self.init(rawValue: try reader.readString())
    }
}

extension ReviewTaskStatus: JSONByteDecodable {
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        self.init(rawValue: try reader.readString())
    }
}

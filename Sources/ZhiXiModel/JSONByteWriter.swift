import Foundation

/// Writes compact JSON straight into a byte array, byte for byte what
/// ``ZhiXiJSON/makeEncoder(prettyPrinted:)`` writes (sorted keys are the caller's job):
/// the engine of ``LearnerWorkspace/jsonData()``.
///
/// Strings escape `"`, `\` and control characters as `JSONEncoder` does (`\b`, `\t`,
/// `\n`, `\f`, `\r`, otherwise `\u00xx`) and keep everything else, `/` and non-ASCII
/// included, as it is; doubles are written as Swift prints them, without a trailing `.0`;
/// dates as ``ISO8601Timestamp`` writes them.
struct JSONByteWriter {
    /// The JSON written so far.
    private(set) var bytes: [UInt8] = []
    /// `true` when the next member of the current object needs a comma before it.
    private var needsComma = false

    /// A writer whose buffer starts with room for `capacity` bytes.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Writes `{`.
    mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Writes `}`.
    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes a member's key (with the comma before it when needed) and the colon.
    @inline(__always)
    mutating func key(_ name: StaticString) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = true
    }

    /// Writes a string value, escaped.
    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(for: byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
            bytes.append(UInt8(ascii: "\""))
        }
    }

    private mutating func appendEscape(for byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        default:
            let hexDigits = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            bytes.append(hexDigits[Int(byte >> 4)])
            bytes.append(hexDigits[Int(byte & 0xF)])
        }
    }

    /// Writes an integer value.
    mutating func int(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var count = 0
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) {
                bytes.append(buffer[index])
            }
        }
    }

    /// Writes a double value; fails for infinity and NaN, as `JSONEncoder` does.
    mutating func double(_ value: Double, key: StaticString) throws(EncodingError) {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "\(key) is \(value), which JSON cannot hold"))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes `true` or `false`.
    mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
    }

    /// Writes a date as an ISO-8601 string; fails for years outside 0000–9999, as
    /// ``ZhiXiJSON``'s encoder does.
    mutating func date(_ date: Date, key: StaticString) throws(EncodingError) {
        guard ISO8601Timestamp.isRepresentable(date) else {
            throw EncodingError.invalidValue(date, EncodingError.Context(
                codingPath: [], debugDescription: "\(key): the date \(date) has a year outside 0000–9999"))
        }
        bytes.append(UInt8(ascii: "\""))
        ISO8601Timestamp.appendUTF8(of: date, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes an array, each element by `writeElement`.
    @inline(__always)
    mutating func array<Element>(
        _ elements: [Element],
        _ writeElement: (inout JSONByteWriter, Element) throws(EncodingError) -> Void
    ) throws(EncodingError) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            try writeElement(&self, element)
        }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an array of strings.
    mutating func strings(_ elements: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(element)
        }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    // MARK: - Members

    /// Writes the member `key: value`.
    @inline(__always)
    mutating func member(_ key: StaticString, _ value: String) {
        self.key(key)
        string(value)
    }

    /// Writes the member `key: value` when `value` is not `nil` (as `encodeIfPresent`).
    @inline(__always)
    mutating func member(_ key: StaticString, _ value: String?) {
        if let value { member(key, value) }
    }

    /// Writes the member `key: value`.
    @inline(__always)
    mutating func member(_ key: StaticString, _ value: Int) {
        self.key(key)
        int(value)
    }

    /// Writes the member `key: value` when `value` is not `nil`.
    @inline(__always)
    mutating func member(_ key: StaticString, _ value: Int?) {
        if let value { member(key, value) }
    }

    /// Writes the member `key: value`.
    mutating func member(_ key: StaticString, _ value: Double) throws(EncodingError) {
        self.key(key)
        try double(value, key: key)
    }

    /// Writes the member `key: value` when `value` is not `nil`.
    mutating func member(_ key: StaticString, _ value: Double?) throws(EncodingError) {
        if let value { try member(key, value) }
    }

    /// Writes the member `key: value`.
    mutating func member(_ key: StaticString, _ value: Bool) {
        self.key(key)
        bool(value)
    }

    /// Writes the member `key: value`.
    @inline(__always)
    mutating func member(_ key: StaticString, _ value: Date) throws(EncodingError) {
        self.key(key)
        try date(value, key: key)
    }

    /// Writes the member `key: value` when `value` is not `nil`.
    @inline(__always)
    mutating func member(_ key: StaticString, _ value: Date?) throws(EncodingError) {
        if let value { try member(key, value) }
    }

    /// Writes the member `key: [values]`.
    @inline(__always)
    mutating func member(_ key: StaticString, _ values: [String]) {
        self.key(key)
        strings(values)
    }
}

/// A type that ``JSONByteWriter`` can write, as a JSON object with sorted keys, byte for
/// byte as its `Encodable` conformance under ``ZhiXiJSON/makeEncoder(prettyPrinted:)``.
protocol JSONByteEncodable {
    /// Writes the value as one JSON object.
    func write(to writer: inout JSONByteWriter) throws(EncodingError)
}

extension JSONByteWriter {
    /// Writes the member `key: value` (an object).
    @inline(__always)
    mutating func member<Value: JSONByteEncodable>(_ key: StaticString, _ value: Value) throws(EncodingError) {
        self.key(key)
        try value.write(to: &self)
    }

    /// Writes the member `key: value` when `value` is not `nil`.
    @inline(__always)
    mutating func member<Value: JSONByteEncodable>(_ key: StaticString, _ value: Value?) throws(EncodingError) {
        if let value { try member(key, value) }
    }

    /// Writes the member `key: [values]` (objects).
    @inline(__always)
    mutating func member<Value: JSONByteEncodable>(_ key: StaticString, _ values: [Value]) throws(EncodingError) {
        self.key(key)
        try array(values) { (writer: inout JSONByteWriter, value: Value) throws(EncodingError) in
            try value.write(to: &writer)
        }
    }
}

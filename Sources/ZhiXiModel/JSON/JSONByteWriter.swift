import Foundation
import ZhiXiCore

/// Writes compact JSON straight into a byte array, byte for byte what
/// ``ZhiXiJSON/makeEncoder(prettyPrinted:)`` writes (sorted keys are the caller's job):
/// the engine of ``ReviewPlan/jsonData()``.
///
/// Strings escape `"`, `\` and control characters as `JSONEncoder` does (`\b`, `\t`,
/// `\n`, `\f`, `\r`, otherwise `\u00xx`) and keep everything else, `/` and non-ASCII
/// included, as it is; doubles are written as Swift prints them, without a trailing `.0`;
/// dates as `ISO8601Timestamp` (ZhiXiCore) writes them.
struct JSONByteWriter {
    /// The JSON written so far.
    private(set) var text: UTF8Text
    /// The JSON written so far, as bytes.
    var bytes: [UInt8] { text.bytes }
    /// `true` when the next member of the current object needs a comma before it.
    private var needsComma = false
    /// Where the bytes written so far go once there are at least `drainBytes` of them, between
    /// two elements of an array: a writer that streams its output (`nil`: it keeps it all).
    private var drain: ((UnsafeRawBufferPointer) -> Void)?
    private var drainBytes = Int.max

    /// A writer whose buffer starts with room for `capacity` bytes.
    init(capacity: Int) {
        text = UTF8Text(capacity: capacity)
    }

    /// A writer that appends to `text` (a value written next needs no comma before it).
    init(continuing text: UTF8Text) {
        self.text = text
    }

    /// A writer that hands what it wrote to `drain` whenever it holds `chunkBytes` or more
    /// between two elements of an array, and keeps at most about that much (plus one
    /// element); ``finish()`` hands over the rest.
    init(chunkBytes: Int, drain: @escaping (UnsafeRawBufferPointer) -> Void) {
        text = UTF8Text(capacity: chunkBytes + chunkBytes / 4)
        self.drain = drain
        drainBytes = chunkBytes
    }

    /// Hands whatever is held to the drain (nothing without one).
    mutating func finish() {
        guard let drain, text.count > 0 else { return }
        text.bytes.withUnsafeBytes(drain)
        text.removeAll()
    }

    /// Writes `{`.
    mutating func beginObject() {
        text.append(byte: UInt8(ascii: "{"))
        needsComma = false
    }

    /// Lets `body` append bytes of its own (already JSON) at the current position.
    mutating func appendRaw(_ body: (inout UTF8Text) -> Void) {
        body(&text)
    }

    /// Writes `}`.
    mutating func endObject() {
        text.append(byte: UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes a member's key (with the comma before it when needed) and the colon.
    @inline(__always)
    mutating func key(_ name: StaticString) {
        if needsComma { text.append(byte: UInt8(ascii: ",")) }
        text.append(byte: UInt8(ascii: "\""))
        text.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        text.append(byte: UInt8(ascii: "\""))
        text.append(byte: UInt8(ascii: ":"))
        needsComma = true
    }

    /// Writes a string value, escaped.
    mutating func string(_ value: String) {
        text.appendJSONString(value)
    }

    /// Writes an integer value.
    mutating func int(_ value: Int) {
        text.append(value)
    }

    /// Writes a double value; fails for infinity and NaN, as `JSONEncoder` does.
    mutating func double(_ value: Double, key: StaticString) throws(EncodingError) {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "\(key) is \(value), which JSON cannot hold"))
        }
        var digits = value.description
        if digits.hasSuffix(".0") { digits.removeLast(2) }
        text.append(digits)
    }

    /// Writes `true` or `false`.
    mutating func bool(_ value: Bool) {
        text.append(value ? "true" : "false")
    }

    /// Writes a date as an ISO-8601 string with the shortest exact fraction, as ``ZhiXiJSON``'s
    /// encoder does; fails for years outside 0000–9999, as it does.
    mutating func date(_ date: Date, key: StaticString) throws(EncodingError) {
        guard ISO8601Timestamp.isRepresentable(date) else {
            throw EncodingError.invalidValue(date, EncodingError.Context(
                codingPath: [], debugDescription: "\(key): the date \(date) has a year outside 0000–9999"))
        }
        text.append(byte: UInt8(ascii: "\""))
        ISO8601Timestamp.append(date, precision: .nanoseconds, to: &text)
        text.append(byte: UInt8(ascii: "\""))
    }

    /// Writes an array, each element by `writeElement`.
    @inline(__always)
    mutating func array<Element>(
        _ elements: [Element],
        _ writeElement: (inout JSONByteWriter, Element) throws(EncodingError) -> Void
    ) throws(EncodingError) {
        text.append(byte: UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { text.append(byte: UInt8(ascii: ",")) }
            try writeElement(&self, element)
            if text.count >= drainBytes { finish() }
        }
        text.append(byte: UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an array of strings.
    mutating func strings(_ elements: [String]) {
        text.append(byte: UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { text.append(byte: UInt8(ascii: ",")) }
            string(element)
        }
        text.append(byte: UInt8(ascii: "]"))
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

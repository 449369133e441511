import ZhiXiCore
import Foundation

/// A forward-only JSON reader over UTF-8 bytes that decodes values straight into Swift
/// types, without building a tree: the engine of `LearnerWorkspace(jsonData:)`.
///
/// It follows what `JSONDecoder` accepts, so both give the same results on the same JSON:
/// - values that are decoded are checked in full (number grammar, string escapes including
///   `\uXXXX` surrogate pairs, control characters, UTF-8);
/// - values that are skipped (unknown keys, repeated keys: the first occurrence wins) are
///   checked for structure only, as `JSONDecoder` does, with one check more: a `\u` in a
///   skipped string must be followed by four hex digits (`JSONDecoder` passes over any four
///   bytes, so it reads `"\uZZZZ"`, which is not JSON);
/// - a comma may follow the last member of an object or element of an array;
/// - containers nest at most ``maximumDepth`` deep.
///
/// Where `JSONDecoder` itself is wrong, this reads what the text says: a zero such as `0e9`
/// reads as 0 (`JSONDecoder` refuses some of them), and an integer from 2^53 up written with
/// a fraction or an exponent as its exact value (see ``JSONNumberToken/integerValue()``).
/// `Benchmarks/fuzz` (targets json-reader and workspace) checks all of this against
/// `JSONDecoder` and `JSONSerialization`.
///
/// Failures are ``JSONReadFailure``s that point at a byte offset; the callers add the path.
struct JSONByteReader {
    /// The deepest nesting of objects and arrays accepted, as in `JSONDecoder`.
    static let maximumDepth = 512

    /// The first byte of the input.
    let base: UnsafePointer<UInt8>
    /// The number of bytes in the input.
    let count: Int
    /// The offset of the next byte to read.
    var offset: Int
    /// How many objects and arrays enclose the current position.
    var depth = 0
    /// Reused storage for strings with escapes.
    private var scratch: [UInt8] = []

    /// A reader of the `count` bytes at `base`, starting at `offset`.
    init(base: UnsafePointer<UInt8>, count: Int, offset: Int = 0) {
        self.base = base
        self.count = count
        self.offset = offset
    }

    // MARK: - Bytes and whitespace

    /// The byte at `index`, or 0 past the end (0 is never valid outside a string, and inside
    /// one it is a control character, so the end always fails where a byte was needed).
    @inline(__always)
    func byte(at index: Int) -> UInt8 {
        index < count ? base[index] : 0
    }

    /// Skips whitespace and returns the next byte without consuming it (0 at the end).
    @inline(__always)
    mutating func peekToken() -> UInt8 {
        var byte = self.byte(at: offset)
        while byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            offset &+= 1
            byte = self.byte(at: offset)
        }
        return byte
    }

    /// `true` when only whitespace remains.
    mutating func isAtEnd() -> Bool {
        _ = peekToken()
        return offset >= count
    }

    // MARK: - Objects

    /// Where a reader stands in one object whose keys are those of `Key`.
    struct ObjectCursor<Key: CodingKey & CaseIterable & Sendable> {
        /// The object's keys.
        let table: JSONKeyTable<Key>
        /// The offset of the object's `{`.
        let start: Int
        /// Bit `i` is set once entry (name) `i` has been met: a later occurrence is skipped.
        var seen: UInt64 = 0
        /// Bit `i` is set once key `i` has been returned with a value other than `null`.
        var present: UInt64 = 0
        /// The entry returned last.
        var current = 0
        /// `true` until the first member has been looked for.
        var isFirst = true

        /// `failure` inside the member returned last.
        func annotate(_ failure: JSONReadFailure) -> JSONReadFailure {
            failure.inside(key: table.names[current])
        }

        /// Whether `key` had a value other than `null`.
        func isPresent(_ key: Key) -> Bool {
            present & (1 &<< UInt64(table.index(of: key))) != 0
        }

        /// Fails naming the first required key that had no value (in the table's order).
        @inline(__always)
        func checkRequired() throws(JSONReadFailure) {
            let missing = table.requiredMask & ~present
            guard missing != 0 else { return }
            let key = table.requiredOrder.first { missing & (1 &<< UInt64($0)) != 0 }!
            throw JSONReadFailure(offset: start, reason: "missing required key \"\(table.names[key])\"")
        }
    }

    /// Consumes a `{` and returns a cursor for the object's members.
    @inline(__always)
    mutating func beginObject<Key>(_ table: JSONKeyTable<Key>) throws(JSONReadFailure) -> ObjectCursor<Key> {
        guard peekToken() == UInt8(ascii: "{") else { throw mismatch(expected: "an object") }
        let start = offset
        try enterContainer()
        offset &+= 1
        return ObjectCursor(table: table, start: start)
    }

    /// The key of the next member to read, with the reader placed on its value; `nil` once
    /// the object's `}` has been consumed. Skipped on the way: members with unknown or
    /// repeated names, a former name when the key already has a value, and `null` values of
    /// keys that are not required (a `null` reads as an absent member).
    @inline(__always)
    mutating func nextField<Key>(_ cursor: inout ObjectCursor<Key>) throws(JSONReadFailure) -> Key? {
        while true {
            var byte = peekToken()
            if cursor.isFirst {
                cursor.isFirst = false
                if byte == UInt8(ascii: "}") {
                    offset &+= 1
                    depth &-= 1
                    return nil
                }
            } else if byte == UInt8(ascii: ",") {
                offset &+= 1
                byte = peekToken()
                if byte == UInt8(ascii: "}") {
                    offset &+= 1
                    depth &-= 1
                    return nil
                }
            } else if byte == UInt8(ascii: "}") {
                offset &+= 1
                depth &-= 1
                return nil
            } else {
                throw syntaxError("expected ',' or '}' after an object member, found \(describeValue(at: offset))")
            }
            guard byte == UInt8(ascii: "\"") else {
                throw syntaxError("expected a key in double quotes, found \(describeValue(at: offset))")
            }
            let keyOffset = offset
            let index = try readKey(cursor.table)
            guard peekToken() == UInt8(ascii: ":") else {
                throw syntaxError("expected ':' after the key, found \(describeValue(at: offset))")
            }
            offset &+= 1
            if index < cursor.table.count {
                let bit: UInt64 = 1 &<< UInt64(index)
                let key = cursor.table.entryKeys[index]
                let keyBit: UInt64 = 1 &<< UInt64(key)
                // A former name counts only while the key has no value (its own name wins,
                // unless it is absent or null).
                if cursor.seen & bit == 0 && (index < cursor.table.keyCount || cursor.present & keyBit == 0) {
                    cursor.seen |= bit
                    if cursor.table.requiredMask & keyBit == 0 && peekToken() == UInt8(ascii: "n") {
                        try readLiteralNull()
                        continue
                    }
                    cursor.present |= keyBit
                    cursor.current = index
                    return cursor.table.keys[key]
                }
            }
            do throws(JSONReadFailure) {
                try skipValue()
            } catch {
                throw error.inside(key: keyText(at: keyOffset))
            }
        }
    }

    /// Reads the key string at `offset` (its opening quote) and returns its index in
    /// `table`, or `table.count` for a key not in it. Keys are checked in full, as
    /// `JSONDecoder` decodes every key of an object it reads.
    @inline(__always)
    private mutating func readKey<Key>(_ table: JSONKeyTable<Key>) throws(JSONReadFailure) -> Int {
        let start = offset &+ 1
        let scan = scanString(from: start)
        if byte(at: scan.end) == UInt8(ascii: "\""), !scan.sawNonASCII {
            offset = scan.end &+ 1
            return table.index(of: base + start, length: scan.end &- start, readable: count &- start)
        }
        let name = try readStringBody()
        return table.index(ofName: name)
    }

    /// The text of the key whose opening quote is at `keyOffset`, for messages.
    private func keyText(at keyOffset: Int) -> String {
        var copy = self
        copy.offset = keyOffset
        return (try? copy.readStringBody()) ?? "?"
    }

    // MARK: - Arrays

    /// Reads an array whose elements are read by `Element.init(reading:)`.
    @inline(__always)
    mutating func readArray<Element: JSONByteDecodable>(of type: Element.Type) throws(JSONReadFailure) -> [Element] {
        guard peekToken() == UInt8(ascii: "[") else { throw mismatch(expected: "an array") }
        try enterContainer()
        offset &+= 1
        var elements: [Element] = []
        if peekToken() == UInt8(ascii: "]") {
            offset &+= 1
            depth &-= 1
            return elements
        }
        let arrayStart = offset
        while true {
            do throws(JSONReadFailure) {
                elements.append(try Element(reading: &self))
            } catch {
                throw error.inside(index: elements.count)
            }
            if elements.count == Self.elementsBeforeReserving {
                reserveCapacity(&elements, bytesSoFar: offset &- arrayStart)
            }
            if try isAtArrayEnd() { break }
        }
        depth &-= 1
        return elements
    }

    /// After an array element: consumes `,` and returns `false` when another element
    /// follows, or consumes the `]` (after an optional trailing comma) and returns `true`.
    @inline(__always)
    mutating func isAtArrayEnd() throws(JSONReadFailure) -> Bool {
        let byte = peekToken()
        if byte == UInt8(ascii: ",") {
            offset &+= 1
            if peekToken() == UInt8(ascii: "]") {
                offset &+= 1
                return true
            }
            return false
        }
        if byte == UInt8(ascii: "]") {
            offset &+= 1
            return true
        }
        throw syntaxError("expected ',' or ']' after an array element, found \(describeValue(at: offset))")
    }

    /// How many elements of an array are read before its capacity is estimated.
    private static var elementsBeforeReserving: Int { 64 }

    /// Reserves room in a long array for as many more elements as the rest of the input
    /// would hold at the size of those read so far, so that a million-element array is not
    /// copied at every doubling. Room that is never written is never touched, so an
    /// estimate on the high side costs address space, not memory.
    private func reserveCapacity<Element>(_ elements: inout [Element], bytesSoFar: Int) {
        let bytesPerElement = max(1, bytesSoFar / elements.count)
        let estimate = elements.count + (count &- offset) / bytesPerElement
        if estimate > elements.capacity {
            elements.reserveCapacity(estimate + estimate / 16)
        }
    }

    /// Counts one more level of nesting, failing beyond ``maximumDepth``.
    @inline(__always)
    private mutating func enterContainer() throws(JSONReadFailure) {
        depth &+= 1
        if depth > Self.maximumDepth {
            throw syntaxError("objects and arrays nest deeper than \(Self.maximumDepth) levels")
        }
    }

    // MARK: - Scalars

    /// Consumes `null` and returns `true`, or returns `false` when the next value is not null.
    @inline(__always)
    mutating func readNull() throws(JSONReadFailure) -> Bool {
        guard peekToken() == UInt8(ascii: "n") else { return false }
        try readLiteral("null")
        return true
    }

    /// Reads `true` or `false`.
    mutating func readBool() throws(JSONReadFailure) -> Bool {
        switch peekToken() {
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return true
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return false
        default:
            throw mismatch(expected: "true or false")
        }
    }

    /// Consumes `null` at `offset`.
    @inline(__always)
    mutating func readLiteralNull() throws(JSONReadFailure) {
        try readLiteral("null")
    }

    /// Consumes the literal `word` (`true`, `false` or `null`) at `offset`.
    @inline(__always)
    private mutating func readLiteral(_ word: StaticString) throws(JSONReadFailure) {
        let length = word.utf8CodeUnitCount
        let bytes = word.utf8Start
        for index in 0..<length where byte(at: offset &+ index) != bytes[index] {
            throw syntaxError("expected \(word), found \(describeValue(at: offset))")
        }
        offset &+= length
    }

    /// Reads a string, checking escapes, control characters and UTF-8.
    @inline(__always)
    mutating func readString() throws(JSONReadFailure) -> String {
        guard peekToken() == UInt8(ascii: "\"") else { throw mismatch(expected: "a string") }
        return try readStringBody()
    }

    /// Reads the string whose opening quote is at `offset`.
    @inline(__always)
    mutating func readStringBody() throws(JSONReadFailure) -> String {
        let start = offset &+ 1
        let scan = scanString(from: start)
        if byte(at: scan.end) == UInt8(ascii: "\"") {
            offset = scan.end &+ 1
            let buffer = UnsafeBufferPointer(start: base + start, count: scan.end &- start)
            if !scan.sawNonASCII {
                return String(decoding: buffer, as: UTF8.self)
            }
            return try validatedString(buffer)
        }
        return try readEscapedString(start: start, firstSpecial: scan.end)
    }

    /// The first offset at or after `start` holding `"`, `\` or a control character (or
    /// `count`), and whether a byte of 0x80 or more came before it. Eight bytes at a time.
    @inline(__always)
    private func scanString(from start: Int) -> (end: Int, sawNonASCII: Bool) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = start
        var high: UInt64 = 0
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let hits = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word)
                & highBits
            if hits != 0 {
                let position = hits.trailingZeroBitCount &>> 3
                let before = position == 0 ? 0 : word & ((1 &<< UInt64(8 &* position)) &- 1)
                return (index &+ position, (high | before) & highBits != 0)
            }
            high |= word
            index &+= 8
        }
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            high |= UInt64(byte)
            index &+= 1
        }
        return (index, high & highBits != 0)
    }

    /// Reads a string that holds escapes (or ends badly), from the byte after its opening
    /// quote; `firstSpecial` is the first `"`, `\` or control byte.
    private mutating func readEscapedString(start: Int, firstSpecial: Int) throws(JSONReadFailure) -> String {
        scratch.removeAll(keepingCapacity: true)
        var index = start
        var special = firstSpecial
        while true {
            scratch.append(contentsOf: UnsafeBufferPointer(start: base + index, count: special &- index))
            index = special
            guard index < count else {
                throw JSONReadFailure(offset: start &- 1, reason: "the string is not terminated")
            }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 {
                throw JSONReadFailure(
                    offset: index, reason: "a control character (U+\(hex4(UInt16(byte)))) must be escaped in a string")
            }
            index = try appendEscape(at: index)
            special = scanString(from: index).end
        }
        offset = index &+ 1
        let decoded = scratch.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
        let isValid = scratch.withUnsafeBufferPointer { bytes in
            decoded.utf8.count == bytes.count && decoded.utf8.elementsEqual(bytes)
        }
        guard isValid else {
            throw JSONReadFailure(offset: start, reason: "the string is not valid UTF-8")
        }
        return decoded
    }

    /// The string spelled by the UTF-8 `bytes` of the input, failing at the first byte
    /// that breaks UTF-8.
    ///
    /// `String(decoding:as:)` validates quickly but repairs; a repaired string differs from
    /// its bytes where the first invalid byte was, so comparing the two tells them apart.
    /// (`String(validating:as:)` would say it directly, but it is not specialised for byte
    /// buffers and costs a metadata lookup per call.)
    @inline(__always)
    private func validatedString(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONReadFailure) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        let isValid = text.withUTF8 { utf8 in
            utf8.count == bytes.count && memcmp(utf8.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        }
        guard isValid else {
            throw JSONReadFailure(
                offset: invalidUTF8Offset(in: bytes) ?? bytes.baseAddress! - base, reason: "the string is not valid UTF-8")
        }
        return text
    }

    /// Decodes the escape at `index` (a backslash) into ``scratch``; returns the offset after it.
    private mutating func appendEscape(at index: Int) throws(JSONReadFailure) -> Int {
        let letter = byte(at: index &+ 1)
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(letter)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hexUnit(at: index &+ 2)
            var scalarValue = UInt32(unit)
            var next = index &+ 6
            if (0xD800...0xDBFF).contains(unit) {
                guard byte(at: next) == UInt8(ascii: "\\"), byte(at: next &+ 1) == UInt8(ascii: "u") else {
                    throw JSONReadFailure(
                        offset: index,
                        reason: "the escape \\u\(hex4(unit)) is a high surrogate without a low surrogate after it")
                }
                let low = try hexUnit(at: next &+ 2)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONReadFailure(
                        offset: next,
                        reason: "the escape \\u\(hex4(unit)) must be followed by a low surrogate, found \\u\(hex4(low))")
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                next &+= 6
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw JSONReadFailure(
                    offset: index,
                    reason: "the escape \\u\(hex4(unit)) is a low surrogate without a high surrogate before it")
            }
            if let scalar = Unicode.Scalar(scalarValue) {
                scratch.append(contentsOf: UTF8.encode(scalar)!)
            }
            return next
        default:
            throw JSONReadFailure(offset: index, reason: "invalid escape \(describeEscape(at: index)) in a string")
        }
        return index &+ 2
    }

    /// The UTF-16 code unit written as four hex digits at `index`.
    private func hexUnit(at index: Int) throws(JSONReadFailure) -> UInt16 {
        var unit: UInt16 = 0
        for position in index..<(index &+ 4) {
            guard let digit = hexValue(byte(at: position)) else {
                throw JSONReadFailure(offset: index &- 2, reason: "\\u must be followed by four hex digits")
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    @inline(__always)
    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }

    private func hex4(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private func describeEscape(at index: Int) -> String {
        let next = byte(at: index &+ 1)
        if next >= 0x21 && next < 0x7F { return "\\\(Character(Unicode.Scalar(next)))" }
        return "'\\' followed by \(describeValue(at: index &+ 1))"
    }

    /// The offset of the first byte of `buffer` that breaks UTF-8, if any.
    private func invalidUTF8Offset(in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        var decoder = UTF8()
        var iterator = buffer.makeIterator()
        var position = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): position += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return (buffer.baseAddress! - base) + position
            }
        }
    }

    /// Reads an ISO-8601 timestamp string (see `ISO8601Timestamp`).
    @inline(__always)
    mutating func readDate() throws(JSONReadFailure) -> Date {
        guard peekToken() == UInt8(ascii: "\"") else { throw mismatch(expected: "an ISO-8601 date string") }
        let valueStart = offset
        let start = offset &+ 1
        let scan = scanString(from: start)
        if byte(at: scan.end) == UInt8(ascii: "\""), !scan.sawNonASCII {
            let text = UnsafeBufferPointer(start: base + start, count: scan.end &- start)
            if let date = ISO8601Timestamp.date(fromUTF8: text) {
                offset = scan.end &+ 1
                return date
            }
            throw mismatch(expected: "an ISO-8601 date such as 2025-03-14T09:30:00Z")
        }
        let text = try readStringBody()
        guard let date = ISO8601Timestamp.date(from: text) else {
            offset = valueStart
            throw mismatch(expected: "an ISO-8601 date such as 2025-03-14T09:30:00Z")
        }
        return date
    }

    // MARK: - Numbers

    /// Reads an integer as `JSONDecoder` does: a plain integer exactly; a number with a
    /// fraction or an exponent only when its value is a whole number (`72.0`, `1e2`).
    @inline(__always)
    mutating func readInt() throws(JSONReadFailure) -> Int {
        let first = peekToken()
        var index = offset
        let negative = first == UInt8(ascii: "-")
        if negative { index &+= 1 }
        var digit = byte(at: index) &- UInt8(ascii: "0")
        guard digit < 10 else {
            if negative { throw syntaxError("invalid number \(describeValue(at: offset))") }
            throw mismatch(expected: "an integer")
        }
        // Up to 18 digits cannot overflow; anything longer or not plain takes the slow path.
        let digitsStart = index
        var magnitude = 0
        if digit == 0 {
            index &+= 1
        } else {
            repeat {
                magnitude = magnitude &* 10 &+ Int(digit)
                index &+= 1
                digit = byte(at: index) &- UInt8(ascii: "0")
            } while digit < 10 && index &- digitsStart < 18
        }
        let next = byte(at: index)
        if next &- UInt8(ascii: "0") < 10 || next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e") {
            return try readIntSlowly()
        }
        offset = index
        return negative ? -magnitude : magnitude
    }

    /// The slow path of ``readInt()``: long integers, fractions and exponents.
    private mutating func readIntSlowly() throws(JSONReadFailure) -> Int {
        let start = offset
        let token = try numberToken()
        guard let value = token.integerValue() else {
            offset = start
            throw JSONReadFailure(
                offset: start,
                reason: "expected an integer, found \(describeValue(at: start)), which is not a whole number an Int holds")
        }
        return value
    }

    /// Reads a number as a `Double`, correctly rounded; out-of-range numbers fail, as in
    /// `JSONDecoder`.
    @inline(__always)
    mutating func readDouble() throws(JSONReadFailure) -> Double {
        let first = peekToken()
        guard first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") < 10 else {
            throw mismatch(expected: "a number")
        }
        let start = offset
        let token = try numberToken()
        guard let value = token.doubleValue() else {
            throw JSONReadFailure(
                offset: start, reason: "the number \(describeValue(at: start)) is out of the range of a Double")
        }
        return value
    }

    /// Consumes one number that follows JSON's grammar and returns its parts.
    private mutating func numberToken() throws(JSONReadFailure) -> JSONNumberToken {
        let start = offset
        var index = offset
        if byte(at: index) == UInt8(ascii: "-") { index &+= 1 }
        let integerStart = index
        guard byte(at: index) &- UInt8(ascii: "0") < 10 else {
            throw invalidNumber(at: start, "a digit must follow '-'")
        }
        if byte(at: index) == UInt8(ascii: "0"), byte(at: index &+ 1) &- UInt8(ascii: "0") < 10 {
            throw invalidNumber(at: start, "a number cannot start with 0 followed by digits")
        }
        while byte(at: index) &- UInt8(ascii: "0") < 10 { index &+= 1 }
        let integerEnd = index
        var fractionEnd = index
        if byte(at: index) == UInt8(ascii: ".") {
            index &+= 1
            guard byte(at: index) &- UInt8(ascii: "0") < 10 else {
                throw invalidNumber(at: start, "a digit must follow '.'")
            }
            while byte(at: index) &- UInt8(ascii: "0") < 10 { index &+= 1 }
            fractionEnd = index
        }
        var exponent = 0
        var hasExponent = false
        if byte(at: index) | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            index &+= 1
            var exponentNegative = false
            if byte(at: index) == UInt8(ascii: "+") || byte(at: index) == UInt8(ascii: "-") {
                exponentNegative = byte(at: index) == UInt8(ascii: "-")
                index &+= 1
            }
            guard byte(at: index) &- UInt8(ascii: "0") < 10 else {
                throw invalidNumber(at: start, "a digit must follow the exponent")
            }
            while byte(at: index) &- UInt8(ascii: "0") < 10 {
                if exponent < 100_000_000 { exponent = exponent * 10 + Int(byte(at: index) &- UInt8(ascii: "0")) }
                index &+= 1
            }
            if exponentNegative { exponent = -exponent }
        }
        offset = index
        return JSONNumberToken(
            text: UnsafeBufferPointer(start: base + start, count: index &- start),
            negative: start != integerStart,
            integerDigits: UnsafeBufferPointer(start: base + integerStart, count: integerEnd &- integerStart),
            fractionDigits: UnsafeBufferPointer(
                start: base + integerEnd + (fractionEnd > integerEnd ? 1 : 0),
                count: fractionEnd > integerEnd ? fractionEnd &- integerEnd &- 1 : 0),
            exponent: exponent,
            isPlainInteger: fractionEnd == integerEnd && !hasExponent
        )
    }

    // MARK: - Skipping

    /// Skips one value, checking only its structure, as `JSONDecoder` does for values it
    /// does not decode: strings need a closing quote, and four hex digits after `\u` (where
    /// `JSONDecoder` takes any four bytes); numbers are any run of digits, signs, `.`, `e`
    /// and `E` that starts with `-` or a digit.
    mutating func skipValue() throws(JSONReadFailure) {
        switch peekToken() {
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "{"):
            try skipContainer(closing: UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            try skipContainer(closing: UInt8(ascii: "]"))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            offset &+= 1
            while true {
                let byte = self.byte(at: offset)
                guard byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                else { break }
                offset &+= 1
            }
        case UInt8(ascii: "t"):
            try readLiteral("true")
        case UInt8(ascii: "f"):
            try readLiteral("false")
        case UInt8(ascii: "n"):
            try readLiteral("null")
        default:
            throw syntaxError("expected a value, found \(describeValue(at: offset))")
        }
    }

    /// Skips an object or an array whose opening byte is at `offset`.
    private mutating func skipContainer(closing: UInt8) throws(JSONReadFailure) {
        let isObject = closing == UInt8(ascii: "}")
        try enterContainer()
        offset &+= 1
        var byte = peekToken()
        if byte == closing {
            offset &+= 1
            depth &-= 1
            return
        }
        while true {
            if isObject {
                guard byte == UInt8(ascii: "\"") else {
                    throw syntaxError("expected a key in double quotes, found \(describeValue(at: offset))")
                }
                try skipString()
                guard peekToken() == UInt8(ascii: ":") else {
                    throw syntaxError("expected ':' after the key, found \(describeValue(at: offset))")
                }
                offset &+= 1
            }
            try skipValue()
            byte = peekToken()
            if byte == UInt8(ascii: ",") {
                offset &+= 1
                byte = peekToken()
                if byte == closing { break }
            } else if byte == closing {
                break
            } else {
                let what = isObject ? "',' or '}' after an object member" : "',' or ']' after an array element"
                throw syntaxError("expected \(what), found \(describeValue(at: offset))")
            }
        }
        offset &+= 1
        depth &-= 1
    }

    /// Skips the string whose opening quote is at `offset`.
    private mutating func skipString() throws(JSONReadFailure) {
        let start = offset
        var index = offset &+ 1
        while true {
            index = scanString(from: index).end
            let byte = self.byte(at: index)
            if index >= count {
                throw JSONReadFailure(offset: start, reason: "the string is not terminated")
            }
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                if self.byte(at: index &+ 1) == UInt8(ascii: "u") {
                    _ = try hexUnit(at: index &+ 2)
                    index &+= 6
                } else {
                    index &+= 2
                }
            } else {
                index &+= 1  // a control character: allowed in a skipped string
            }
        }
        offset = index &+ 1
    }

    // MARK: - Failures

    /// A failure at `offset` with `reason`.
    func syntaxError(_ reason: String) -> JSONReadFailure {
        JSONReadFailure(offset: offset, reason: reason)
    }

    /// "invalid number …: `detail`" for the number at `start`.
    private func invalidNumber(at start: Int, _ detail: String) -> JSONReadFailure {
        JSONReadFailure(offset: start, reason: "invalid number \(describeValue(at: start)): \(detail)")
    }

    /// "expected `expected`, found …" for the value at `offset`.
    func mismatch(expected: String) -> JSONReadFailure {
        JSONReadFailure(offset: offset, reason: "expected \(expected), found \(describeValue(at: offset))")
    }

    /// A short description of the value or byte at `index`, for messages: `"high"`, `42`,
    /// `null`, `an object`, `'x'`, `end of input`.
    func describeValue(at index: Int) -> String {
        guard index < count else { return "end of input" }
        let first = base[index]
        switch first {
        case UInt8(ascii: "\""):
            var end = index &+ 1
            var characters = 0
            while end < count, base[end] != UInt8(ascii: "\""), characters < 40 {
                if base[end] == UInt8(ascii: "\\") { end &+= 1 }
                if end < count, base[end] & 0xC0 != 0x80 { characters += 1 }
                end &+= 1
            }
            end = min(end, count)
            let bodyBytes = UnsafeBufferPointer(start: base + index + 1, count: end - index - 1)
            let body = String(decoding: bodyBytes, as: UTF8.self)
            return end < count && base[end] == UInt8(ascii: "\"") ? "\"\(body)\"" : "\"\(body)…"
        case UInt8(ascii: "{"):
            return "an object"
        case UInt8(ascii: "["):
            return "an array"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"):
            var end = index &+ 1
            while end < count, end - index < 32 {
                let byte = base[end]
                guard byte &- UInt8(ascii: "0") < 10 || (byte | 0x20) &- UInt8(ascii: "a") < 26
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                else { break }
                end &+= 1
            }
            return String(decoding: UnsafeBufferPointer(start: base + index, count: end - index), as: UTF8.self)
        default:
            var iterator = UnsafeBufferPointer(start: base + index, count: min(4, count - index)).makeIterator()
            var decoder = UTF8()
            if case .scalarValue(let scalar) = decoder.decode(&iterator), scalar.value >= 0x20, scalar.value != 0x7F {
                return "'\(Character(scalar))'"
            }
            return "byte 0x\(String(first, radix: 16, uppercase: true))"
        }
    }
}

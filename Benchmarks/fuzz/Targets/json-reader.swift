// The JSON reader of the model (JSONByteReader, the engine of LearnerWorkspace(jsonData:)),
// against Foundation on the same bytes:
//
// 1. Values and acceptance against JSONSerialization. The whole input is read as one JSON
//    value with the reader's own readers (objects member by member, with readStringBody for
//    the keys; arrays with readArray; readString, readDouble, readInt, readBool, readNull),
//    a UTF-8 byte-order mark skipped as the workspace decoder skips it. The reader and
//    JSONSerialization must accept the same inputs and read the same values, under these rules:
//    - duplicate keys: JSONSerialization keeps the last member of a name, so its object is
//      compared with the last occurrence of each key; keys are equal as Swift strings are
//      (canonical equivalence: "K" and "\u212A" are one key to both);
//    - a number beyond a Double's range: the reader refuses it (as JSONDecoder does);
//      JSONSerialization refuses one that overflows and reads 0 for a non-zero one that
//      underflows, so the input must then contain such a number, and the value there be 0;
//    - integers beyond UInt64 (or below Int64.min + 1): JSONSerialization answers an
//      NSDecimalNumber: it keeps 38 significant digits and its doubleValue multiplies by ten
//      once per power, so it may be dozens of units in the last place off (a 147-digit
//      integer came out 1.1e-15 off, relatively). The reader's Double must equal the standard
//      library's correctly rounded Double(text) exactly, and lie within 1e-13 of the
//      NSDecimalNumber's, relatively;
//    - input JSONSerialization reads as UTF-16 or UTF-32 (see isUTF16OrUTF32ForFoundation):
//      the reader reads UTF-8 only and must refuse it.
//    - a U+FEFF that begins a string or directly follows an escape in it: JSONSerialization
//      drops it (Foundation takes it for a byte-order mark; JSONDecoder keeps it, as the
//      reader does), so strings and keys are compared with JSONSerialization as if it were
//      not there (see foundationString).
//    Strings compare scalar for scalar; -0 and 0 compare equal here (the scalar check
//    below tells them apart).
// 2. Every number against JSONDecoder decoding a Double and an Int from the number's own
//    text (same acceptance, same value to the bit), and every string against JSONDecoder
//    decoding a String from its own text: the reader promises JSONDecoder's results. One
//    rule for Doubles: JSONDecoder refuses some zeros (0e9; see jsonDecoderRefusesZero), which
//    the reader reads as 0, as JSONSerialization does. One for Ints: from 2^53 up, a number
//    written with a fraction or an exponent is read by JSONDecoder through its Decimal, which
//    drops fractions and refuses some whole numbers (see isIntegerThroughDecimal); there
//    readInt must give the number's exact value when it is a whole number an Int holds, and
//    nothing otherwise.
// 3. The production object path (beginObject / nextField with key tables, as the model's
//    types read) against the members read in 1: the first occurrence of a name counts, a
//    former name only while the key has no value under its own, a null is no value unless
//    the key is required, a required key must be there; unknown names are skipped.
// 4. skipValue (the structure-only check of values nobody reads) accepts whatever 1 accepts
//    and stops at the same byte.
@testable import ZhiXiModel
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    JSONReaderDifferential(bytes).run()
    return 0
}

/// A JSON number as the reader read it.
struct ReadNumber {
    /// The number as written.
    var text: String
    /// `readDouble()`'s value, or `nil` when it refused the number as beyond a Double's range.
    var double: Double?
}

/// A JSON value as the reader read it.
indirect enum ReadValue {
    case null
    case bool(Bool)
    case number(ReadNumber)
    /// The reader's string, and what JSONSerialization should make of the same text.
    case string(String, foundation: String)
    case array([ReadValue])
    /// Every member, in order (pass 1).
    case object([(key: String, foundationKey: String, value: ReadValue)])
    /// The members a key table picked (pass 3).
    case fields([FuzzKey: ReadValue])
}

/// The keys of the tables of pass 3: short and long names (one word, two words, more), the
/// empty name, non-ASCII, escapes, and "K", which "\u212A" (KELVIN SIGN) equals.
enum FuzzKey: String, CodingKey, CaseIterable, Sendable {
    case a, b, id, name
    case empty = ""
    case eight = "abcdefgh"
    case sixteen = "abcdefghijklmnop"
    case long = "aKeyOfMoreThanSixteenBytes"
    case kelvin = "K"
    case accented = "é"
    case escaped = "a\"b\\c"
}

/// Former names, read as their key while the key has no value of its own.
let fuzzFormerNames: [(name: String, key: FuzzKey)] = [
    ("summary", .name), ("learningPathId", .id), ("abcdefghijklmnopq", .long), ("k", .kelvin),
]
/// Objects at an even depth: nothing required.
let plainTable = JSONKeyTable<FuzzKey>(required: [], formerNames: fuzzFormerNames)
/// Objects at an odd depth: `id` and `a` required.
let requiredTable = JSONKeyTable<FuzzKey>(required: [.id, .a], formerNames: fuzzFormerNames)

/// The reference readers, made once (only read from).
enum References {
    static let decoder = JSONDecoder()
}

/// Pass 1's element type for readArray.
struct AllMembers: JSONByteDecodable {
    var value: ReadValue
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        value = try readValue(&reader, keyTables: false)
    }
}

/// Pass 3's element type for readArray.
struct TableFields: JSONByteDecodable {
    var value: ReadValue
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        value = try readValue(&reader, keyTables: true)
    }
}

/// Reads one value at the reader's position: objects member by member (pass 1) or through
/// the key tables (pass 3).
func readValue(_ reader: inout JSONByteReader, keyTables: Bool) throws(JSONReadFailure) -> ReadValue {
    switch reader.peekToken() {
    case UInt8(ascii: "{"):
        return keyTables ? try readTableFields(&reader) : try readAllMembers(&reader)
    case UInt8(ascii: "["):
        return keyTables ? .array(try reader.readArray(of: TableFields.self).map(\.value))
            : .array(try reader.readArray(of: AllMembers.self).map(\.value))
    case UInt8(ascii: "\""):
        let start = reader.offset
        let text = try reader.readString()
        if !keyTables { checkString(text, reader, from: start) }
        return .string(text, foundation: keyTables ? text : foundationString(reader, from: start))
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
        return .bool(try reader.readBool())
    case UInt8(ascii: "n"):
        _ = try reader.readNull()
        return .null
    default:
        return .number(try readNumber(&reader, checked: !keyTables))
    }
}

/// Pass 1's object: every member, keys read in full.
func readAllMembers(_ reader: inout JSONByteReader) throws(JSONReadFailure) -> ReadValue {
    _ = try reader.beginObject(plainTable)   // for the `{` and the depth limit
    var members: [(key: String, foundationKey: String, value: ReadValue)] = []
    if reader.peekToken() == UInt8(ascii: "}") {
        reader.offset += 1
        reader.depth -= 1
        return .object(members)
    }
    while true {
        guard reader.peekToken() == UInt8(ascii: "\"") else { throw reader.syntaxError("expected a key") }
        let keyStart = reader.offset
        let key = try reader.readStringBody()
        checkString(key, reader, from: keyStart)
        let foundationKey = foundationString(reader, from: keyStart)
        guard reader.peekToken() == UInt8(ascii: ":") else { throw reader.syntaxError("expected ':'") }
        reader.offset += 1
        members.append((key, foundationKey, try readValue(&reader, keyTables: false)))
        let byte = reader.peekToken()
        if byte == UInt8(ascii: ",") {
            reader.offset += 1
            if reader.peekToken() == UInt8(ascii: "}") {
                reader.offset += 1
                break
            }
        } else if byte == UInt8(ascii: "}") {
            reader.offset += 1
            break
        } else {
            throw reader.syntaxError("expected ',' or '}'")
        }
    }
    reader.depth -= 1
    return .object(members)
}

/// Pass 3's object: the members a key table picks, as the model's types read them.
func readTableFields(_ reader: inout JSONByteReader) throws(JSONReadFailure) -> ReadValue {
    let table = reader.depth % 2 == 0 ? plainTable : requiredTable
    var cursor = try reader.beginObject(table)
    var fields: [FuzzKey: ReadValue] = [:]
    while let key = try reader.nextField(&cursor) {
        do throws(JSONReadFailure) {
            fields[key] = try readValue(&reader, keyTables: true)
        } catch {
            throw cursor.annotate(error)
        }
    }
    try cursor.checkRequired()
    return .fields(fields)
}

/// Reads a number with readDouble, and (on a copy of the reader) with readInt; when
/// `checked`, both against JSONDecoder on the number's text.
func readNumber(_ reader: inout JSONByteReader, checked: Bool) throws(JSONReadFailure) -> ReadNumber {
    _ = reader.peekToken()
    let start = reader.offset
    var integerReader = reader
    let integer = Result { () throws(JSONReadFailure) -> Int in try integerReader.readInt() }
    var double: Double?
    do throws(JSONReadFailure) {
        double = try reader.readDouble()
    } catch {
        // Only a number beyond a Double's range is consumed before it is refused.
        guard reader.offset > start else {
            if case .success(let value) = integer {
                fuzzFinding("readInt read \(value) where readDouble refused the number: \(error.reason)")
            }
            throw error
        }
        double = nil
    }
    let text = Data(bytes: reader.base + start, count: reader.offset - start)
    let written = String(decoding: text, as: UTF8.self)
    if case .success = integer {
        fuzzCheck(integerReader.offset == reader.offset,
                  "readInt and readDouble stop at different bytes on \(fuzzQuoted(written))")
    }
    if checked {
        let referenceDouble = try? References.decoder.decode(Double.self, from: text)
        let isDecoderZeroBug = referenceDouble == nil && double == 0 && jsonDecoderRefusesZero(text)
        fuzzCheck(referenceDouble?.bitPattern == double?.bitPattern || isDecoderZeroBug,
                  "readDouble read \(double.map { "\($0)" } ?? "nothing (out of range)") from \(fuzzQuoted(written)), "
                      + "JSONDecoder \(referenceDouble.map { "\($0)" } ?? "nothing (an error)")")
        let readInteger = try? integer.get()
        if isIntegerThroughDecimal(written) {
            fuzzCheck(readInteger == exactInteger(written),
                      "readInt read \(readInteger.map { "\($0)" } ?? "nothing (an error)") from \(fuzzQuoted(written)), "
                          + "whose exact value is \(exactInteger(written).map { "\($0)" } ?? "not an Int")")
            return ReadNumber(text: written, double: double)
        }
        let referenceInteger = try? References.decoder.decode(Int.self, from: text)
        fuzzCheck(referenceInteger == readInteger,
                  "readInt read \(readInteger.map { "\($0)" } ?? "nothing (an error)") from \(fuzzQuoted(written)), "
                      + "JSONDecoder \(referenceInteger.map { "\($0)" } ?? "nothing (an error)")")
    }
    return ReadNumber(text: written, double: double)
}

/// What JSONSerialization makes of the string read from `start` (its opening quote) to the
/// reader's offset (see decodedJSONString).
func foundationString(_ reader: JSONByteReader, from start: Int) -> String {
    let content = Array(UnsafeBufferPointer(start: reader.base + start + 1, count: reader.offset - start - 2))
    guard let decoded = decodedJSONString(content, droppingFoundationMarks: true) else {
        fuzzFinding("the reader read a string whose escapes do not decode: \(fuzzQuoted(String(decoding: content, as: UTF8.self)))")
    }
    return String(decoding: decoded, as: UTF8.self)
}

/// The string just read from `start` to the reader's offset against JSONDecoder on the same text.
func checkString(_ text: String, _ reader: JSONByteReader, from start: Int) {
    let bytes = Data(bytes: reader.base + start, count: reader.offset - start)
    let reference = try? References.decoder.decode(String.self, from: bytes)
    fuzzCheck(reference.map { Array($0.unicodeScalars) == Array(text.unicodeScalars) } ?? false,
              "the reader read the string \(fuzzQuoted(text)), JSONDecoder "
                  + (reference.map(fuzzQuoted) ?? "refused it") + " from \(fuzzQuoted(String(decoding: bytes, as: UTF8.self)))")
}

/// One input through the four checks.
struct JSONReaderDifferential {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Where the reader starts: after a UTF-8 byte-order mark, as the workspace decoder does.
    var start: Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    func run() {
        guard let base = bytes.baseAddress else {
            fuzzCheck((try? JSONSerialization.jsonObject(with: Data(), options: .fragmentsAllowed)) == nil,
                      "JSONSerialization accepts empty input")
            return
        }
        // Pass 1.
        var reader = JSONByteReader(base: base, count: bytes.count, offset: start)
        var valueEnd = 0
        let read = Result { () throws(JSONReadFailure) -> ReadValue in
            let value = try readValue(&reader, keyTables: false)
            valueEnd = reader.offset
            guard reader.isAtEnd() else { throw reader.syntaxError("unexpected bytes after the value") }
            return value
        }
        if isUTF16OrUTF32ForFoundation(bytes) {
            fuzzCheck((try? read.get()) == nil, "the reader accepts input that Foundation reads as UTF-16 or UTF-32")
            return
        }
        let reference = try? JSONSerialization.jsonObject(with: Data(buffer: bytes), options: .fragmentsAllowed)
        switch (read, reference) {
        case (.success(let value), let reference?):
            compare(value, reference, path: "$")
        case (.success(let value), nil):
            fuzzCheck(containsOverflow(value),
                      "the reader accepts what JSONSerialization refuses (and holds no number that overflows a Double)")
        case (.failure(let failure), _?):
            fuzzFinding("the reader refuses what JSONSerialization accepts: \(failure.reason) at byte \(failure.offset) "
                        + "(\(failure.pathText))")
        case (.failure, nil):
            break
        }
        // Pass 4.
        var skipper = JSONByteReader(base: base, count: bytes.count, offset: start)
        let skipped = Result { () throws(JSONReadFailure) in try skipper.skipValue() }
        if case .success = read {
            fuzzCheck((try? skipped.get()) != nil, "skipValue refuses a value that reads")
            fuzzCheck(skipper.offset == valueEnd, "skipValue stops at byte \(skipper.offset), the value ends at \(valueEnd)")
        }
        // Pass 3.
        guard case .success(let value) = read else { return }
        var tableReader = JSONByteReader(base: base, count: bytes.count, offset: start)
        let fields = Result { () throws(JSONReadFailure) -> ReadValue in try readValue(&tableReader, keyTables: true) }
        let expected = expectedFields(value, depth: 0)
        switch (fields, expected) {
        case (.success(let fields), let expected?):
            fuzzCheck(same(fields, expected), "the key tables read \(fields), expected \(expected)")
            fuzzCheck(tableReader.offset == valueEnd, "the key tables stop at byte \(tableReader.offset), the value ends at \(valueEnd)")
        case (.success(let fields), nil):
            fuzzFinding("the key tables read \(fields) where a required key is missing")
        case (.failure(let failure), let expected?):
            fuzzFinding("the key tables fail (\(failure.reason) at \(failure.pathText)), expected \(expected)")
        case (.failure, nil):
            break
        }
    }

    /// Whether `value` holds a number that the reader refused because it overflows a Double.
    func containsOverflow(_ value: ReadValue) -> Bool {
        switch value {
        case .number(let number): number.double == nil && (Double(number.text).map(\.isInfinite) ?? false)
        case .array(let elements): elements.contains(where: containsOverflow)
        case .object(let members): members.contains { containsOverflow($0.value) }
        default: false
        }
    }

    /// Pass 1's value against JSONSerialization's.
    func compare(_ value: ReadValue, _ reference: Any, path: String) {
        switch value {
        case .null:
            fuzzCheck(reference is NSNull, "\(path): the reader read null, JSONSerialization \(reference)")
        case .bool(let bool):
            let number = reference as? NSNumber
            fuzzCheck(number.map { String(cString: $0.objCType) == "c" && $0.boolValue == bool } ?? false,
                      "\(path): the reader read \(bool), JSONSerialization \(reference)")
        case .number(let number):
            guard let referenceNumber = reference as? NSNumber, String(cString: referenceNumber.objCType) != "c" else {
                fuzzFinding("\(path): the reader read the number \(number.text), JSONSerialization \(reference)")
            }
            guard let double = number.double else {
                fuzzCheck(Double(number.text) == 0 && referenceNumber.doubleValue == 0,
                          "\(path): the reader refused \(number.text), which JSONSerialization reads as \(referenceNumber)")
                return
            }
            if referenceNumber is NSDecimalNumber {
                let decimalValue = referenceNumber.doubleValue
                fuzzCheck(Double(number.text) == double,
                          "\(path): the reader read \(double) from \(number.text), the standard library \(Double(number.text).map(String.init(describing:)) ?? "nothing")")
                fuzzCheck(abs(decimalValue - double) <= 1e-13 * abs(double),
                          "\(path): the reader read \(double) from \(number.text), JSONSerialization \(referenceNumber) (\(decimalValue))")
            } else {
                fuzzCheck(referenceNumber.doubleValue == double,
                          "\(path): the reader read \(double) from \(number.text), JSONSerialization \(referenceNumber)")
            }
        case .string(let text, let foundationText):
            let referenceText = reference as? String
            fuzzCheck(referenceText.map { Array($0.unicodeScalars) == Array(foundationText.unicodeScalars) } ?? false,
                      "\(path): the reader read \(fuzzQuoted(text)), JSONSerialization \(reference)")
        case .array(let elements):
            guard let referenceElements = reference as? [Any], referenceElements.count == elements.count else {
                fuzzFinding("\(path): the reader read \(elements.count) elements, JSONSerialization \(reference)")
            }
            for (index, element) in elements.enumerated() {
                compare(element, referenceElements[index], path: "\(path)[\(index)]")
            }
        case .object(let members):
            var last: [String: ReadValue] = [:]
            for member in members { last[member.foundationKey] = member.value }
            guard let referenceMembers = reference as? [String: Any], referenceMembers.count == last.count else {
                fuzzFinding("\(path): the reader read \(last.count) distinct keys, JSONSerialization \(reference)")
            }
            for (key, member) in last {
                guard let referenceMember = referenceMembers[key] else {
                    fuzzFinding("\(path): JSONSerialization has no key \(fuzzQuoted(key))")
                }
                compare(member, referenceMember, path: "\(path)[\(fuzzQuoted(key))]")
            }
        case .fields:
            fuzzFinding("\(path): pass 1 read a key table's fields")
        }
    }

    /// What pass 3 should read, from pass 1's value; `nil` when a required key is missing.
    func expectedFields(_ value: ReadValue, depth: Int) -> ReadValue? {
        switch value {
        case .array(let elements):
            var converted: [ReadValue] = []
            for element in elements {
                guard let element = expectedFields(element, depth: depth + 1) else { return nil }
                converted.append(element)
            }
            return .array(converted)
        case .object(let members):
            let table = depth % 2 == 0 ? plainTable : requiredTable
            let required = depth % 2 == 0 ? [] : [FuzzKey.id, .a]
            var seen = Set<Int>()
            var fields: [FuzzKey: ReadValue] = [:]
            for member in members {
                // The entry of the name, compared as Swift strings: own names first, then former ones.
                guard let entry = table.names.firstIndex(of: member.key) else { continue }
                let key = table.keys[table.entryKeys[entry]]
                let isOwnName = entry < table.keyCount
                guard !seen.contains(entry), isOwnName || fields[key] == nil else { continue }
                seen.insert(entry)
                if case .null = member.value, !required.contains(key) { continue }
                guard let converted = expectedFields(member.value, depth: depth + 1) else { return nil }
                fields[key] = converted
            }
            guard required.allSatisfy({ fields[$0] != nil }) else { return nil }
            return .fields(fields)
        default:
            return value
        }
    }

    /// Whether two values are the same: numbers by their text and Double, strings scalar for scalar.
    func same(_ first: ReadValue, _ second: ReadValue) -> Bool {
        switch (first, second) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x.text == y.text && x.double?.bitPattern == y.double?.bitPattern
        case (.string(let x, _), .string(let y, _)): Array(x.unicodeScalars) == Array(y.unicodeScalars)
        case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.fields(let x), .fields(let y)):
            x.count == y.count && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
        default: false
        }
    }
}

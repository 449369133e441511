import Foundation

/// Stops the fuzzer on a finding: prints `message` to standard error, then traps, so that
/// libFuzzer saves the input that led here (the same as a crash or a sanitizer report).
func fuzzFinding(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    FileHandle.standardError.write(Data("fuzz finding (\(file):\(line)): \(message())\n".utf8))
    fatalError("fuzz finding")
}

/// Checks `condition`, a finding when it does not hold.
func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    if !condition { fuzzFinding(message(), file: file, line: line) }
}

/// The fuzzer's input as bytes (libFuzzer may pass a null pointer with a size of 0).
func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: size > 0 ? data : nil, count: size)
}

/// Whether Foundation's JSON readers take these bytes for UTF-16 or UTF-32 (a byte-order mark
/// FE FF or FF FE, or a NUL among the first two bytes), where the package's readers read
/// UTF-8 only.
func isUTF16OrUTF32ForFoundation(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count >= 2 else { return false }
    return bytes[0] == 0 || bytes[1] == 0 || (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE)
}

/// A short printable form of some text, for messages.
func fuzzQuoted<S: StringProtocol>(_ text: S) -> String {
    String(text.prefix(200)).debugDescription
}

/// Whether JSONDecoder (swift-foundation, as in this toolchain) refuses the JSON number
/// `text` as a Double although its value is zero, as it refuses `0e9` and `0.0e15` but reads
/// `0e0`, `0e22` and `0.0e9`: when `strtod` answers 0 it tells a written zero from an
/// underflow by looking for a non-zero digit before the exponent, but it reads the last
/// (length mod 4) bytes of the number backwards, so a non-zero exponent digit there counts
/// as a non-zero digit of the mantissa. JSONSerialization reads these numbers as 0, and so
/// does the package's reader.
func jsonDecoderRefusesZero<Bytes: Collection<UInt8>>(_ text: Bytes) -> Bool {
    let bytes = Array(text)
    let mantissa = bytes.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
    guard mantissa.allSatisfy({ !(UInt8(ascii: "1") ... UInt8(ascii: "9")).contains($0) }) else { return false }
    func verdict(_ byte: UInt8) -> Bool? {
        if (UInt8(ascii: "1") ... UInt8(ascii: "9")).contains(byte) { return false }
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return true }
        return nil
    }
    var start = 0
    while bytes.count - start >= 4 {
        for index in start ..< start + 4 { if let isZero = verdict(bytes[index]) { return !isZero } }
        start += 4
    }
    for index in (start ..< bytes.count).reversed() { if let isZero = verdict(bytes[index]) { return !isZero } }
    return false
}

/// Whether the JSON number `text` is one that JSONDecoder reads as an integer through its
/// Decimal: written with a fraction or an exponent, and 2^53 or more in magnitude. There
/// JSONDecoder drops a fraction (`9007199254740993.5` as 9007199254740993) and refuses some
/// whole numbers (`9223372036854775807.0`), so the package's reader is held to the number's
/// exact value instead (exactInteger).
func isIntegerThroughDecimal(_ text: String) -> Bool {
    guard text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else { return false }
    guard let value = Double(text), value.isFinite else { return true }
    return value.magnitude >= 9_007_199_254_740_992
}

/// The exact value of the JSON number `text` as an Int when it is whole and fits, else `nil`.
func exactInteger(_ text: String) -> Int? {
    var bytes = Array(text.utf8)
    let negative = bytes.first == UInt8(ascii: "-")
    if negative { bytes.removeFirst() }
    let mantissaEnd = bytes.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") } ?? bytes.count
    var exponent = 0
    if mantissaEnd < bytes.count {
        var digits = bytes[(mantissaEnd + 1)...]
        let negativeExponent = digits.first == UInt8(ascii: "-")
        if digits.first == UInt8(ascii: "-") || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        for digit in digits { exponent = min(exponent * 10 + Int(digit - UInt8(ascii: "0")), 1_000_000_000) }
        if negativeExponent { exponent = -exponent }
    }
    let mantissa = bytes[..<mantissaEnd]
    let point = mantissa.firstIndex(of: UInt8(ascii: ".")) ?? mantissa.endIndex
    let fractionDigits = point < mantissa.endIndex ? Array(mantissa[(point + 1)...]) : []
    var digits = Array(mantissa[..<point]) + fractionDigits
    let scale = exponent - fractionDigits.count
    while digits.first == UInt8(ascii: "0") { digits.removeFirst() }
    guard !digits.isEmpty else { return 0 }
    if scale >= 0 {
        guard digits.count + scale <= 19 else { return nil }
        digits += Array(repeating: UInt8(ascii: "0"), count: scale)
    } else {
        let fractionCount = min(-scale, digits.count)
        guard digits.suffix(fractionCount).allSatisfy({ $0 == UInt8(ascii: "0") }) else { return nil }
        digits.removeLast(fractionCount)
        if digits.isEmpty { return 0 }
    }
    return Int((negative ? "-" : "") + String(decoding: digits, as: UTF8.self))
}

/// The content of a JSON string (the bytes between its quotes) with its escapes decoded, as
/// UTF-8; `nil` when an escape is malformed (a bad `\u`, a lone surrogate). With
/// `droppingFoundationMarks`, as JSONSerialization reads it: without a U+FEFF that begins the
/// string or directly follows an escape (Foundation takes the bytes EF BB BF at the start of
/// each run of plain text for a byte-order mark; JSONDecoder keeps them).
func decodedJSONString(_ content: [UInt8], droppingFoundationMarks: Bool = false) -> [UInt8]? {
    var decoded: [UInt8] = []
    var index = 0
    var runStarts = true
    func hex(_ at: Int) -> UInt32? {
        guard at + 4 <= content.count else { return nil }
        return UInt32(String(decoding: content[at ..< at + 4], as: UTF8.self), radix: 16)
    }
    while index < content.count {
        if droppingFoundationMarks, runStarts, content[index...].starts(with: [0xEF, 0xBB, 0xBF]) {
            index += 3
            runStarts = false
            continue
        }
        runStarts = false
        guard content[index] == UInt8(ascii: "\\") else {
            decoded.append(content[index])
            index += 1
            continue
        }
        guard index + 1 < content.count else { return nil }
        let letter = content[index + 1]
        index += 2
        runStarts = true
        switch letter {
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            guard var unit = hex(index) else { return nil }
            index += 4
            if (0xD800 ..< 0xDC00).contains(unit) {
                guard content[index...].starts(with: Array("\\u".utf8)), let low = hex(index + 2), (0xDC00 ..< 0xE000).contains(low)
                else { return nil }
                unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                index += 6
            }
            guard let scalar = Unicode.Scalar(unit) else { return nil }
            decoded.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            decoded.append(letter)
        }
    }
    return decoded
}

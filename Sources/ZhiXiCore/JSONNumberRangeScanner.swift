/// A number in a JSON text that a reader cannot hold, and where it is.
package struct JSONNumberOutOfRange: Sendable, Hashable, CustomStringConvertible {
    /// The path of the member or element that holds it, such as `events[2].sequence` (empty
    /// for a number that is the whole document).
    package var path: String
    /// The number as written, cut after 40 characters.
    package var literal: String
    /// The line it is on, counted from 1.
    package var line: Int
    /// Its column, in bytes from 1.
    package var column: Int
    /// Why no reader holds it, such as `it is larger than 9223372036854775807`.
    package var reason: String

    /// `the number 1e400 (line 3, column 42) is out of range: …` (`column 42` alone on the
    /// first line), without the path (a message names the field its own way).
    package var description: String {
        "the number \(literal) (" + (line == 1 ? "" : "line \(line), ") + "column \(column)) is out of range: \(reason)"
    }
}

/// Finds the first number of a JSON text that is out of range for the readers of this
/// package: one whose size overflows a `Double` (beyond about 1.8 × 10³⁰⁸), one too small to
/// be anything but zero without being zero (below about 5 × 10⁻³²⁴), and — only when there is
/// none of those — a whole number written without a fraction or exponent beyond the 64-bit
/// integers that every count and id field is read as. Foundation's `JSONDecoder` refuses such a
/// number as "not valid JSON" without saying which or where; run after it fails, this says both.
///
/// O(n) in the bytes, one pass; text that stops being JSON is scanned as far as it goes
/// (`nil` then, unless a number before was out of range).
///
/// ```swift
/// let found = JSONNumberRangeScanner.firstOutOfRange(in: Array(#"{"a": [1, 1e400]}"#.utf8))
/// // found?.path: a[1]; found?.description: the number 1e400 (column 11) is out of range: it is larger …
/// ```
package enum JSONNumberRangeScanner {
    /// Containers deeper than this are not scanned further.
    static let maximumDepth = 512

    /// The first number out of range in `bytes` (by the order of the summary above), or
    /// `nil` when every number fits.
    /// - Complexity: O(n) in the number of bytes.
    package static func firstOutOfRange<Bytes: Collection>(in bytes: Bytes) -> JSONNumberOutOfRange? where Bytes.Element == UInt8 {
        let bytes = Array(bytes)
        var scan = Scan(bytes: bytes)
        scan.run()
        return scan.neverFits ?? scan.beyondIntegers
    }

    /// One container being read: an object (its current key) or an array (its current index).
    private enum Level {
        case object(key: String?)
        case array(index: Int)
    }

    private struct Scan {
        let bytes: [UInt8]
        var index = 0
        var levels: [Level] = []
        var neverFits: JSONNumberOutOfRange?
        var beyondIntegers: JSONNumberOutOfRange?

        init(bytes: [UInt8]) { self.bytes = bytes }

        /// The path of the value being read now.
        var path: String {
            var text = ""
            for level in levels {
                switch level {
                case .object(let key): if let key { text = JSONDuplicateKeyScanner.appending(key: key, to: text) }
                case .array(let index): text += "[\(index)]"
                }
            }
            return text
        }

        mutating func run() {
            var expectingKey = false
            while index < bytes.count, neverFits == nil {
                let byte = bytes[index]
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":"):
                    index += 1
                case UInt8(ascii: "{"):
                    guard levels.count < maximumDepth else { return }
                    levels.append(.object(key: nil))
                    expectingKey = true
                    index += 1
                case UInt8(ascii: "["):
                    guard levels.count < maximumDepth else { return }
                    levels.append(.array(index: 0))
                    index += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard !levels.isEmpty else { return }
                    levels.removeLast()
                    index += 1
                case UInt8(ascii: ","):
                    guard let last = levels.last else { return }
                    if case .array(let position) = last { levels[levels.count - 1] = .array(index: position + 1) } else { expectingKey = true }
                    index += 1
                case UInt8(ascii: "\""):
                    guard let text = readString() else { return }
                    if expectingKey, case .object = levels.last {
                        levels[levels.count - 1] = .object(key: text)
                        expectingKey = false
                    }
                case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
                    readNumber()
                default:
                    // true, false, null (or text that is not JSON, which ends the scan at a quote or bracket).
                    guard byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") else { return }
                    index += 1
                }
            }
        }

        /// The string starting at the quote at `index`, its simple escapes decoded (`\uXXXX`
        /// kept as written: enough to name a key), and `index` after its closing quote.
        mutating func readString() -> String? {
            var text: [UInt8] = []
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: text, as: UTF8.self) }
                if byte == UInt8(ascii: "\\") {
                    guard index < bytes.count else { return nil }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "n"): text.append(0x0A)
                    case UInt8(ascii: "t"): text.append(0x09)
                    case UInt8(ascii: "r"): text.append(0x0D)
                    case UInt8(ascii: "b"): text.append(0x08)
                    case UInt8(ascii: "f"): text.append(0x0C)
                    case UInt8(ascii: "u"): text += Array("\\u".utf8)
                    default: text.append(escaped)
                    }
                } else {
                    text.append(byte)
                }
            }
            return nil
        }

        /// Reads the number at `index` and notes it when it is out of range.
        mutating func readNumber() {
            let start = index
            var isWhole = true
            var hasNonZeroDigit = false
            var inExponent = false
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "1") ... UInt8(ascii: "9"):
                    if !inExponent { hasNonZeroDigit = true }
                case UInt8(ascii: "0"), UInt8(ascii: "-"), UInt8(ascii: "+"):
                    break
                case UInt8(ascii: "."):
                    isWhole = false
                case UInt8(ascii: "e"), UInt8(ascii: "E"):
                    isWhole = false
                    inExponent = true
                default:
                    return note(start: start, isWhole: isWhole, hasNonZeroDigit: hasNonZeroDigit)
                }
                index += 1
            }
            note(start: start, isWhole: isWhole, hasNonZeroDigit: hasNonZeroDigit)
        }

        mutating func note(start: Int, isWhole: Bool, hasNonZeroDigit: Bool) {
            let literal = String(decoding: bytes[start ..< index], as: UTF8.self)
            guard let value = Double(literal) else { return }
            let reason: String
            let fitsNowhere: Bool
            if value.isInfinite {
                (reason, fitsNowhere) = ("it is larger than a number can be (about 1.8e308)", true)
            } else if value == 0, hasNonZeroDigit {
                (reason, fitsNowhere) = ("it is too small to be held (below about 5e-324) and is not 0", true)
            } else if isWhole, Int64(literal) == nil, beyondIntegers == nil {
                (reason, fitsNowhere) = ("a whole number is at most 9223372036854775807 and at least -9223372036854775808", false)
            } else {
                return
            }
            let lineStart = bytes[..<start].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let found = JSONNumberOutOfRange(
                path: path, literal: literal.count > 40 ? String(literal.prefix(40)) + "…" : literal,
                line: bytes[..<start].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }, column: start - lineStart + 1, reason: reason)
            if fitsNowhere { neverFits = found } else { beyondIntegers = found }
        }
    }
}

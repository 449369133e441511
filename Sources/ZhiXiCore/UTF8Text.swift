/// Text built as UTF-8 bytes in one growing buffer: the writer behind every fast output of
/// the package (JSON, reasons, tables, ISO-8601 times), without `String`'s per-append cost
/// and without Foundation's locale-dependent formatters.
///
/// Every number is written in ASCII digits whatever the locale. Appending is amortised O(1)
/// per byte; nothing but the buffer is allocated.
///
/// ```swift
/// var text = UTF8Text()
/// text.append("recall ")
/// text.append(87)
/// text.append("%, stability ")
/// text.appendFixed(9.25, decimals: 1)       // "9.3"
/// text.string                               // "recall 87%, stability 9.3"
/// ```
@usableFromInline package struct UTF8Text: Sendable, Hashable {
    @usableFromInline var storage: [UInt8]

    /// The bytes written so far.
    @inlinable package var bytes: [UInt8] { storage }

    /// An empty text whose buffer has room for `capacity` bytes.
    @inlinable
    package init(capacity: Int = 64) {
        storage = []
        storage.reserveCapacity(capacity)
    }

    /// The text as a `String`.
    @inlinable
    package var string: String { String(decoding: storage, as: UTF8.self) }

    /// The number of bytes written.
    @inlinable
    package var count: Int { storage.count }

    /// Appends the UTF-8 bytes of a string.
    @inlinable
    package mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ storage.append(contentsOf: $0) }) == nil {
            storage.append(contentsOf: text.utf8)
        }
    }

    /// Empties the text, keeping its buffer for what is written next.
    @inlinable
    package mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
    }

    /// Appends one byte (an ASCII character such as `UInt8(ascii: ",")`).
    @inlinable
    package mutating func append(byte: UInt8) {
        storage.append(byte)
    }

    /// Appends raw UTF-8 bytes.
    @inlinable
    package mutating func append<Bytes: Sequence<UInt8>>(contentsOf other: Bytes) {
        storage.append(contentsOf: other)
    }

    /// Appends a whole number in decimal, with a leading `-` when negative, padded with
    /// leading zeros to at least `width` digits.
    package mutating func append(_ value: Int, width: Int = 1) {
        if value < 0 { storage.append(UInt8(ascii: "-")) }
        appendDigits(of: value.magnitude, width: width)
    }

    /// Appends the decimal digits of `value`, padded with zeros to at least `width`.
    package mutating func appendDigits(of value: UInt, width: Int = 1) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)    // 24 bytes: every UInt fits in 20
        var rest = value
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
        }
        if width > count {
            for _ in count ..< width { storage.append(UInt8(ascii: "0")) }
        }
        withUnsafeBytes(of: &digits) { buffer in
            for index in stride(from: count - 1, through: 0, by: -1) { storage.append(buffer[index]) }
        }
    }

    /// Appends `value` with exactly `decimals` digits after the point, halves rounded away from
    /// zero (`9.25` → `9.3` with one decimal); `nan`, `inf` and `-inf` spelled out. Values whose
    /// scaled magnitude reaches 9·10¹⁵ are written as Swift prints them.
    package mutating func appendFixed(_ value: Double, decimals: Int) {
        guard value.isFinite else {
            append(value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf"))
            return
        }
        var scale = 1.0
        for _ in 0 ..< max(0, decimals) { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.0e15 else {
            append(value.description)
            return
        }
        let integer = UInt(scaled)
        if value < 0 && integer != 0 { storage.append(UInt8(ascii: "-")) }
        guard decimals > 0 else {
            appendDigits(of: integer)
            return
        }
        var power: UInt = 1
        for _ in 0 ..< decimals { power *= 10 }
        appendDigits(of: integer / power)
        storage.append(UInt8(ascii: "."))
        appendDigits(of: integer % power, width: decimals)
    }

    /// Appends a date as `YYYY-MM-DD`; years outside 0–9999 as ISO 8601's expanded form
    /// (a sign and at least five digits).
    package mutating func appendDate(_ date: CivilDate) {
        if date.year < 0 {
            storage.append(UInt8(ascii: "-"))
            append(-date.year, width: 5)
        } else if date.year > 9999 {
            storage.append(UInt8(ascii: "+"))
            append(date.year, width: 5)
        } else {
            append(date.year, width: 4)
        }
        storage.append(UInt8(ascii: "-"))
        append(date.month, width: 2)
        storage.append(UInt8(ascii: "-"))
        append(date.day, width: 2)
    }

    /// How ``appendISO8601(secondsSince1970:utcOffsetSeconds:fraction:)`` writes the part
    /// of a second.
    package enum SecondFraction: Sendable, Hashable {
        /// Whole seconds, the fraction dropped (rounded down).
        case none
        /// Rounded to the millisecond, written as `.mmm` only when not zero (the JSON
        /// contract's form).
        case millisecondsWhenNonZero
    }

    /// Appends an instant as ISO 8601: `2026-11-29T04:00:00Z` in UTC, or local time with its
    /// offset, `2026-11-29T12:00:00+08:00`. Non-finite instants and instants beyond about
    /// ±3 million years are clamped to that range.
    ///
    /// - Parameters:
    ///   - secondsSince1970: the instant.
    ///   - utcOffsetSeconds: the local time's offset from UTC; 0 writes `Z`.
    ///   - fraction: how the part of a second is written.
    package mutating func appendISO8601(secondsSince1970: Double, utcOffsetSeconds: Int = 0,
                                       fraction: SecondFraction = .none) {
        let limit = 1e14
        let instant = secondsSince1970.isNaN ? 0 : min(max(secondsSince1970, -limit), limit)
        var whole = instant.rounded(.down)
        var milliseconds = 0
        if fraction == .millisecondsWhenNonZero {
            milliseconds = Int(((instant - whole) * 1000).rounded())
            if milliseconds == 1000 {
                whole += 1
                milliseconds = 0
            }
        }
        appendISO8601(wholeSecondsSince1970: Int(whole), milliseconds: milliseconds, utcOffsetSeconds: utcOffsetSeconds)
    }

    /// Appends an instant given as whole seconds since 1970 and milliseconds (0–999) as
    /// ISO 8601 (see ``appendISO8601(secondsSince1970:utcOffsetSeconds:fraction:)``); the
    /// milliseconds are written as `.mmm` only when not zero.
    package mutating func appendISO8601(wholeSecondsSince1970 utcSeconds: Int, milliseconds: Int, utcOffsetSeconds: Int = 0) {
        appendISO8601(wholeSecondsSince1970: utcSeconds, nanoseconds: milliseconds * 1_000_000, utcOffsetSeconds: utcOffsetSeconds)
    }

    /// Appends an instant given as whole seconds since 1970 and nanoseconds (0–999 999 999) as
    /// ISO 8601, the fraction written with the fewest of 3, 6 or 9 digits that hold it exactly
    /// (none when it is zero): `…T04:00:00.250Z`, `…T04:00:00.000001Z`.
    package mutating func appendISO8601(wholeSecondsSince1970 utcSeconds: Int, nanoseconds: Int, utcOffsetSeconds: Int = 0) {
        let seconds = utcSeconds + utcOffsetSeconds
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        appendDate(CivilDate(daysSince1970: days))
        storage.append(UInt8(ascii: "T"))
        append(secondOfDay / 3600, width: 2)
        storage.append(UInt8(ascii: ":"))
        append(secondOfDay / 60 % 60, width: 2)
        storage.append(UInt8(ascii: ":"))
        append(secondOfDay % 60, width: 2)
        if nanoseconds != 0 {
            storage.append(UInt8(ascii: "."))
            if nanoseconds % 1_000_000 == 0 {
                append(nanoseconds / 1_000_000, width: 3)
            } else if nanoseconds % 1000 == 0 {
                append(nanoseconds / 1000, width: 6)
            } else {
                append(nanoseconds, width: 9)
            }
        }
        if utcOffsetSeconds == 0 {
            storage.append(UInt8(ascii: "Z"))
        } else {
            let minutes = abs(utcOffsetSeconds) / 60
            storage.append(utcOffsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            append(minutes / 60, width: 2)
            storage.append(UInt8(ascii: ":"))
            append(minutes % 60, width: 2)
        }
    }

    /// Appends a JSON string literal, quotes included: `"`, `\` and control characters
    /// escaped as `JSONEncoder` escapes them (`\b`, `\t`, `\n`, `\f`, `\r`, otherwise
    /// `\u00xx`), and the other characters the package makes visible (``VisibleText``: DEL,
    /// the C1 controls, U+2028, U+2029, the bidirectional controls) as `\u007f`-style
    /// escapes, which mean the same characters; everything else, `/` and non-ASCII included,
    /// kept as it is. O(n).
    package mutating func appendJSONString(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            storage.append(UInt8(ascii: "\""))
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                    if byte == 0x7F || byte == 0xC2 || byte == 0xE2 {
                        let length = VisibleText.hiddenLength(in: UnsafeRawBufferPointer(utf8), at: index)
                        if length > 0 {
                            storage.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart ..< index]))
                            let scalar = String(decoding: UnsafeBufferPointer(rebasing: utf8[index ..< index + length]), as: UTF8.self)
                                .unicodeScalars.first!.value
                            appendUnicodeEscape(scalar)
                            index += length
                            runStart = index
                            continue
                        }
                    }
                    index += 1
                    continue
                }
                storage.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart ..< index]))
                appendJSONEscape(of: byte)
                index += 1
                runStart = index
            }
            storage.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart ..< utf8.count]))
            storage.append(UInt8(ascii: "\""))
        }
    }

    /// `\u` and the four lower-case hex digits of a scalar of the Basic Multilingual Plane.
    private mutating func appendUnicodeEscape(_ value: UInt32) {
        let hexDigits: StaticString = "0123456789abcdef"
        storage.append(UInt8(ascii: "\\"))
        storage.append(UInt8(ascii: "u"))
        for shift in [12, 8, 4, 0] { storage.append(hexDigits.utf8Start[Int(value >> UInt32(shift) & 0xF)]) }
    }

    private mutating func appendJSONEscape(of byte: UInt8) {
        storage.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): storage.append(byte)
        case 0x08: storage.append(UInt8(ascii: "b"))
        case 0x09: storage.append(UInt8(ascii: "t"))
        case 0x0A: storage.append(UInt8(ascii: "n"))
        case 0x0C: storage.append(UInt8(ascii: "f"))
        case 0x0D: storage.append(UInt8(ascii: "r"))
        default:
            let hexDigits: StaticString = "0123456789abcdef"
            storage.append(UInt8(ascii: "u"))
            storage.append(UInt8(ascii: "0"))
            storage.append(UInt8(ascii: "0"))
            storage.append(hexDigits.utf8Start[Int(byte >> 4)])
            storage.append(hexDigits.utf8Start[Int(byte & 0xF)])
        }
    }
}

extension String {
    /// `text` as a JSON string literal, quotes included (see ``UTF8Text/appendJSONString(_:)``).
    @usableFromInline package static func jsonLiteral(_ text: String) -> String {
        var buffer = UTF8Text(capacity: text.utf8.count + 2)
        buffer.appendJSONString(text)
        return buffer.string
    }
}

import Foundation

/// The ISO-8601 timestamps of the JSON contract, read and written without Foundation's
/// date formatters.
///
/// Reads `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM)`: a four-digit year from 0000 to
/// 9999, a fraction of any number of digits (the first nine, nanoseconds, are used), and
/// either `Z` or an offset from UTC. `T` and `Z` may also be lower case. Nothing else is
/// accepted: no date without a time, no time without seconds, no leap second 60.
///
/// Writes UTC with `Z`, and a fraction of three digits (milliseconds) only when the date
/// has a sub-second part: `2025-03-14T09:30:00Z`, `2025-03-14T09:30:00.250Z`. A date read
/// from the text that this type writes is the same `Date`, so dates round-trip to the
/// millisecond.
///
/// Both ``ZhiXiJSON`` and `LearnerWorkspace(jsonData:)` use this type, so the two decoders
/// produce identical dates.
public enum ISO8601Timestamp {
    /// The date that `text` names, or `nil` when `text` is not an ISO-8601 timestamp of
    /// the accepted form. O(length of `text`).
    public static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { date(fromUTF8: $0) }
    }

    /// `date` as `YYYY-MM-DDTHH:MM:SS[.mmm]Z` in UTC, rounded to the millisecond.
    ///
    /// Years outside 0000–9999 are written in ISO-8601's expanded form (a sign and at
    /// least five digits), which ``date(from:)`` does not read; ``ZhiXiJSON``'s encoder
    /// refuses such dates instead of writing them.
    public static func string(from date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendUTF8(of: date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTF-8 bytes of ``string(from:)`` to `bytes`, without building a `String`.
    static func appendUTF8(of date: Date, to bytes: inout [UInt8]) {
        let parts = CivilTime(date)
        if parts.year < 0 {
            bytes.append(UInt8(ascii: "-"))
            appendDigits(-parts.year, width: 5, to: &bytes)
        } else if parts.year > 9999 {
            bytes.append(UInt8(ascii: "+"))
            appendDigits(parts.year, width: 5, to: &bytes)
        } else {
            appendDigits(parts.year, width: 4, to: &bytes)
        }
        bytes.append(UInt8(ascii: "-"))
        appendDigits(parts.month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(parts.day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(parts.hour, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(parts.minute, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(parts.second, width: 2, to: &bytes)
        if parts.millisecond != 0 {
            bytes.append(UInt8(ascii: "."))
            appendDigits(parts.millisecond, width: 3, to: &bytes)
        }
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Appends the decimal digits of `value` (not negative), padded with zeros to `width`.
    @inline(__always)
    private static func appendDigits(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while (rest > 0 || count < width) && count < 8
            for index in stride(from: count - 1, through: 0, by: -1) {
                bytes.append(buffer[index])
            }
        }
    }

    /// `true` when ``string(from:)`` writes `date` with a four-digit year (0000–9999), the
    /// only years that ``date(from:)`` reads back.
    public static func isRepresentable(_ date: Date) -> Bool {
        (0...9999).contains(CivilTime(date).year)
    }

    /// Seconds from 1970-01-01T00:00:00Z to 2001-01-01T00:00:00Z, Foundation's reference date.
    static let secondsFrom1970ToReferenceDate: Int64 = 978_307_200

    /// Reads a timestamp from its UTF-8 bytes; `nil` when they are not one. The shared
    /// parser of both JSON decoders and the review-log reader. O(`bytes.count`), no allocation.
    public static func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        let count = bytes.count
        guard count >= 20, let base = bytes.baseAddress else { return nil }
        // Fixed part: YYYY-MM-DDTHH:MM:SS
        guard let year = digits(base, 0, 4),
              base[4] == UInt8(ascii: "-"),
              let month = digits(base, 5, 2),
              base[7] == UInt8(ascii: "-"),
              let day = digits(base, 8, 2),
              base[10] == UInt8(ascii: "T") || base[10] == UInt8(ascii: "t"),
              let hour = digits(base, 11, 2),
              base[13] == UInt8(ascii: ":"),
              let minute = digits(base, 14, 2),
              base[16] == UInt8(ascii: ":"),
              let second = digits(base, 17, 2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(month, year: year),
              hour <= 23, minute <= 59, second <= 59
        else { return nil }

        var index = 19
        var nanoseconds = 0
        if base[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            var scale = 100_000_000
            while index < count, base[index] &- UInt8(ascii: "0") < 10 {
                nanoseconds += Int(base[index] &- UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
            guard index > fractionStart, index < count else { return nil }
        }

        var offsetSeconds = 0
        switch base[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = base[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard count - index >= 4, let offsetHours = digits(base, index, 2) else { return nil }
            index += 2
            if base[index] == UInt8(ascii: ":") { index += 1 }
            guard count - index >= 2, let offsetMinutes = digits(base, index, 2),
                  offsetHours <= 23, offsetMinutes <= 59
            else { return nil }
            index += 2
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        default:
            return nil
        }
        guard index == count else { return nil }

        let days = Int64(daysSince1970(year: year, month: month, day: day))
        let secondsSince1970 = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
            - Int64(offsetSeconds)
        let whole = Double(secondsSince1970 - secondsFrom1970ToReferenceDate)
        return Date(timeIntervalSinceReferenceDate: whole + Double(nanoseconds) / 1e9)
    }

    /// The value of `width` ASCII digits at `base[start...]`, or `nil` if one is not a digit.
    @inline(__always)
    private static func digits(_ base: UnsafePointer<UInt8>, _ start: Int, _ width: Int) -> Int? {
        var value = 0
        for index in start..<(start + width) {
            let digit = base[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    private static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's
    /// `days_from_civil`).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// A date's UTC calendar fields, rounded to the millisecond.
    private struct CivilTime {
        var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, millisecond = 0

        /// Dates beyond ±3 million years (and non-finite ones) are clamped to that range.
        init(_ date: Date) {
            let limit = 1e14
            let raw = date.timeIntervalSinceReferenceDate
            let interval = raw.isNaN ? 0 : min(max(raw, -limit), limit)
            var whole = interval.rounded(.down)
            var milliseconds = Int(((interval - whole) * 1000).rounded())
            if milliseconds == 1000 {
                whole += 1
                milliseconds = 0
            }
            let seconds = Int64(whole) + ISO8601Timestamp.secondsFrom1970ToReferenceDate
            var days = seconds / 86_400
            var secondOfDay = seconds % 86_400
            if secondOfDay < 0 {
                secondOfDay += 86_400
                days -= 1
            }
            // Howard Hinnant's `civil_from_days`.
            let shifted = Int(days) + 719_468
            let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
            let dayOfEra = shifted - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let monthIndex = (5 * dayOfYear + 2) / 153
            day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
            month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
            year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
            hour = Int(secondOfDay / 3600)
            minute = Int(secondOfDay % 3600 / 60)
            second = Int(secondOfDay % 60)
            millisecond = milliseconds
        }
    }
}

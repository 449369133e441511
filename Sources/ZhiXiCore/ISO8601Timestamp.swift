import Foundation

/// The ISO-8601 timestamps of the JSON contract, read and written without Foundation's
/// date formatters.
///
/// Reads `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM)`: a four-digit year from 0000 to
/// 9999, a fraction of any number of digits (the first nine, nanoseconds, are used), and
/// either `Z` or an offset from UTC. `T` and `Z` may also be lower case. Nothing else is
/// accepted: no date without a time, no time without seconds, no leap second 60.
///
/// Writes UTC with `Z`, at one of two precisions:
/// - ``Precision/nanoseconds``, **the form of every JSON date the package writes** (the domain
///   model's contract and the scheduler's persisted state): the shortest fraction (none, 3,
///   6 or 9 digits) that reads back as the very same `Date`. A date at a whole millisecond is
///   written to the millisecond, `2025-03-14T09:30:00.250Z`; a `Date()` stamp gets the digits
///   it needs, so a record stamped with `Date()` survives a save and a load unchanged.
/// - ``Precision/milliseconds`` (``string(from:)``, ``append(_:to:)``): rounded to the
///   millisecond, a fraction of three digits only when not zero, for messages and text meant
///   for people; dates round-trip to the millisecond.
///
/// Both `ZhiXiJSON` (ZhiXiModel) and `LearnerWorkspace(jsonData:)` use this type, so the two decoders
/// produce identical dates.
@usableFromInline package enum ISO8601Timestamp {
    /// The date that `text` names, or `nil` when `text` is not an ISO-8601 timestamp of
    /// the accepted form. O(length of `text`).
    @usableFromInline package static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { date(fromUTF8: $0) }
    }

    /// `date` as `YYYY-MM-DDTHH:MM:SS[.mmm]Z` in UTC, rounded to the millisecond.
    ///
    /// Years outside 0000–9999 are written in ISO-8601's expanded form (a sign and at
    /// least five digits), which ``date(from:)`` does not read; `ZhiXiJSON` (ZhiXiModel)'s encoder
    /// refuses such dates instead of writing them.
    @usableFromInline package static func string(from date: Date) -> String {
        var text = UTF8Text(capacity: 24)
        append(date, to: &text)
        return text.string
    }

    /// How finely ``string(from:precision:)`` writes the part of a second.
    @usableFromInline package enum Precision: Sendable, Hashable {
        /// Rounded to the millisecond, `.mmm` only when not zero: text for people and
        /// messages.
        case milliseconds
        /// To the nanosecond, with the fewest of 3, 6 or 9 digits that read back as the same
        /// `Date` (none when the fraction is zero): a `Date` reads back bit for bit, except
        /// within about 100 days of 2001-01-01, where a `Date` holds finer than nanoseconds.
        /// The form of every JSON date of the package: the domain model's contract and the
        /// scheduler's persisted state.
        case nanoseconds
    }

    /// `date` as `YYYY-MM-DDTHH:MM:SS[.fraction]Z` in UTC, with the fraction of a second at
    /// `precision`. Years outside 0000–9999 are written as ``string(from:)`` writes them.
    @usableFromInline package static func string(from date: Date, precision: Precision) -> String {
        var text = UTF8Text(capacity: 30)
        append(date, precision: precision, to: &text)
        return text.string
    }

    /// Appends ``string(from:)`` to `text`, without building a `String`.
    @usableFromInline package static func append(_ date: Date, to text: inout UTF8Text) {
        append(date, precision: .milliseconds, to: &text)
    }

    /// Appends ``string(from:precision:)`` to `text`, without building a `String`.
    @usableFromInline package static func append(_ date: Date, precision: Precision, to text: inout UTF8Text) {
        switch precision {
        case .milliseconds:
            let parts = WholeSecondsAndFraction(date, unitsPerSecond: 1000)
            text.appendISO8601(wholeSecondsSince1970: parts.seconds, nanoseconds: parts.units * 1_000_000)
        case .nanoseconds:
            // The shortest of milliseconds, microseconds and nanoseconds that reads back as
            // this very Date, as `date(from:)` reads it.
            var parts = WholeSecondsAndFraction(date, unitsPerSecond: 1_000_000_000)
            let reference = Double(parts.seconds - Int(secondsFrom1970ToReferenceDate))
            for divisor in [1_000_000, 1000] {
                let rounded = (parts.units + divisor / 2) / divisor * divisor
                if rounded < 1_000_000_000,
                   Date(timeIntervalSinceReferenceDate: reference + Double(rounded) / 1e9) == date {
                    parts.units = rounded
                    break
                }
            }
            text.appendISO8601(wholeSecondsSince1970: parts.seconds, nanoseconds: parts.units)
        }
    }

    /// `true` when ``string(from:)`` and ``string(from:precision:)`` at both precisions write
    /// `date` with a four-digit year (0000–9999), the only years that ``date(from:)`` reads
    /// back. The precisions differ at the edges: rounding to the millisecond may carry into
    /// the next year, while the nanosecond form keeps a date a fraction of a second before
    /// 0000-01-01 in the year before.
    @usableFromInline package static func isRepresentable(_ date: Date) -> Bool {
        for unitsPerSecond in [1000, 1_000_000_000] {
            let seconds = WholeSecondsAndFraction(date, unitsPerSecond: unitsPerSecond).seconds
            let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
            guard (0...9999).contains(CivilDate(daysSince1970: days).year) else { return false }
        }
        return true
    }

    /// Seconds from 1970-01-01T00:00:00Z to 2001-01-01T00:00:00Z, Foundation's reference date.
    static let secondsFrom1970ToReferenceDate: Int64 = 978_307_200

    /// Reads a timestamp from its UTF-8 bytes; `nil` when they are not one. The shared
    /// parser of both JSON decoders and the review-log reader. O(`bytes.count`), no allocation.
    @usableFromInline package static func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
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
        guard CivilDate(year: year, month: month, day: day).isValid, hour <= 23, minute <= 59, second <= 59
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

        let days = Int64(CivilDate(year: year, month: month, day: day).daysSince1970)
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

    /// A date as whole seconds since 1970 and a count of `unitsPerSecond` parts of a second,
    /// rounded from Foundation's reference date (2001), where a `Date` keeps its precision.
    /// Dates beyond ±3 million years (and non-finite ones) are clamped to that range.
    private struct WholeSecondsAndFraction {
        var seconds: Int
        var units: Int

        init(_ date: Date, unitsPerSecond: Int) {
            let limit = 1e14
            let raw = date.timeIntervalSinceReferenceDate
            let interval = raw.isNaN ? 0 : min(max(raw, -limit), limit)
            var whole = interval.rounded(.down)
            var units = Int(((interval - whole) * Double(unitsPerSecond)).rounded())
            if units == unitsPerSecond {
                whole += 1
                units = 0
            }
            seconds = Int(whole) + Int(ISO8601Timestamp.secondsFrom1970ToReferenceDate)
            self.units = units
        }
    }
}

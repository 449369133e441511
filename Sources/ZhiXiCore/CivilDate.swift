/// A date of the proleptic Gregorian calendar — year, month, day, no time and no time zone —
/// with the arithmetic every layer needs: to and from a count of days since 1970-01-01, the
/// weekday, month lengths.
///
/// The conversions are Howard Hinnant's `days_from_civil` and `civil_from_days`: exact for
/// every year an `Int` holds, O(1), no allocation, no Foundation calendar.
///
/// ```swift
/// let date = CivilDate(daysSince1970: 20_421)   // 2025-11-29
/// date.weekday                                   // 7 (Saturday)
/// CivilDate(year: 2026, month: 3, day: 1).daysSince1970 - date.daysSince1970   // 92
/// ```
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year; 0 is 1 BC, as ISO 8601 numbers them.
    public var year: Int
    /// The month, 1 (January) to 12.
    public var month: Int
    /// The day of the month, 1 to 31.
    public var day: Int

    /// A date from its fields, unchecked (see ``isValid``).
    @inlinable
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (negative: before it). O(1).
    @inlinable
    public init(daysSince1970 days: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days from 1970-01-01 to this date (negative before it). O(1).
    @inlinable
    public var daysSince1970: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The weekday, 1 = Sunday … 7 = Saturday (Foundation's numbering).
    @inlinable
    public var weekday: Int { CivilDate.weekday(daysSince1970: daysSince1970) }

    /// The weekday of the date `days` days after 1970-01-01 (a Thursday), 1 = Sunday … 7 = Saturday.
    @inlinable
    public static func weekday(daysSince1970 days: Int) -> Int {
        ((days % 7 + 7 + 4) % 7) + 1
    }

    /// The date written `YYYY-MM-DD` (ISO 8601's calendar date, four-digit year), or `nil`
    /// when `text` is not such a date or names a day that does not exist (`2026-02-30`).
    public init?(iso8601Date text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = number(0 ..< 4), let month = number(5 ..< 7), let day = number(8 ..< 10) else { return nil }
        self.init(year: year, month: month, day: day)
        guard isValid else { return nil }
    }

    /// Whether the month is 1–12 and the day exists in it.
    @inlinable
    public var isValid: Bool {
        (1...12).contains(month) && day >= 1 && day <= CivilDate.daysInMonth(month, year: year)
    }

    /// Whether `year` has a 29 February.
    @inlinable
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days of `month` (1–12) in `year`.
    @inlinable
    public static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Earlier dates first.
    @inlinable
    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        var text = UTF8Text(capacity: 10)
        text.appendDate(self)
        return text.string
    }
}

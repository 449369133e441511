// ISO8601Timestamp (ZhiXiCore), the timestamp parser of both JSON decoders and the review-log
// readers, against a reference written here from its documented grammar:
// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM)`, a year 0000–9999 of the proleptic
// Gregorian calendar, a real day of that month, hours ≤ 23, minutes and seconds ≤ 59, offsets
// up to ±23:59, `T` and `Z` in either case, a fraction of one digit or more of which the first
// nine count (truncated). The two must accept the same texts and give the same instant; from
// 1583 on (Foundation's Gregorian calendar is Julian before), Foundation's Calendar must agree
// on the whole seconds. A parsed date must also read back from what the writer makes of it:
// to the bit at nanosecond precision, to the millisecond at millisecond precision (years
// 0000–9999 in UTC, the only ones the writer's form reads). date(from: String) must agree with
// date(fromUTF8:) on valid UTF-8.
import ZhiXiCore
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzISO8601(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let text = String(decoding: bytes, as: UTF8.self)
    let parsed = ISO8601Timestamp.date(fromUTF8: bytes)
    if Array(text.utf8).elementsEqual(bytes) {
        fuzzCheck(ISO8601Timestamp.date(from: text) == parsed, "date(from:) and date(fromUTF8:) disagree on \(fuzzQuoted(text))")
    }
    let expected = ReferenceTimestamp(Array(bytes))
    switch (parsed, expected) {
    case (nil, nil):
        return 0
    case (let parsed?, nil):
        fuzzFinding("the parser reads \(fuzzQuoted(text)) as \(parsed.timeIntervalSinceReferenceDate), the reference refuses it")
    case (nil, let expected?):
        fuzzFinding("the parser refuses \(fuzzQuoted(text)), the reference reads \(expected)")
    case (let parsed?, let expected?):
        fuzzCheck(parsed.timeIntervalSinceReferenceDate.bitPattern == expected.date.timeIntervalSinceReferenceDate.bitPattern,
                  "the parser reads \(fuzzQuoted(text)) as \(parsed.timeIntervalSinceReferenceDate), the reference as "
                      + "\(expected.date.timeIntervalSinceReferenceDate)")
        expected.checkWithCalendar()
        checkWriting(parsed, text: text)
    }
    return 0
}

/// What the writer makes of a parsed date must read back.
func checkWriting(_ date: Date, text: String) {
    guard ISO8601Timestamp.isRepresentable(date) else { return }
    let precise = ISO8601Timestamp.string(from: date, precision: .nanoseconds)
    fuzzCheck(ISO8601Timestamp.date(from: precise) == date,
              "\(fuzzQuoted(text)) is written \(precise), which reads back as "
                  + "\(ISO8601Timestamp.date(from: precise).map { "\($0.timeIntervalSinceReferenceDate)" } ?? "nothing"), "
                  + "not \(date.timeIntervalSinceReferenceDate)")
    let rounded = ISO8601Timestamp.string(from: date)
    guard let back = ISO8601Timestamp.date(from: rounded) else {
        // Rounding to the millisecond may carry into the year 10000.
        fuzzCheck(!ISO8601Timestamp.isRepresentable(date.addingTimeInterval(0.0005)), "\(rounded) does not read back")
        return
    }
    let tolerance = 0.0005 + 4 * date.timeIntervalSinceReferenceDate.magnitude.ulp
    fuzzCheck(abs(back.timeIntervalSince(date)) <= tolerance,
              "\(fuzzQuoted(text)) is written \(rounded), which is \(back.timeIntervalSince(date)) s away")
}

/// The reference reading of a timestamp.
struct ReferenceTimestamp: CustomStringConvertible {
    var year, month, day, hour, minute, second: Int
    var nanoseconds: Int
    var offsetSeconds: Int

    init?(_ bytes: [UInt8]) {
        // Fixed fields by position, as text.
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            let digits = bytes[range]
            guard digits.allSatisfy({ (0x30 ... 0x39).contains($0) }) else { return nil }
            return Int(String(decoding: digits, as: UTF8.self))
        }
        func byte(_ index: Int, _ allowed: String) -> Bool {
            index < bytes.count && Array(allowed.utf8).contains(bytes[index])
        }
        guard let year = number(0 ..< 4), byte(4, "-"), let month = number(5 ..< 7), byte(7, "-"), let day = number(8 ..< 10),
              byte(10, "Tt"), let hour = number(11 ..< 13), byte(13, ":"), let minute = number(14 ..< 16), byte(16, ":"),
              let second = number(17 ..< 19)
        else { return nil }
        let daysInMonth = [31, Self.isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1 ... 12).contains(month), (1 ... daysInMonth[month - 1]).contains(day), hour <= 23, minute <= 59, second <= 59
        else { return nil }
        var rest = Array(bytes[19...])
        var nanoseconds = 0
        if rest.first == UInt8(ascii: ".") {
            let digits = rest.dropFirst().prefix { (0x30 ... 0x39).contains($0) }
            guard !digits.isEmpty else { return nil }
            let nine = Array(digits.prefix(9)) + Array(repeating: UInt8(ascii: "0"), count: max(0, 9 - digits.count))
            nanoseconds = Int(String(decoding: nine, as: UTF8.self))!
            rest = Array(rest.dropFirst(1 + digits.count))
        }
        var offsetSeconds = 0
        switch String(decoding: rest, as: UTF8.self) {
        case "Z", "z":
            break
        default:
            guard rest.count == 5 || rest.count == 6, rest[0] == UInt8(ascii: "+") || rest[0] == UInt8(ascii: "-") else { return nil }
            let minutesStart = rest.count == 6 ? 4 : 3
            if rest.count == 6 { guard rest[3] == UInt8(ascii: ":") else { return nil } }
            let fields = [rest[1 ..< 3], rest[minutesStart ..< minutesStart + 2]]
            guard fields.allSatisfy({ $0.allSatisfy { (0x30 ... 0x39).contains($0) } }),
                  let hours = Int(String(decoding: fields[0], as: UTF8.self)),
                  let minutes = Int(String(decoding: fields[1], as: UTF8.self)),
                  hours <= 23, minutes <= 59
            else { return nil }
            offsetSeconds = (rest[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
        }
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
        self.nanoseconds = nanoseconds
        self.offsetSeconds = offsetSeconds
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Days from 0000-01-01 to the first day of `year` (year 0 is a leap year).
    static func daysBefore(year: Int) -> Int {
        guard year > 0 else { return 0 }
        let previous = year - 1
        return 365 * year + (previous / 4 + 1) - (previous / 100 + 1) + (previous / 400 + 1)
    }

    /// The instant's whole seconds since 1970-01-01T00:00:00Z.
    var wholeSecondsSince1970: Int {
        let monthLengths = [31, Self.isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        let dayOfYear = monthLengths.prefix(month - 1).reduce(0, +) + day - 1
        let days = Self.daysBefore(year: year) + dayOfYear - Self.daysBefore(year: 1970)
        return days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
    }

    var date: Date {
        Date(timeIntervalSinceReferenceDate: Double(wholeSecondsSince1970 - 978_307_200) + Double(nanoseconds) / 1e9)
    }

    /// Foundation's Gregorian calendar on the whole seconds, from 1583 on.
    func checkWithCalendar() {
        guard year >= 1583 else { return }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let whole = calendar.date(from: components) else { fuzzFinding("Foundation's calendar has no date \(self)") }
        let seconds = whole.timeIntervalSince1970 - Double(offsetSeconds)
        fuzzCheck(seconds == Double(wholeSecondsSince1970),
                  "Foundation's calendar puts \(self) at \(seconds) s since 1970, the reference at \(wholeSecondsSince1970)")
    }

    var description: String {
        "\(year)-\(month)-\(day) \(hour):\(minute):\(second) +\(nanoseconds) ns, offset \(offsetSeconds) s"
    }
}

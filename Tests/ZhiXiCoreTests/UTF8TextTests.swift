import Foundation
import Testing
import ZhiXiCore

@Suite("UTF-8 text: numbers, times and JSON strings written without Foundation")
struct UTF8TextTests {
    @Test("whole numbers, padded", arguments: [
        (0, 1, "0"), (7, 2, "07"), (-7, 2, "-07"), (123, 2, "123"), (Int.min, 1, "-9223372036854775808"),
        (Int.max, 1, "9223372036854775807"), (2026, 4, "2026"), (5, 5, "00005"),
    ])
    func integers(value: Int, width: Int, expected: String) {
        var text = UTF8Text()
        text.append(value, width: width)
        #expect(text.string == expected)
    }

    @Test("fixed decimals round halves away from zero", arguments: [
        (9.25, 1, "9.3"), (9.24, 1, "9.2"), (-9.25, 1, "-9.3"), (-0.04, 1, "0.0"), (0.1, 0, "0"), (2.5, 0, "3"),
        (1.0 / 3, 6, "0.333333"), (12.0, 4, "12.0000"), (Double.nan, 2, "nan"), (-Double.infinity, 2, "-inf"),
        (0.0001, 3, "0.000"), (0.0005, 3, "0.001"),
    ])
    func fixed(value: Double, decimals: Int, expected: String) {
        var text = UTF8Text()
        text.appendFixed(value, decimals: decimals)
        #expect(text.string == expected)
    }

    @Test("ISO 8601 in UTC and with an offset, to the second or with milliseconds")
    func iso8601() {
        func write(_ seconds: Double, offset: Int = 0, fraction: UTF8Text.SecondFraction = .none) -> String {
            var text = UTF8Text()
            text.appendISO8601(secondsSince1970: seconds, utcOffsetSeconds: offset, fraction: fraction)
            return text.string
        }
        #expect(write(1_764_475_200) == "2025-11-30T04:00:00Z")
        #expect(write(1_764_475_200, offset: 8 * 3600) == "2025-11-30T12:00:00+08:00")
        #expect(write(1_764_475_200, offset: -(3 * 3600 + 1800)) == "2025-11-30T00:30:00-03:30")
        #expect(write(1_764_475_200.9) == "2025-11-30T04:00:00Z")
        #expect(write(1_764_475_200.25, fraction: .millisecondsWhenNonZero) == "2025-11-30T04:00:00.250Z")
        #expect(write(1_764_475_200.9996, fraction: .millisecondsWhenNonZero) == "2025-11-30T04:00:01Z")
        #expect(write(-1) == "1969-12-31T23:59:59Z")
    }

    @Test("JSON strings are escaped exactly as JSONEncoder escapes them")
    func jsonStrings() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        var samples = ["", "plain", "引号\"与\\反斜杠", "tab\tline\nreturn\rfeed\u{0C}back\u{08}", "a/b", "emoji 😀", "nul\u{0}"]
        samples.append(String(decoding: (0 ..< 0x20).map { UInt8($0) }, as: UTF8.self))
        for sample in samples {
            let expected = String(decoding: try encoder.encode(sample), as: UTF8.self)
            #expect(String.jsonLiteral(sample) == expected)
        }
    }
}

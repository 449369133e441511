import ZhiXiCore
import Foundation
import Testing


@Suite("ISO-8601 timestamps")
struct ISO8601TimestampTests {
    /// 2025-03-14T09:30:00Z in seconds since 1970.
    static let reference: TimeInterval = 1_741_944_600

    @Test(
        "reads Z, offsets and fractions of any length",
        arguments: [
            ("2025-03-14T09:30:00Z", reference),
            ("2025-03-14T09:30:00z", reference),
            ("2025-03-14t09:30:00Z", reference),
            ("2025-03-14T09:30:00.000Z", reference),
            ("2025-03-14T09:30:00.5Z", reference + 0.5),
            ("2025-03-14T09:30:00.250Z", reference + 0.25),
            ("2025-03-14T09:30:00.123456Z", reference + 0.123456),
            ("2025-03-14T09:30:00.123456789123Z", reference + 0.123456789),
            ("2025-03-14T17:30:00+08:00", reference),
            ("2025-03-14T17:30:00+0800", reference),
            ("2025-03-14T17:30:00.250+08:00", reference + 0.25),
            ("2025-03-14T04:00:00-05:30", reference),
            ("2025-03-14T09:30:00+00:00", reference),
            ("2025-03-14T09:30:00-00:00", reference),
            ("1970-01-01T00:00:00Z", 0),
            ("1969-12-31T23:59:59Z", -1),
            ("2000-02-29T00:00:00Z", 951_782_400),
            ("0000-01-01T00:00:00Z", -62_167_219_200),
            ("9999-12-31T23:59:59Z", 253_402_300_799),
        ]
    )
    func reads(text: String, secondsSince1970: TimeInterval) throws {
        let date = try #require(ISO8601Timestamp.date(from: text))
        #expect(abs(date.timeIntervalSince1970 - secondsSince1970) < 1e-6)
    }

    @Test(
        "refuses anything else",
        arguments: [
            "", "2025-03-14", "2025-03-14T09:30Z", "2025-03-14T09:30:00", "2025-03-14 09:30:00Z",
            "2025-3-14T09:30:00Z", "2025-03-14T09:30:00.Z", "2025-03-14T09:30:00ZZ",
            "2025-03-14T09:30:00+8:00", "2025-03-14T09:30:00+08", "2025-03-14T09:30:00+08:0",
            "2025-03-14T09:30:00+24:00", "2025-03-14T09:30:00+08:60", "2025-13-14T09:30:00Z",
            "2025-00-14T09:30:00Z", "2025-02-29T09:30:00Z", "2025-04-31T09:30:00Z",
            "2025-03-00T09:30:00Z", "2025-03-14T24:00:00Z", "2025-03-14T09:60:00Z",
            "2025-03-14T09:30:60Z", "+2025-03-14T09:30:00Z", "２０２５-03-14T09:30:00Z",
            " 2025-03-14T09:30:00Z", "2025-03-14T09:30:00Z ", "yesterday",
        ]
    )
    func refuses(text: String) {
        #expect(ISO8601Timestamp.date(from: text) == nil)
    }

    @Test(
        "writes UTC, with milliseconds only for a sub-second part",
        arguments: [
            ("2025-03-14T09:30:00Z", "2025-03-14T09:30:00Z"),
            ("2025-03-14T17:30:00+08:00", "2025-03-14T09:30:00Z"),
            ("2025-03-14T09:30:00.5Z", "2025-03-14T09:30:00.500Z"),
            ("2025-03-14T09:30:00.0004Z", "2025-03-14T09:30:00Z"),
            ("2025-03-14T09:30:00.9996Z", "2025-03-14T09:30:01Z"),
            ("2024-12-31T23:59:59.999Z", "2024-12-31T23:59:59.999Z"),
            ("1969-12-31T23:59:59.250Z", "1969-12-31T23:59:59.250Z"),
            ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z"),
            ("2000-02-29T12:00:00Z", "2000-02-29T12:00:00Z"),
        ]
    )
    func writes(text: String, written: String) {
        #expect(ISO8601Timestamp.string(from: timestamp(text)) == written)
    }

    @Test("round trips keep every date to the millisecond and are stable after one pass")
    func roundTrips() throws {
        var generator = SplitMix64(seed: 2025)
        for _ in 0..<2000 {
            let original = Date(timeIntervalSince1970: Double.random(in: -1e10...1e10, using: &generator))
            let once = try #require(ISO8601Timestamp.date(from: ISO8601Timestamp.string(from: original)))
            #expect(abs(once.timeIntervalSince(original)) <= 0.0005 + 1e-6)
            let twice = try #require(ISO8601Timestamp.date(from: ISO8601Timestamp.string(from: once)))
            #expect(twice == once)
        }
    }

    @Test("years the contract cannot hold are flagged and written in expanded form")
    func outOfRange() {
        let farFuture = Date(timeIntervalSince1970: 300_000_000_000)
        #expect(!ISO8601Timestamp.isRepresentable(farFuture))
        #expect(ISO8601Timestamp.string(from: farFuture).hasPrefix("+11476-"))
        #expect(ISO8601Timestamp.isRepresentable(Date.distantPast))
        #expect(ISO8601Timestamp.isRepresentable(Date.distantFuture))
    }

    @Test("a date is representable only when both precisions write a four-digit year (fuzz target review-archive-csv)")
    func representableAtBothPrecisions() {
        // 0.1 ms before 0000-01-01: to the millisecond it rounds into the year 0000, to the
        // nanosecond it stays in the year -1, which no reader takes back.
        let justBefore = timestamp("0000-01-01T00:59:59.9999+01:00")
        #expect(ISO8601Timestamp.string(from: justBefore) == "0000-01-01T00:00:00Z")
        #expect(ISO8601Timestamp.string(from: justBefore, precision: .nanoseconds).hasPrefix("-00001-12-31T23:59:59.9999"))
        #expect(!ISO8601Timestamp.isRepresentable(justBefore))
        #expect(ISO8601Timestamp.isRepresentable(timestamp("0000-01-01T00:00:00Z")))
        // 0.4 ms before 10000-01-01: the millisecond form carries into the year 10000.
        let justBeforeTheEnd = timestamp("9999-12-31T23:59:59.9996Z")
        #expect(!ISO8601Timestamp.isRepresentable(justBeforeTheEnd))
        #expect(ISO8601Timestamp.isRepresentable(timestamp("9999-12-31T23:59:59.999Z")))
    }
}

/// The date an ISO-8601 timestamp names; stops the test run if the text is not one.
func timestamp(_ text: String) -> Date {
    guard let date = ISO8601Timestamp.date(from: text) else {
        preconditionFailure("not an ISO-8601 timestamp: \(text)")
    }
    return date
}

@Suite("ISO-8601 timestamps to the nanosecond")
struct ISO8601NanosecondTests {
    @Test("the fraction is written with the fewest of 3, 6 or 9 digits", arguments: [
        ("2025-03-14T09:30:00Z", "2025-03-14T09:30:00Z"),
        ("2025-03-14T09:30:00.25Z", "2025-03-14T09:30:00.250Z"),
        ("2025-03-14T09:30:00.000125Z", "2025-03-14T09:30:00.000125Z"),
    ])
    func fractions(text: String, written: String) {
        #expect(ISO8601Timestamp.string(from: timestamp(text), precision: .nanoseconds) == written)
    }

    @Test("every Date of 1970–2100 reads back bit for bit (but within 100 days of 2001, finer than nanoseconds)")
    func exactRoundTrips() throws {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<5000 {
            let original = Date(timeIntervalSince1970: Double.random(in: 0 ... 4.1e9, using: &generator))
            guard abs(original.timeIntervalSinceReferenceDate) > 100 * 86_400 else { continue }
            let text = ISO8601Timestamp.string(from: original, precision: .nanoseconds)
            #expect(ISO8601Timestamp.date(from: text) == original, "\(text)")
        }
        let now = Date()
        #expect(ISO8601Timestamp.date(from: ISO8601Timestamp.string(from: now, precision: .nanoseconds)) == now)
    }
}

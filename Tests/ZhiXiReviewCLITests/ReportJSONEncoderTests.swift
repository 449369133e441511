import Foundation
import Testing
@testable import ZhiXiReviewCLI

@Suite("ReportJSONEncoder: the one writer of the commands' JSON reports")
struct ReportJSONEncoderTests {
    struct Inner: Encodable {
        var score: ReportNumber
        var tags: [String]
    }

    struct Report: Encodable {
        var zeta = "first"
        var alpha = 2
        var missing: String? = nil
        var none = ReportNumber.fixed(nil, 6)
        var when = Date(timeIntervalSince1970: 0)
        var inner = Inner(score: .fixed(0.5, 3), tags: ["a\"b", "c"])
    }

    @Test("members in declaration order, nil left out, ReportNumber's null, dates in UTC, strings escaped")
    func spaced() throws {
        #expect(try ReportJSONEncoder(style: .spaced).text(Report())
            == #"{"zeta": "first", "alpha": 2, "none": null, "when": "1970-01-01T00:00:00Z", "inner": {"score": 0.500, "tags": ["a\"b", "c"]}}"#)
    }

    @Test("compact: no spaces, for JSON lines")
    func compact() throws {
        #expect(try ReportJSONEncoder(style: .compact).text(Inner(score: .shortest(.nan), tags: [])) == #"{"score":null,"tags":[]}"#)
    }

    @Test("element per line: a top-level array, one element a line; an empty one is []")
    func elementPerLine() throws {
        let encoder = ReportJSONEncoder(style: .elementPerLine)
        #expect(try encoder.text([Inner(score: .whole(3), tags: ["x"]), Inner(score: .whole(nil), tags: [])])
            == "[\n  {\"score\": 3, \"tags\": [\"x\"]},\n  {\"score\": null, \"tags\": []}\n]")
        #expect(try encoder.text([Inner]()) == "[]")
    }

    /// A value laid out as it asks, holding values laid out as they ask.
    struct LaidOut<Value: Encodable>: JSONLaidOut {
        var jsonLayout: JSONLayout
        var value: Value

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    struct Pairs: Encodable {
        var mean = 1
        var meanDeviation = 2
        var total = 3
        var totalDeviation = 4
    }

    struct Point: Encodable {
        var retention = 0.9
        var summary: LaidOut<Pairs>
        var series: LaidOut<[Int]>
        var notes: LaidOut<[String]>
    }

    @Test("laid out on lines: members per line, pairs per line, breaks from a position, compact arrays; two spaces a level")
    func laidOut() throws {
        let point = Point(summary: LaidOut(jsonLayout: JSONLayout(lineBreaks: .every(2)), value: Pairs()),
                          series: LaidOut(jsonLayout: .compactLine, value: [1, 2, 3]),
                          notes: LaidOut(jsonLayout: .memberPerLine, value: []))
        let document = LaidOut(jsonLayout: .memberPerLine, value: [
            LaidOut(jsonLayout: JSONLayout(lineBreaks: .from(2)), value: point),
        ])
        #expect(try ReportJSONEncoder(style: .spaced).text(document) == """
            [
              {"retention": 0.9, "summary": {
                  "mean": 1, "meanDeviation": 2,
                  "total": 3, "totalDeviation": 4
                },
                "series": [1,2,3],
                "notes": []}
            ]
            """)
        #expect(try ReportJSONEncoder(style: .spaced).text(LaidOut(jsonLayout: .memberPerLine, value: Pairs()))
            == "{\n  \"mean\": 1,\n  \"meanDeviation\": 2,\n  \"total\": 3,\n  \"totalDeviation\": 4\n}")
    }

    @Test("what it writes is JSON that reads back")
    func readsBack() throws {
        let text = try ReportJSONEncoder(style: .spaced).text(Report())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["alpha"] as? Int == 2)
        #expect(object["missing"] == nil)
    }
}

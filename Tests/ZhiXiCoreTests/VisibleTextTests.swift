import Foundation
import Testing
import ZhiXiCore

/// Issue 28, class 2: the package's one rule for text from outside, and its JSON and edge forms.
@Suite("VisibleText: the one rule for text from outside")
struct VisibleTextTests {
    @Test("hidden: C0, DEL, C1, the line and paragraph separators, the bidirectional controls; nothing else")
    func hidden() {
        for value: UInt32 in [0, 7, 0x1B, 0x0D, 0x0A, 0x7F, 0x85, 0x9B, 0x2028, 0x2029, 0x202A, 0x202E, 0x2066, 0x2069] {
            #expect(VisibleText.isHidden(value), "U+\(String(value, radix: 16))")
        }
        for value: UInt32 in [0x20, 0x41, 0xA0, 0x2014, 0x201C, 0x2027, 0x202F, 0x2065, 0x206A, 0x6797, 0x1F600] {
            #expect(!VisibleText.isHidden(value), "U+\(String(value, radix: 16))")
        }
    }

    @Test("made visible as escapes; line breaks kept only when asked")
    func escaping() {
        #expect("a\u{202E}b\u{2066}c\u{2028}d\u{9B}e".escapingControlCharacters() == "a\\u{202E}b\\u{2066}c\\u{2028}d\\u{9B}e")
        #expect("x\ny\tz".escapingControlCharacters() == "x\\ny\\tz")
        #expect("x\ny\tz\u{202E}".escapingControlCharacters(keepingLineBreaks: true) == "x\ny\tz\\u{202E}")
        #expect("林晓 “引号” — 破折号".escapingControlCharacters() == "林晓 “引号” — 破折号")
    }

    @Test("at the edge: JSON-style escapes that a JSON string reads back as the same text; LF, tab and CRLF kept")
    func edge() throws {
        let text = "{\"k\": \"a\u{202E}b\u{7F}c\u{9B}\"}\r\n\tline\rover"
        let safe = text.escapingHiddenCharactersAtEdge()
        #expect(safe == "{\"k\": \"a\\u202Eb\\u007Fc\\u009B\"}\r\n\tline\\u000Dover")
        let firstLine = try #require(safe.split(separator: "\r\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(firstLine.utf8)) as? [String: String])
        #expect(object["k"] == "a\u{202E}b\u{7F}c\u{9B}")
        #expect("plain 林晓\n".escapingHiddenCharactersAtEdge() == "plain 林晓\n")
    }

    @Test("the JSON writer escapes DEL, C1, the separators and the bidirectional controls; the value reads back unchanged")
    func jsonWriter() throws {
        let value = "t\u{202E}\u{2066}\u{2028}\u{2029}\u{7F}\u{85}x “y” 林"
        let literal = String.jsonLiteral(value)
        #expect(!literal.unicodeScalars.contains { VisibleText.isHidden($0.value) })
        #expect(literal.contains("\\u202e") && literal.contains("\\u007f"))
        #expect(try JSONDecoder().decode(String.self, from: Data(literal.utf8)) == value)
    }

    @Test("a value quoted in a message is made visible and cut, with its length said")
    func quoted() {
        #expect("a\nb".quotedForMessage() == "a\\nb")
        let huge = String(repeating: "x", count: 100_000)
        let shown = huge.quotedForMessage()
        #expect(shown.count < 200 && shown.hasSuffix("… (100000 bytes)"))
    }

    @Test("a CSV header naming a column the reader uses twice")
    func repeatedColumn() {
        #expect(CSVHeaderNames.firstRepeated(in: ["a", "b", "a"], among: ["a", "b"]) == "a")
        #expect(CSVHeaderNames.firstRepeated(in: ["note", "note", "a"], among: ["a"]) == nil, "ignored columns may repeat")
    }

    @Test("the supported years: 1900–2200")
    func years() {
        #expect(SupportedYears.contains(secondsSince1970: 0) && SupportedYears.contains(CivilDate(year: 2200, month: 12, day: 31)))
        #expect(!SupportedYears.contains(secondsSince1970: SupportedYears.limitSecondsSince1970))
        #expect(!SupportedYears.contains(CivilDate(year: 1, month: 1, day: 1)) && !SupportedYears.contains(CivilDate(year: 9999, month: 1, day: 1)))
    }
}
